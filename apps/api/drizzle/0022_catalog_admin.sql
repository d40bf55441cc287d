CREATE TABLE "import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"file_name" varchar(200) NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" varchar(20) DEFAULT 'queued' NOT NULL,
	"source" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"error" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_status_check" CHECK ("import_jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"job_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"product_id" integer,
	"reasons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "import_rows_job_id_row_number_pk" PRIMARY KEY("job_id","row_number"),
	CONSTRAINT "import_rows_outcome_check" CHECK ("import_rows"."outcome" in ('added', 'changed', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "large_url" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_status_idx" ON "import_jobs" USING btree ("status","id");--> statement-breakpoint
-- What the back office edits beside products shows on cached pages at once (decision 009): a product's
-- specifications, the page settings (home sliders, banners, about us), branches and delivery zones move the
-- catalog version as products, categories and brands do.
CREATE TRIGGER specifications_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON specifications
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
--> statement-breakpoint
CREATE TRIGGER page_settings_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON page_settings
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
--> statement-breakpoint
CREATE TRIGGER branches_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON branches
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
--> statement-breakpoint
CREATE TRIGGER delivery_zones_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_zones
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
