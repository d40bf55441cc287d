-- Staff sign-in under attack (issue 42, decision 025): failed sign-ins are kept (an address's back-off, an email under
-- attack, the owners' list), and a member may confirm an authenticator app (TOTP) asked for while their email is under
-- attack.
CREATE TABLE "staff_sign_in_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(200) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"reason" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_secret" varchar(64);--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_pending_secret" varchar(64);--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
CREATE INDEX "staff_sign_in_failures_ip_idx" ON "staff_sign_in_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "staff_sign_in_failures_email_idx" ON "staff_sign_in_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "staff_sign_in_failures_created_idx" ON "staff_sign_in_failures" USING btree ("created_at");