ALTER TABLE "import_jobs" ADD COLUMN "changed_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "changes" jsonb;