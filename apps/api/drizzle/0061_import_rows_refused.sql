-- A job's page shows its refused rows first, then the others in file order (GET /v1/admin/imports/{id}, polled each
-- second while a job runs). Sorted whole, it read every row of the job (about 20 ms for 10,000 rows on the embedded
-- database, holding its one connection); now the refused rows come from this index and the others from the key.
CREATE INDEX "import_rows_refused_idx" ON "import_rows" USING btree ("job_id","row_number") WHERE "import_rows"."outcome" = 'refused';
