CREATE TABLE "report_monthly_orders" (
	"month" date NOT NULL,
	"governorate" text NOT NULL,
	"payment_method" text NOT NULL,
	"orders" integer NOT NULL,
	"lined" integer NOT NULL,
	"units" bigint NOT NULL,
	"revenue_piastres" bigint NOT NULL,
	"vat_piastres" bigint NOT NULL,
	"refunds_piastres" bigint NOT NULL,
	"discounts_piastres" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_monthly_products" (
	"month" date NOT NULL,
	"product_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"units" bigint NOT NULL,
	"revenue_piastres" bigint NOT NULL,
	"vat_piastres" bigint NOT NULL,
	"refunds_piastres" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_monthly_taxa" (
	"month" date NOT NULL,
	"dim" varchar(10) NOT NULL,
	"key" integer NOT NULL,
	"orders" integer NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_monthly_orders_month_idx" ON "report_monthly_orders" USING btree ("month","governorate","payment_method","orders","lined","units","revenue_piastres","vat_piastres","refunds_piastres","discounts_piastres");--> statement-breakpoint
CREATE INDEX "report_monthly_orders_unfolded_idx" ON "report_monthly_orders" USING btree ("month") WHERE not folded;--> statement-breakpoint
CREATE INDEX "report_monthly_products_month_idx" ON "report_monthly_products" USING btree ("month","product_id","orders","units","revenue_piastres","vat_piastres","refunds_piastres");--> statement-breakpoint
CREATE INDEX "report_monthly_products_unfolded_idx" ON "report_monthly_products" USING btree ("month") WHERE not folded;--> statement-breakpoint
CREATE INDEX "report_monthly_taxa_month_idx" ON "report_monthly_taxa" USING btree ("month","dim","key","orders");--> statement-breakpoint
CREATE INDEX "report_monthly_taxa_unfolded_idx" ON "report_monthly_taxa" USING btree ("month") WHERE not folded;--> statement-breakpoint
-- The sales report's monthly summaries (issue 49 item 5, decision 033): the daily ones (migration 0047) per Cairo
-- month, written by the same functions in the same statement, so a month's rows always add up to its days'. A
-- year by product summed some 170,000 product-day rows; it now reads 12 months' rows and a few edge days
-- (modules/reports/summary.ts). No sale changes while the functions change and the months are filled.
LOCK TABLE orders, order_products, products IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_sales_delta(old_o orders[], old_l order_products[], new_o orders[],
  new_l order_products[]) RETURNS void LANGUAGE sql AS $$
  WITH o AS (
    SELECT s, x.id, (x.checkout_date AT TIME ZONE 'Africa/Cairo')::date AS day,
      coalesce(x.governorate, '') AS governorate, coalesce(x.payment_method, '') AS payment_method,
      x.checkout_total_price_piastres AS total, x.vat_piastres AS vat, x.refunded_piastres AS refunded,
      x.discount_piastres AS discount
    FROM (SELECT -1 AS s, * FROM unnest(old_o) UNION ALL SELECT 1, * FROM unnest(new_o)) x
    WHERE x.status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND x.checkout_date IS NOT NULL
  ),
  l AS (
    SELECT o.s, o.day, y.order_id, y.product_id, y.quantity::bigint AS quantity,
      coalesce(y.gross_piastres, y.quantity::bigint * coalesce(y.checkout_price_piastres, 0)) AS revenue,
      coalesce(y.vat_piastres, 0) AS vat, y.refunded_quantity::bigint * coalesce(y.checkout_price_piastres, 0) AS refunds
    FROM (SELECT -1 AS s, * FROM unnest(old_l) UNION ALL SELECT 1, * FROM unnest(new_l)) y
    JOIN o ON o.id = y.order_id AND o.s = y.s
  ),
  u AS (SELECT s, order_id, sum(quantity) AS units FROM l GROUP BY s, order_id),
  od AS (
    SELECT o.day, o.governorate, o.payment_method, sum(o.s) AS orders,
      sum(CASE WHEN u.order_id IS NULL THEN 0 ELSE o.s END) AS lined, sum(o.s * coalesce(u.units, 0)) AS units,
      sum(o.s * o.total) AS revenue, sum(o.s * o.vat) AS vat, sum(o.s * o.refunded) AS refunds,
      sum(o.s * o.discount) AS discounts
    FROM o LEFT JOIN u ON u.order_id = o.id AND u.s = o.s
    GROUP BY 1, 2, 3
    HAVING sum(o.s) <> 0 OR sum(CASE WHEN u.order_id IS NULL THEN 0 ELSE o.s END) <> 0
      OR sum(o.s * coalesce(u.units, 0)) <> 0 OR sum(o.s * o.total) <> 0 OR sum(o.s * o.vat) <> 0
      OR sum(o.s * o.refunded) <> 0 OR sum(o.s * o.discount) <> 0
  ),
  by_order AS (
    INSERT INTO report_daily_orders (day, governorate, payment_method, orders, lined, units, revenue_piastres,
      vat_piastres, refunds_piastres, discounts_piastres)
    SELECT day, governorate, payment_method, orders, lined, units, revenue, vat, refunds, discounts FROM od
    RETURNING 1
  ),
  by_order_month AS (
    INSERT INTO report_monthly_orders (month, governorate, payment_method, orders, lined, units, revenue_piastres,
      vat_piastres, refunds_piastres, discounts_piastres)
    SELECT date_trunc('month', day)::date, governorate, payment_method, sum(orders), sum(lined), sum(units),
      sum(revenue), sum(vat), sum(refunds), sum(discounts)
    FROM od GROUP BY 1, 2, 3
    HAVING sum(orders) <> 0 OR sum(lined) <> 0 OR sum(units) <> 0 OR sum(revenue) <> 0 OR sum(vat) <> 0
      OR sum(refunds) <> 0 OR sum(discounts) <> 0
    RETURNING 1
  ),
  p AS (
    SELECT s, day, order_id, product_id, sum(quantity) AS units, sum(revenue) AS revenue, sum(vat) AS vat,
      sum(refunds) AS refunds
    FROM l GROUP BY s, day, order_id, product_id
  ),
  pd AS (
    SELECT day, product_id, sum(s) AS orders, sum(s * units) AS units, sum(s * revenue) AS revenue,
      sum(s * vat) AS vat, sum(s * refunds) AS refunds
    FROM p GROUP BY 1, 2
    HAVING sum(s) <> 0 OR sum(s * units) <> 0 OR sum(s * revenue) <> 0 OR sum(s * vat) <> 0
      OR sum(s * refunds) <> 0
  ),
  by_product AS (
    INSERT INTO report_daily_products (day, product_id, orders, units, revenue_piastres, vat_piastres,
      refunds_piastres)
    SELECT day, product_id, orders, units, revenue, vat, refunds FROM pd
    RETURNING 1
  ),
  by_product_month AS (
    INSERT INTO report_monthly_products (month, product_id, orders, units, revenue_piastres, vat_piastres,
      refunds_piastres)
    SELECT date_trunc('month', day)::date, product_id, sum(orders), sum(units), sum(revenue), sum(vat), sum(refunds)
    FROM pd GROUP BY 1, 2
    HAVING sum(orders) <> 0 OR sum(units) <> 0 OR sum(revenue) <> 0 OR sum(vat) <> 0 OR sum(refunds) <> 0
    RETURNING 1
  ),
  t AS (
    SELECT DISTINCT p.s, p.day, p.order_id, d.dim, d.key
    FROM p JOIN products pr ON pr.id = p.product_id
    CROSS JOIN LATERAL (VALUES ('category', pr.category_id), ('brand', pr.brand_id)) d(dim, key)
  ),
  td AS (SELECT day, dim, key, sum(s) AS orders FROM t GROUP BY 1, 2, 3 HAVING sum(s) <> 0),
  by_taxon AS (
    INSERT INTO report_daily_taxa (day, dim, key, orders) SELECT day, dim, key, orders FROM td RETURNING 1
  )
  INSERT INTO report_monthly_taxa (month, dim, key, orders)
  SELECT date_trunc('month', day)::date, dim, key, sum(orders) FROM td GROUP BY 1, 2, 3 HAVING sum(orders) <> 0;
$$;
--> statement-breakpoint
-- A product moved to another category or brand (migration 0050's function): its sales' months move with their days.
CREATE OR REPLACE FUNCTION report_products_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT id, category_id, brand_id FROM new_rows
                 EXCEPT SELECT id, category_id, brand_id FROM old_rows) THEN
    RETURN NULL;
  END IF;
  WITH ch AS (
    SELECT n.id, o.category_id AS old_c, o.brand_id AS old_b FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.category_id, o.brand_id) IS DISTINCT FROM (n.category_id, n.brand_id)
  ),
  sold AS (
    SELECT DISTINCT o.id, (o.checkout_date AT TIME ZONE 'Africa/Cairo')::date AS day
    FROM order_products l JOIN ch ON ch.id = l.product_id JOIN orders o ON o.id = l.order_id
    WHERE o.status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND o.checkout_date IS NOT NULL
  ),
  m AS (
    SELECT s.day, s.id AS order_id, pr.category_id, pr.brand_id,
      CASE WHEN ch.id IS NULL THEN pr.category_id ELSE ch.old_c END AS old_c,
      CASE WHEN ch.id IS NULL THEN pr.brand_id ELSE ch.old_b END AS old_b
    FROM sold s JOIN order_products l ON l.order_id = s.id JOIN products pr ON pr.id = l.product_id
    LEFT JOIN ch ON ch.id = l.product_id
  ),
  t AS (
    SELECT DISTINCT 1 AS s, day, order_id, 'category' AS dim, category_id AS key FROM m
    UNION SELECT DISTINCT 1, day, order_id, 'brand', brand_id FROM m
    UNION SELECT DISTINCT -1, day, order_id, 'category', old_c FROM m
    UNION SELECT DISTINCT -1, day, order_id, 'brand', old_b FROM m
  ),
  td AS (SELECT day, dim, key, sum(s) AS orders FROM t GROUP BY 1, 2, 3 HAVING sum(s) <> 0),
  by_day AS (
    INSERT INTO report_daily_taxa (day, dim, key, orders) SELECT day, dim, key, orders FROM td RETURNING 1
  )
  INSERT INTO report_monthly_taxa (month, dim, key, orders)
  SELECT date_trunc('month', day)::date, dim, key, sum(orders) FROM td GROUP BY 1, 2, 3 HAVING sum(orders) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_orders_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_daily_orders;
  DELETE FROM report_daily_products;
  DELETE FROM report_daily_taxa;
  DELETE FROM report_monthly_orders;
  DELETE FROM report_monthly_products;
  DELETE FROM report_monthly_taxa;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The months so far: the days' rows summed per month, in month order.
