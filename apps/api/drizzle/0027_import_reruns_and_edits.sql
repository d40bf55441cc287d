-- Issue 42, findings 6 and 7: a dry run is run for real once (import_jobs.checked_job_id, unique), and an import
-- tells a staff member's edit since an export from a sale (products.edited_at). A product's changes before this
-- one are dated by its updated_at, sales included: an export made before it refuses the rows changed since.
ALTER TABLE "import_jobs" ADD COLUMN "checked_job_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
UPDATE "products" SET "edited_at" = "updated_at";--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_checked_job_uq" ON "import_jobs" USING btree ("checked_job_id");
