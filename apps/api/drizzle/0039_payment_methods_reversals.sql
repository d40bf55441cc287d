ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" varchar(10);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method_name" varchar(40);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_piastres" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversal_id" varchar(64);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_error" varchar(500);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "inquired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_expired_idx" ON "payments" USING btree ("expires_at") WHERE status = 'expired';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed', 'expired', 'refund_required', 'voided', 'refunded'));--> statement-breakpoint
-- Payments taken before this migration: paid when their success callback was recorded.
UPDATE "payments" p SET "paid_at" = e."created_at" FROM "payment_events" e
  WHERE e."payment_id" = p."id" AND e."success" AND p."status" IN ('succeeded', 'refund_required');
