-- A checked file run for real (POST /v1/admin/imports/{id}/run) no longer copies its dry run's file: its source is
-- null and the job reads its dry run's (checked_job_id). A 50,000-row file is about 4.7 MB; on the embedded database
-- its copy held the one connection about half a second, reading it back as long again.
ALTER TABLE "import_jobs" ALTER COLUMN "source" DROP NOT NULL;