CREATE TABLE "staff_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "alert_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "alert_locale" varchar(2) DEFAULT 'ar' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "alert_phone" varchar(20);--> statement-breakpoint
CREATE INDEX "staff_alerts_unsent_idx" ON "staff_alerts" USING btree ("id") WHERE "staff_alerts"."sent_at" is null;