CREATE TABLE "message_step_channels" (
	"step" varchar(30) PRIMARY KEY NOT NULL,
	"sms" boolean NOT NULL,
	"email" boolean NOT NULL,
	"whatsapp" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "sent_channels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "message_step_channels" ADD CONSTRAINT "message_step_channels_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;