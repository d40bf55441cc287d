-- Everything a product card shows moves the catalog version (decision 009), so the catalog index can keep a
-- version's cards (decision 022): any column of a product other than its stock and updated_at (an order changes
-- only those), a brand's name or icon, a product's images. The search words and the sold-out version as in 0019.
CREATE OR REPLACE FUNCTION products_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (to_jsonb(o) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'stock' - 'updated_at')
  ) THEN
    UPDATE catalog_state SET version = version + 1 WHERE id = 1;
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM old_rows o JOIN new_rows n ON n.id = o.id,
        unnest(string_to_array(n.search_text, ' ')) AS w
      WHERE o.search_text IS DISTINCT FROM n.search_text AND length(w) >= 3
      ON CONFLICT DO NOTHING;
  END IF;
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (o.stock > 0) <> (n.stock > 0)) THEN
    UPDATE catalog_state SET sold_out_version = sold_out_version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER brands_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
--> statement-breakpoint
CREATE TRIGGER product_images_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
