-- The sales report's summaries read from their indexes alone (index-only scans): every column a key of its day's
-- index. A range of days was a bitmap scan over rows spread across the table (the backfill's batches each held
-- every day); the rows are written again in day order so a range's rows sit together.
DROP INDEX "report_daily_orders_day_idx";--> statement-breakpoint
DROP INDEX "report_daily_products_day_idx";--> statement-breakpoint
DROP INDEX "report_daily_taxa_day_idx";--> statement-breakpoint
CREATE INDEX "report_daily_orders_day_idx" ON "report_daily_orders" USING btree ("day","governorate","payment_method","orders","lined","units","revenue_piastres","vat_piastres","refunds_piastres","discounts_piastres");--> statement-breakpoint
CREATE INDEX "report_daily_products_day_idx" ON "report_daily_products" USING btree ("day","product_id","orders","units","revenue_piastres","vat_piastres","refunds_piastres");--> statement-breakpoint
CREATE INDEX "report_daily_taxa_day_idx" ON "report_daily_taxa" USING btree ("day","dim","key","orders");--> statement-breakpoint
LOCK TABLE orders, order_products IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
WITH gone AS (DELETE FROM report_daily_orders RETURNING *)
INSERT INTO report_daily_orders (day, governorate, payment_method, orders, lined, units, revenue_piastres,
  vat_piastres, refunds_piastres, discounts_piastres, folded)
SELECT day, governorate, payment_method, sum(orders), sum(lined), sum(units), sum(revenue_piastres),
  sum(vat_piastres), sum(refunds_piastres), sum(discounts_piastres), true
FROM gone GROUP BY 1, 2, 3
HAVING sum(orders) <> 0 OR sum(lined) <> 0 OR sum(units) <> 0 OR sum(revenue_piastres) <> 0 OR sum(vat_piastres) <> 0
  OR sum(refunds_piastres) <> 0 OR sum(discounts_piastres) <> 0
ORDER BY 1, 2, 3;--> statement-breakpoint
WITH gone AS (DELETE FROM report_daily_products RETURNING *)
INSERT INTO report_daily_products (day, product_id, orders, units, revenue_piastres, vat_piastres, refunds_piastres,
  folded)
SELECT day, product_id, sum(orders), sum(units), sum(revenue_piastres), sum(vat_piastres), sum(refunds_piastres), true
FROM gone GROUP BY 1, 2
HAVING sum(orders) <> 0 OR sum(units) <> 0 OR sum(revenue_piastres) <> 0 OR sum(vat_piastres) <> 0
  OR sum(refunds_piastres) <> 0
ORDER BY 1, 2;--> statement-breakpoint
WITH gone AS (DELETE FROM report_daily_taxa RETURNING *)
INSERT INTO report_daily_taxa (day, dim, key, orders, folded)
SELECT day, dim, key, sum(orders), true FROM gone GROUP BY 1, 2, 3 HAVING sum(orders) <> 0 ORDER BY 1, 2, 3;
