ALTER TABLE "order_daily_sales" ADD COLUMN "status" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_daily_sales" ADD COLUMN "payment_method" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "order_daily_sales_day_idx" ON "order_daily_sales" USING btree ("day");--> statement-breakpoint
-- order_daily_sales per status and payment method too, for every placed order (canceled ones included; the
-- dashboard leaves them out when it reads): the orders list's counts for a range of Cairo days come from here
-- (decision 013). Counted again from the orders, with no order changing meanwhile.
LOCK TABLE "orders" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
DELETE FROM "order_daily_sales";
--> statement-breakpoint
INSERT INTO "order_daily_sales" ("day", "status", "payment_method", "n", "sales_piastres")
  SELECT (checkout_date AT TIME ZONE 'Africa/Cairo')::date, status, coalesce(payment_method, ''), count(*),
    sum(checkout_total_price_piastres)
  FROM "orders"
  WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') AND checkout_date IS NOT NULL
  GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (status, payment_method, governorate, n)
    SELECT status, coalesce(payment_method, ''), coalesce(governorate, ''), count(*) FROM new_rows
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') GROUP BY 1, 2, 3;
  INSERT INTO order_daily_sales (day, status, payment_method, n, sales_piastres)
    SELECT (checkout_date AT TIME ZONE 'Africa/Cairo')::date, status, coalesce(payment_method, ''), count(*),
      sum(checkout_total_price_piastres)
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
        coalesce(payment_method, '') AS payment_method, 1 AS n, checkout_total_price_piastres AS sales
      FROM new_rows
      UNION ALL
      SELECT (checkout_date AT TIME ZONE 'Africa/Cairo')::date, status, coalesce(payment_method, ''), -1,
        -checkout_total_price_piastres
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
      -sum(checkout_total_price_piastres)
    FROM old_rows
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') AND checkout_date IS NOT NULL
    GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
