ALTER TABLE "auth_tokens" ADD COLUMN "previous_token_hash" varchar(128);--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "previous_valid_until" timestamp with time zone;