INSERT INTO report_monthly_orders (month, governorate, payment_method, orders, lined, units, revenue_piastres,
  vat_piastres, refunds_piastres, discounts_piastres, folded)
SELECT date_trunc('month', day)::date, governorate, payment_method, sum(orders), sum(lined), sum(units),
  sum(revenue_piastres), sum(vat_piastres), sum(refunds_piastres), sum(discounts_piastres), true
FROM report_daily_orders GROUP BY 1, 2, 3
HAVING sum(orders) <> 0 OR sum(lined) <> 0 OR sum(units) <> 0 OR sum(revenue_piastres) <> 0 OR sum(vat_piastres) <> 0
  OR sum(refunds_piastres) <> 0 OR sum(discounts_piastres) <> 0
ORDER BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_monthly_products (month, product_id, orders, units, revenue_piastres, vat_piastres,
  refunds_piastres, folded)
SELECT date_trunc('month', day)::date, product_id, sum(orders), sum(units), sum(revenue_piastres), sum(vat_piastres),
  sum(refunds_piastres), true
FROM report_daily_products GROUP BY 1, 2
HAVING sum(orders) <> 0 OR sum(units) <> 0 OR sum(revenue_piastres) <> 0 OR sum(vat_piastres) <> 0
  OR sum(refunds_piastres) <> 0
ORDER BY 1, 2;
--> statement-breakpoint
INSERT INTO report_monthly_taxa (month, dim, key, orders, folded)
SELECT date_trunc('month', day)::date, dim, key, sum(orders), true FROM report_daily_taxa GROUP BY 1, 2, 3
HAVING sum(orders) <> 0 ORDER BY 1, 2, 3;
