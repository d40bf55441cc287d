ALTER TABLE "delivery_zones" ADD COLUMN "free_shipping_from_piastres" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "free_shipping_from_piastres" integer;