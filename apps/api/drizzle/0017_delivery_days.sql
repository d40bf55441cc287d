ALTER TABLE "delivery_zones" ADD COLUMN "delivery_days_min" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "delivery_days_max" smallint DEFAULT 4 NOT NULL;--> statement-breakpoint
-- Zones seeded before: their days by their fee, as the seed sets them (db/seed/places.ts, deliveryDaysFor).
UPDATE "delivery_zones" SET
  "delivery_days_min" = CASE WHEN shipping_fees_piastres <= 6000 THEN 1 WHEN shipping_fees_piastres <= 8000 THEN 2
    WHEN shipping_fees_piastres <= 12000 THEN 3 ELSE 4 END,
  "delivery_days_max" = CASE WHEN shipping_fees_piastres <= 6000 THEN 2 WHEN shipping_fees_piastres <= 8000 THEN 3
    WHEN shipping_fees_piastres <= 12000 THEN 5 ELSE 7 END;
