CREATE TABLE "eta_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(6) NOT NULL,
	"dedupe_key" varchar(100) NOT NULL,
	"receipt_number" varchar(50) NOT NULL,
	"uuid" varchar(64) NOT NULL,
	"previous_uuid" varchar(64) NOT NULL,
	"reference_uuid" varchar(64),
	"document" text NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"submission_id" varchar(100),
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "eta_receipts_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "eta_receipts_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "eta_receipts_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "eta_receipts_kind_ck" CHECK ("eta_receipts"."kind" in ('sale', 'return')),
	CONSTRAINT "eta_receipts_status_ck" CHECK ("eta_receipts"."status" in ('pending', 'submitted', 'valid', 'invalid', 'failed')),
	CONSTRAINT "eta_receipts_uuid_ck" CHECK ("eta_receipts"."uuid" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" varchar(3) NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_series_year_pk" PRIMARY KEY("series","year"),
	CONSTRAINT "invoice_counters_series_ck" CHECK ("invoice_counters"."series" in ('INV', 'CN')),
	CONSTRAINT "invoice_counters_number_ck" CHECK ("invoice_counters"."last_number" > 0)
);
--> statement-breakpoint
ALTER TABLE "eta_receipts" ADD CONSTRAINT "eta_receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eta_receipts_previous_uq" ON "eta_receipts" USING btree ("previous_uuid");--> statement-breakpoint
CREATE INDEX "eta_receipts_order_idx" ON "eta_receipts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "eta_receipts_open_idx" ON "eta_receipts" USING btree ("id") WHERE "eta_receipts"."status" in ('pending', 'failed', 'submitted');