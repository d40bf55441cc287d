ALTER TABLE "catalog_state" ADD COLUMN "sold_out_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The catalog index (modules/catalog/catalog-index.ts) keeps the sold-out products apart from the catalog version:
-- stock moves with every order, and only a product selling out or coming back changes what a list puts last.
CREATE OR REPLACE FUNCTION products_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.category_id, o.brand_id, o.price_piastres, o.promoted_price_piastres, o.current_price_piastres,
           o.promotion_id, o.featured, o.special_offer, o.active, o.search_text)
      IS DISTINCT FROM
          (n.category_id, n.brand_id, n.price_piastres, n.promoted_price_piastres, n.current_price_piastres,
           n.promotion_id, n.featured, n.special_offer, n.active, n.search_text)
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
