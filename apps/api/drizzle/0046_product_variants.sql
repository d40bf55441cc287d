ALTER TABLE "order_products" ADD COLUMN "variant" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_of" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_options" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_values" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_variant_of_products_id_fk" FOREIGN KEY ("variant_of") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_variant_of_idx" ON "products" USING btree ("variant_of","id") WHERE variant_of is not null;--> statement-breakpoint
-- A product with variants holds its variants' stock added up (decision 034): lists filter, sort and label "sold out"
-- on products.stock from their indexes, and every stock change of a variant (an order, a cancel, a staff edit) moves
-- the product's by the same amount in the same transaction. A delta, not a recount: two orders of two variants wait
-- for each other on the product's row and each adds its own change to the stock it finds.
CREATE OR REPLACE FUNCTION product_variant_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.variant_of IS NOT NULL THEN
    UPDATE products SET stock = stock - OLD.stock WHERE id = OLD.variant_of;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.variant_of IS NOT NULL THEN
    UPDATE products SET stock = stock + NEW.stock WHERE id = NEW.variant_of;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_variant_stock_insert AFTER INSERT ON products
  FOR EACH ROW WHEN (NEW.variant_of IS NOT NULL) EXECUTE FUNCTION product_variant_stock();
--> statement-breakpoint
CREATE TRIGGER products_variant_stock_delete AFTER DELETE ON products
  FOR EACH ROW WHEN (OLD.variant_of IS NOT NULL) EXECUTE FUNCTION product_variant_stock();
--> statement-breakpoint
CREATE TRIGGER products_variant_stock_update AFTER UPDATE OF stock, variant_of ON products
  FOR EACH ROW WHEN ((OLD.variant_of IS NOT NULL OR NEW.variant_of IS NOT NULL)
    AND (OLD.stock <> NEW.stock OR OLD.variant_of IS DISTINCT FROM NEW.variant_of))
  EXECUTE FUNCTION product_variant_stock();
