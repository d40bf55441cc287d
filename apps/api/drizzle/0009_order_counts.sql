CREATE TABLE "order_counts" (
	"status" varchar(30) NOT NULL,
	"payment_method" varchar(40) DEFAULT '' NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- Placed orders per status and payment method, kept by the database itself (decision 013): each statement that
-- changes orders adds rows of +n / -n (never updates one, so concurrent orders never wait for each other); a count
-- is the sum of its rows. Carts and orders waiting for payment are not counted. No order may change between the
-- first count and the triggers: the lock holds writers until this migration commits.
LOCK TABLE "orders" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "order_counts" ("status", "payment_method", "n")
  SELECT status, coalesce(payment_method, ''), count(*) FROM "orders"
  WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') GROUP BY 1, 2;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (status, payment_method, n)
    SELECT status, coalesce(payment_method, ''), count(*) FROM new_rows
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Most updates change neither (totals, address, sap_sync): their rows cancel out and nothing is added.
CREATE OR REPLACE FUNCTION order_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (status, payment_method, n)
    SELECT status, payment_method, sum(n) FROM (
      SELECT status, coalesce(payment_method, '') AS payment_method, 1 AS n FROM new_rows
      UNION ALL
      SELECT status, coalesce(payment_method, ''), -1 FROM old_rows
    ) c
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned')
    GROUP BY 1, 2 HAVING sum(n) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_counts (status, payment_method, n)
    SELECT status, coalesce(payment_method, ''), -count(*) FROM old_rows
    WHERE status NOT IN ('cart', 'awaiting_payment', 'abandoned') GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_counts_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER orders_counts_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER orders_counts_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER orders_counts_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_counts_after_truncate();
