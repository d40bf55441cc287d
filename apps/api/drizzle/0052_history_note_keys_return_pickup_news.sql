ALTER TABLE "order_history" ADD COLUMN "note_key" varchar(60);--> statement-breakpoint
ALTER TABLE "order_history" ADD COLUMN "note_args" jsonb;--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "pickup_picked_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "pickup_returned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_returns_pickup_idx" ON "order_returns" USING btree ("pickup_courier","pickup_tracking_number");