ALTER TABLE "order_counts" ADD COLUMN "governorate" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_placed_user_newest_idx" ON "orders" USING btree ("user_id","checkout_date" DESC NULLS LAST,"id" DESC NULLS FIRST,"status") WHERE status not in ('cart', 'awaiting_payment', 'abandoned');--> statement-breakpoint
-- order_counts by governorate too (decision 013): the list's governorate filter reads its counts from here. The
-- rows are counted again from the orders, with no order changing meanwhile (the lock holds writers until commit).
LOCK TABLE "orders" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
DELETE FROM "order_counts";
--> statement-breakpoint
INSERT INTO "order_counts" ("status", "payment_method", "governorate", "n")
  SELECT status, coalesce(payment_method, ''), coalesce(governorate, ''), count(*) FROM "orders"
  WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (status, payment_method, governorate, n)
    SELECT status, coalesce(payment_method, ''), coalesce(governorate, ''), count(*) FROM new_rows
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (status, payment_method, governorate, n)
    SELECT status, payment_method, governorate, sum(n) FROM (
      SELECT status, coalesce(payment_method, '') AS payment_method, coalesce(governorate, '') AS governorate,
        1 AS n FROM new_rows
      UNION ALL
      SELECT status, coalesce(payment_method, ''), coalesce(governorate, ''), -1 FROM old_rows
    ) c
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned')
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (status, payment_method, governorate, n)
    SELECT status, coalesce(payment_method, ''), coalesce(governorate, ''), -count(*) FROM old_rows
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
