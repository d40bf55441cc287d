CREATE TABLE "report_daily_orders" (
	"day" date NOT NULL,
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
CREATE TABLE "report_daily_products" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"units" bigint NOT NULL,
	"revenue_piastres" bigint NOT NULL,
	"vat_piastres" bigint NOT NULL,
	"refunds_piastres" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_daily_taxa" (
	"day" date NOT NULL,
	"dim" varchar(10) NOT NULL,
	"key" integer NOT NULL,
	"orders" integer NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_daily_orders_day_idx" ON "report_daily_orders" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_daily_orders_unfolded_idx" ON "report_daily_orders" USING btree ("day") WHERE not folded;--> statement-breakpoint
CREATE INDEX "report_daily_products_day_idx" ON "report_daily_products" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_daily_products_unfolded_idx" ON "report_daily_products" USING btree ("day") WHERE not folded;--> statement-breakpoint
CREATE INDEX "report_daily_taxa_day_idx" ON "report_daily_taxa" USING btree ("day","dim");--> statement-breakpoint
CREATE INDEX "report_daily_taxa_unfolded_idx" ON "report_daily_taxa" USING btree ("day") WHERE not folded;--> statement-breakpoint
-- The sales report's daily summaries (issue 49 item 5, decision 033), kept by the database in the transaction of
-- every change, whoever writes it (checkout, status changes, refunds, cancels, the seed): statement triggers on
-- orders, order_products and products add rows of what the change moved (the summaries' rows after less those
-- before), never updated, so concurrent checkouts never wait on one row (as order_counts, decision 013). A sale is a
-- placed order not canceled with a checkout date, on its Cairo day of checkout (modules/reports/service.ts reads
-- and folds them; live.ts is the same report from the orders, and the tests compare the two).
--
-- report_sales_delta: the summaries' change when the orders `old_o` with their lines `old_l` become `new_o` with
-- `new_l` (an order's lines pair with that order's side). Categories and brands are the products' now.
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
  by_order AS (
    INSERT INTO report_daily_orders (day, governorate, payment_method, orders, lined, units, revenue_piastres,
      vat_piastres, refunds_piastres, discounts_piastres)
    SELECT o.day, o.governorate, o.payment_method, sum(o.s), sum(CASE WHEN u.order_id IS NULL THEN 0 ELSE o.s END),
      sum(o.s * coalesce(u.units, 0)), sum(o.s * o.total), sum(o.s * o.vat), sum(o.s * o.refunded),
      sum(o.s * o.discount)
    FROM o LEFT JOIN u ON u.order_id = o.id AND u.s = o.s
    GROUP BY 1, 2, 3
    HAVING sum(o.s) <> 0 OR sum(CASE WHEN u.order_id IS NULL THEN 0 ELSE o.s END) <> 0
      OR sum(o.s * coalesce(u.units, 0)) <> 0 OR sum(o.s * o.total) <> 0 OR sum(o.s * o.vat) <> 0
      OR sum(o.s * o.refunded) <> 0 OR sum(o.s * o.discount) <> 0
    RETURNING 1
  ),
  p AS (
    SELECT s, day, order_id, product_id, sum(quantity) AS units, sum(revenue) AS revenue, sum(vat) AS vat,
      sum(refunds) AS refunds
    FROM l GROUP BY s, day, order_id, product_id
  ),
  by_product AS (
    INSERT INTO report_daily_products (day, product_id, orders, units, revenue_piastres, vat_piastres,
      refunds_piastres)
    SELECT day, product_id, sum(s), sum(s * units), sum(s * revenue), sum(s * vat), sum(s * refunds)
    FROM p GROUP BY 1, 2
    HAVING sum(s) <> 0 OR sum(s * units) <> 0 OR sum(s * revenue) <> 0 OR sum(s * vat) <> 0
      OR sum(s * refunds) <> 0
    RETURNING 1
  ),
  t AS (
    SELECT DISTINCT p.s, p.day, p.order_id, d.dim, d.key
    FROM p JOIN products pr ON pr.id = p.product_id
    CROSS JOIN LATERAL (VALUES ('category', pr.category_id), ('brand', pr.brand_id)) d(dim, key)
  )
  INSERT INTO report_daily_taxa (day, dim, key, orders)
  SELECT day, dim, key, sum(s) FROM t
  GROUP BY 1, 2, 3 HAVING sum(s) <> 0;
$$;
--> statement-breakpoint
-- Orders: what changed a sale's figures (or made it one, or unmade it), with the lines it has now.
CREATE OR REPLACE FUNCTION report_orders_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids int[];
BEGIN
  SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE (o.status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND o.checkout_date IS NOT NULL)
      IS DISTINCT FROM
      (n.status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND n.checkout_date IS NOT NULL)
    OR ((n.status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND n.checkout_date IS NOT NULL)
      AND (o.checkout_date, o.governorate, o.payment_method, o.checkout_total_price_piastres, o.vat_piastres,
           o.refunded_piastres, o.discount_piastres)
        IS DISTINCT FROM (n.checkout_date, n.governorate, n.payment_method, n.checkout_total_price_piastres,
           n.vat_piastres, n.refunded_piastres, n.discount_piastres));
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM report_sales_delta(
    array(SELECT o::orders FROM old_rows o WHERE o.id = ANY(ids)),
    array(SELECT l FROM order_products l WHERE l.order_id = ANY(ids)),
    array(SELECT n::orders FROM new_rows n WHERE n.id = ANY(ids)),
    array(SELECT l FROM order_products l WHERE l.order_id = ANY(ids)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_orders_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids int[];
BEGIN
  SELECT array_agg(n.id) INTO ids FROM new_rows n
  WHERE n.status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND n.checkout_date IS NOT NULL;
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM report_sales_delta('{}', '{}', array(SELECT n::orders FROM new_rows n WHERE n.id = ANY(ids)),
    array(SELECT l FROM order_products l WHERE l.order_id = ANY(ids)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A sale deleted (a row trigger, before its lines go with it): its whole part taken out.
CREATE OR REPLACE FUNCTION report_orders_before_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_sales_delta(array[OLD::orders], array(SELECT l FROM order_products l WHERE l.order_id = OLD.id), '{}', '{}');
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Lines: the sales whose lines changed, their lines before (those of now without the changed ones, with the
-- changed ones as they were) and now.
CREATE OR REPLACE FUNCTION report_lines_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT o.id) INTO ids FROM orders o
    WHERE o.id IN (SELECT order_id FROM new_rows)
      AND o.status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND o.checkout_date IS NOT NULL;
    IF ids IS NULL THEN RETURN NULL; END IF;
    PERFORM report_sales_delta(
      array(SELECT o FROM orders o WHERE o.id = ANY(ids)),
      array(SELECT l FROM order_products l WHERE l.order_id = ANY(ids) AND l.id NOT IN (SELECT id FROM new_rows)),
      array(SELECT o FROM orders o WHERE o.id = ANY(ids)),
      array(SELECT l FROM order_products l WHERE l.order_id = ANY(ids)));
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT o.id) INTO ids FROM orders o
    WHERE o.id IN (
        SELECT unnest(array[n.order_id, x.order_id]) FROM new_rows n JOIN old_rows x ON x.id = n.id
        WHERE (x.order_id, x.product_id, x.quantity, x.checkout_price_piastres, x.gross_piastres, x.vat_piastres,
               x.refunded_quantity)
          IS DISTINCT FROM (n.order_id, n.product_id, n.quantity, n.checkout_price_piastres, n.gross_piastres,
               n.vat_piastres, n.refunded_quantity))
      AND o.status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND o.checkout_date IS NOT NULL;
    IF ids IS NULL THEN RETURN NULL; END IF;
    PERFORM report_sales_delta(
      array(SELECT o FROM orders o WHERE o.id = ANY(ids)),
      array(SELECT l FROM order_products l WHERE l.order_id = ANY(ids) AND l.id NOT IN (SELECT id FROM new_rows)
            UNION ALL SELECT x::order_products FROM old_rows x WHERE x.order_id = ANY(ids)),
      array(SELECT o FROM orders o WHERE o.id = ANY(ids)),
      array(SELECT l FROM order_products l WHERE l.order_id = ANY(ids)));
  ELSE
    SELECT array_agg(DISTINCT o.id) INTO ids FROM orders o
    WHERE o.id IN (SELECT order_id FROM old_rows)
      AND o.status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND o.checkout_date IS NOT NULL;
    IF ids IS NULL THEN RETURN NULL; END IF;
    PERFORM report_sales_delta(
      array(SELECT o FROM orders o WHERE o.id = ANY(ids)),
      array(SELECT l FROM order_products l WHERE l.order_id = ANY(ids)
            UNION ALL SELECT x::order_products FROM old_rows x WHERE x.order_id = ANY(ids)),
      array(SELECT o FROM orders o WHERE o.id = ANY(ids)),
      array(SELECT l FROM order_products l WHERE l.order_id = ANY(ids)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A product moved to another category or brand: the sales holding it counted there instead (the report groups by
-- a product's category and brand of now).
CREATE OR REPLACE FUNCTION report_products_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
                 WHERE (o.category_id, o.brand_id) IS DISTINCT FROM (n.category_id, n.brand_id)) THEN
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
    SELECT s.day, s.id AS order_id, pr.category_id, pr.brand_id, coalesce(ch.old_c, pr.category_id) AS old_c,
      CASE WHEN ch.id IS NULL THEN pr.brand_id ELSE ch.old_b END AS old_b
    FROM sold s JOIN order_products l ON l.order_id = s.id JOIN products pr ON pr.id = l.product_id
    LEFT JOIN ch ON ch.id = l.product_id
  ),
  t AS (
    SELECT DISTINCT 1 AS s, day, order_id, 'category' AS dim, category_id AS key FROM m
    UNION SELECT DISTINCT 1, day, order_id, 'brand', brand_id FROM m
    UNION SELECT DISTINCT -1, day, order_id, 'category', old_c FROM m
    UNION SELECT DISTINCT -1, day, order_id, 'brand', old_b FROM m
  )
  INSERT INTO report_daily_taxa (day, dim, key, orders)
  SELECT day, dim, key, sum(s) FROM t GROUP BY 1, 2, 3 HAVING sum(s) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_orders_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_daily_orders;
  DELETE FROM report_daily_products;
  DELETE FROM report_daily_taxa;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_orders_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_orders_after_insert();
--> statement-breakpoint
CREATE TRIGGER report_orders_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_orders_after_update();
--> statement-breakpoint
CREATE TRIGGER report_orders_delete BEFORE DELETE ON orders FOR EACH ROW
  WHEN (OLD.status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND OLD.checkout_date IS NOT NULL)
  EXECUTE FUNCTION report_orders_before_delete();
--> statement-breakpoint
CREATE TRIGGER report_orders_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION report_orders_after_truncate();
--> statement-breakpoint
CREATE TRIGGER report_lines_insert AFTER INSERT ON order_products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_lines_after_change();
--> statement-breakpoint
CREATE TRIGGER report_lines_update AFTER UPDATE ON order_products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_lines_after_change();
--> statement-breakpoint
CREATE TRIGGER report_lines_delete AFTER DELETE ON order_products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_lines_after_change();
--> statement-breakpoint
CREATE TRIGGER report_products_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_products_after_update();
--> statement-breakpoint
-- The sales so far, 5,000 orders at a time by the same function, with no order changing meanwhile.
LOCK TABLE orders, order_products IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
DO $$
DECLARE lo int; hi int;
BEGIN
  SELECT min(id), max(id) INTO lo, hi FROM orders
  WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND checkout_date IS NOT NULL;
  WHILE lo <= hi LOOP
    PERFORM report_sales_delta('{}', '{}',
      array(SELECT o FROM orders o WHERE o.id >= lo AND o.id < lo + 5000
              AND o.status NOT IN ('cart', 'awaiting_payment', 'abandoned', 'canceled') AND o.checkout_date IS NOT NULL),
      array(SELECT l FROM order_products l WHERE l.order_id >= lo AND l.order_id < lo + 5000));
    lo := lo + 5000;
  END LOOP;
END $$;
--> statement-breakpoint
-- Then each day's rows summed into one per key (as the reports job folds them, modules/reports/fold.ts).
WITH gone AS (DELETE FROM report_daily_orders RETURNING *)
INSERT INTO report_daily_orders (day, governorate, payment_method, orders, lined, units, revenue_piastres,
  vat_piastres, refunds_piastres, discounts_piastres, folded)
SELECT day, governorate, payment_method, sum(orders), sum(lined), sum(units), sum(revenue_piastres),
  sum(vat_piastres), sum(refunds_piastres), sum(discounts_piastres), true
FROM gone GROUP BY 1, 2, 3
HAVING sum(orders) <> 0 OR sum(lined) <> 0 OR sum(units) <> 0 OR sum(revenue_piastres) <> 0 OR sum(vat_piastres) <> 0
  OR sum(refunds_piastres) <> 0 OR sum(discounts_piastres) <> 0;
--> statement-breakpoint
WITH gone AS (DELETE FROM report_daily_products RETURNING *)
INSERT INTO report_daily_products (day, product_id, orders, units, revenue_piastres, vat_piastres, refunds_piastres,
  folded)
SELECT day, product_id, sum(orders), sum(units), sum(revenue_piastres), sum(vat_piastres), sum(refunds_piastres), true
FROM gone GROUP BY 1, 2
HAVING sum(orders) <> 0 OR sum(units) <> 0 OR sum(revenue_piastres) <> 0 OR sum(vat_piastres) <> 0
  OR sum(refunds_piastres) <> 0;
--> statement-breakpoint
WITH gone AS (DELETE FROM report_daily_taxa RETURNING *)
INSERT INTO report_daily_taxa (day, dim, key, orders, folded)
SELECT day, dim, key, sum(orders), true FROM gone GROUP BY 1, 2, 3 HAVING sum(orders) <> 0;
