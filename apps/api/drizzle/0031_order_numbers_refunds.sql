CREATE TABLE "counters" (
	"name" varchar(50) PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_piastres" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_uq" ON "orders" USING btree ("order_number");--> statement-breakpoint
-- Order numbers (issue 43): the orders placed so far are numbered 1, 2, 3, … in the order they were placed (their
-- checkout date, then their id), and the counter holds the last number given; from now on the transaction that
-- places an order takes the next one (modules/orders/core.ts). Refunds so far are added up per order (units × the
-- price paid, as a refund counts them). Done with no order changing meanwhile.
LOCK TABLE "orders" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
UPDATE "orders" o SET "order_number" = n.k
FROM (
  SELECT id, row_number() OVER (ORDER BY checkout_date NULLS LAST, id) AS k
  FROM "orders" WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned')
) n
WHERE o.id = n.id;
--> statement-breakpoint
INSERT INTO "counters" ("name", "value")
  SELECT 'order_number', coalesce(max("order_number"), 0) FROM "orders";
--> statement-breakpoint
UPDATE "orders" o SET "refunded_piastres" = r.amount
FROM (
  SELECT order_id, sum(refunded_quantity::bigint * coalesce(checkout_price_piastres, 0)) AS amount
  FROM "order_products" WHERE refunded_quantity > 0 GROUP BY order_id
) r
WHERE o.id = r.order_id;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_numbered_check" CHECK ("orders"."status" in ('cart', 'awaiting_payment', 'abandoned') or "orders"."order_number" is not null);
--> statement-breakpoint
-- The dashboard's sales are net of refunds: order_daily_sales (migrations 0011, 0013) sums each order's total less
-- what was refunded, on its day of checkout; a refund changes the row it counts in by the amount that came back.
-- The triggers' functions are those of 0013 with that amount, and the table is counted again from the orders.
CREATE OR REPLACE FUNCTION order_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (status, payment_method, governorate, n)
    SELECT status, coalesce(payment_method, ''), coalesce(governorate, ''), count(*) FROM new_rows
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') GROUP BY 1, 2, 3;
  INSERT INTO order_daily_sales (day, status, payment_method, n, sales_piastres)
    SELECT (checkout_date AT TIME ZONE 'Africa/Cairo')::date, status, coalesce(payment_method, ''), count(*),
      sum(checkout_total_price_piastres - refunded_piastres)
    FROM new_rows
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') AND checkout_date IS NOT NULL
    GROUP BY 1, 2, 3;
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
  INSERT INTO order_daily_sales (day, status, payment_method, n, sales_piastres)
    SELECT day, status, payment_method, sum(n), sum(sales) FROM (
      SELECT (checkout_date AT TIME ZONE 'Africa/Cairo')::date AS day, status,
        coalesce(payment_method, '') AS payment_method, 1 AS n,
        checkout_total_price_piastres - refunded_piastres AS sales
      FROM new_rows
      UNION ALL
      SELECT (checkout_date AT TIME ZONE 'Africa/Cairo')::date, status, coalesce(payment_method, ''), -1,
        -(checkout_total_price_piastres - refunded_piastres)
      FROM old_rows
    ) c
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') AND day IS NOT NULL
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(sales) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (status, payment_method, governorate, n)
    SELECT status, coalesce(payment_method, ''), coalesce(governorate, ''), -count(*) FROM old_rows
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') GROUP BY 1, 2, 3;
  INSERT INTO order_daily_sales (day, status, payment_method, n, sales_piastres)
    SELECT (checkout_date AT TIME ZONE 'Africa/Cairo')::date, status, coalesce(payment_method, ''), -count(*),
      -sum(checkout_total_price_piastres - refunded_piastres)
    FROM old_rows
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') AND checkout_date IS NOT NULL
    GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
DELETE FROM "order_daily_sales";
--> statement-breakpoint
INSERT INTO "order_daily_sales" ("day", "status", "payment_method", "n", "sales_piastres")
  SELECT (checkout_date AT TIME ZONE 'Africa/Cairo')::date, status, coalesce(payment_method, ''), count(*),
    sum(checkout_total_price_piastres - refunded_piastres)
  FROM "orders"
  WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') AND checkout_date IS NOT NULL
  GROUP BY 1, 2, 3;
