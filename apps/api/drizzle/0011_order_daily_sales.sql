CREATE TABLE "order_daily_sales" (
	"day" date NOT NULL,
	"n" integer NOT NULL,
	"sales_piastres" bigint NOT NULL
);
--> statement-breakpoint
-- Sold orders (placed, not canceled) and their totals per Cairo day of checkout (decision 013), kept by the same
-- statement triggers as order_counts: rows of +n / -n and +sales / -sales, never updated. The day is the shop's
-- (Africa/Cairo, as SHOP_TIME_ZONE in modules/orders/admin-service.ts). Filled from the orders under a lock.
LOCK TABLE "orders" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "order_daily_sales" ("day", "n", "sales_piastres")
  SELECT (checkout_date AT TIME ZONE 'Africa/Cairo')::date, count(*), sum(checkout_total_price_piastres)
  FROM "orders"
  WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND checkout_date IS NOT NULL
  GROUP BY 1;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (status, payment_method, governorate, n)
    SELECT status, coalesce(payment_method, ''), coalesce(governorate, ''), count(*) FROM new_rows
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') GROUP BY 1, 2, 3;
  INSERT INTO order_daily_sales (day, n, sales_piastres)
    SELECT (checkout_date AT TIME ZONE 'Africa/Cairo')::date, count(*), sum(checkout_total_price_piastres)
    FROM new_rows
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND checkout_date IS NOT NULL
    GROUP BY 1;
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
  INSERT INTO order_daily_sales (day, n, sales_piastres)
    SELECT day, sum(n), sum(sales) FROM (
      SELECT (checkout_date AT TIME ZONE 'Africa/Cairo')::date AS day, 1 AS n, checkout_total_price_piastres AS sales
      FROM new_rows
      WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND checkout_date IS NOT NULL
      UNION ALL
      SELECT (checkout_date AT TIME ZONE 'Africa/Cairo')::date, -1, -checkout_total_price_piastres FROM old_rows
      WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND checkout_date IS NOT NULL
    ) c
    GROUP BY 1 HAVING sum(n) <> 0 OR sum(sales) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (status, payment_method, governorate, n)
    SELECT status, coalesce(payment_method, ''), coalesce(governorate, ''), -count(*) FROM old_rows
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') GROUP BY 1, 2, 3;
  INSERT INTO order_daily_sales (day, n, sales_piastres)
    SELECT (checkout_date AT TIME ZONE 'Africa/Cairo')::date, -count(*), -sum(checkout_total_price_piastres)
    FROM old_rows
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND checkout_date IS NOT NULL
    GROUP BY 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_counts;
  DELETE FROM order_daily_sales;
  RETURN NULL;
END $$;
