-- An import job's file is kept gzipped (made in the thread that reads the upload) instead of as plain CSV text. On
-- the embedded database a 10,000-row export (8.9 MB) written as text held the one connection every shopper's read
-- waits for about half a second, and reading it back for the runner another 90 ms; gzipped (level 1) it is a quarter
-- of that, kept as it comes (EXTERNAL: no second compression tried). `source` stays for jobs queued before this.
ALTER TABLE "import_jobs" ADD COLUMN "source_packed" bytea;--> statement-breakpoint
ALTER TABLE "import_jobs" ALTER COLUMN "source_packed" SET STORAGE EXTERNAL;
