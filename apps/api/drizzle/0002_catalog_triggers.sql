-- The catalog's version and its words, kept by the database itself (decision 009), so every instance and every
-- way of writing (the API, the seed, a back office, psql) keeps them right.
INSERT INTO "catalog_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "products", unnest(string_to_array("search_text", ' ')) AS w WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows) THEN
    UPDATE catalog_state SET version = version + 1 WHERE id = 1;
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM new_rows, unnest(string_to_array(new_rows.search_text, ' ')) AS w WHERE length(w) >= 3
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Stock and updated_at change with every order and are not compared: an order does not touch the version.
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
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_after_insert();
--> statement-breakpoint
CREATE TRIGGER products_catalog_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_after_update();
--> statement-breakpoint
CREATE TRIGGER products_catalog_delete AFTER DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
--> statement-breakpoint
CREATE TRIGGER categories_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
--> statement-breakpoint
CREATE TRIGGER promotions_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON promotions
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
