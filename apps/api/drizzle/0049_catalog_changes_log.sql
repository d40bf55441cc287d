CREATE TABLE "catalog_changes" (
	"version" bigint NOT NULL,
	"product_id" integer,
	"whole" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_changes_version_idx" ON "catalog_changes" USING btree ("version");--> statement-breakpoint
CREATE INDEX "catalog_changes_at_idx" ON "catalog_changes" USING btree ("at");--> statement-breakpoint
-- The catalog's change log (issue 50 item 1, decision 036): every raise of catalog_state.version notes, in the same
-- transaction, which products it touched, so an instance's catalog index at version V changes only the products noted
-- since V (modules/catalog/search/index-follow.ts). A raise notes at least one row: `whole` when anything may have
-- changed (a category, brand or promotion: the index is built whole), a product id per product changed (a variant's
-- change notes its product too: the product's card shows its variants' prices), or neither (a change the index holds
-- nothing of). A version without a note (trimmed after an hour, or raised by a writer noting nothing) builds whole.
CREATE OR REPLACE FUNCTION catalog_noted_raise(whole boolean) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  UPDATE catalog_state SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
  IF v IS NOT NULL AND whole THEN
    INSERT INTO catalog_changes (version, whole) VALUES (v, true);
  END IF;
  RETURN v;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_noted_raise(true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Tables the index holds nothing of (the plan's synonyms, the banks' plans, the pages' settings, branches, delivery
-- zones, specifications): their versions are noted as changing no product.
CREATE OR REPLACE FUNCTION catalog_bump_beside() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  v := catalog_noted_raise(false);
  IF v IS NOT NULL THEN
    INSERT INTO catalog_changes (version) VALUES (v);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_note_products(v bigint, ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF v IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO catalog_changes (version, product_id) SELECT DISTINCT v, id FROM unnest(ids) AS id WHERE id IS NOT NULL;
  IF NOT FOUND THEN
    INSERT INTO catalog_changes (version) VALUES (v);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM catalog_note_products(catalog_noted_raise(false),
      ARRAY(SELECT id FROM new_rows UNION SELECT variant_of FROM new_rows));
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM new_rows, unnest(string_to_array(new_rows.search_text, ' ')) AS w WHERE length(w) >= 3
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed integer[];
BEGIN
  changed := ARRAY(
    SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (to_jsonb(o) - 'stock' - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'stock' - 'updated_at'));
  IF cardinality(changed) > 0 THEN
    PERFORM catalog_note_products(catalog_noted_raise(false), changed || ARRAY(
      SELECT o.variant_of FROM old_rows o WHERE o.id = ANY (changed)
      UNION SELECT n.variant_of FROM new_rows n WHERE n.id = ANY (changed)));
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
CREATE OR REPLACE FUNCTION products_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_note_products(catalog_noted_raise(false),
    ARRAY(SELECT id FROM old_rows UNION SELECT variant_of FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_catalog_delete ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalog_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_after_delete();
--> statement-breakpoint
CREATE TRIGGER products_catalog_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_images_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_note_products(catalog_noted_raise(false), ARRAY(SELECT product_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_images_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_note_products(catalog_noted_raise(false),
    ARRAY(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_images_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_note_products(catalog_noted_raise(false), ARRAY(SELECT product_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_images_catalog ON product_images;
--> statement-breakpoint
CREATE TRIGGER product_images_catalog_insert AFTER INSERT ON product_images
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_images_after_insert();
--> statement-breakpoint
CREATE TRIGGER product_images_catalog_update AFTER UPDATE ON product_images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_images_after_update();
--> statement-breakpoint
CREATE TRIGGER product_images_catalog_delete AFTER DELETE ON product_images
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_images_after_delete();
--> statement-breakpoint
CREATE TRIGGER product_images_catalog_truncate AFTER TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_synonyms_catalog ON search_synonyms;
--> statement-breakpoint
CREATE TRIGGER search_synonyms_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump_beside();
--> statement-breakpoint
DROP TRIGGER IF EXISTS banks_catalog ON banks;
--> statement-breakpoint
CREATE TRIGGER banks_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banks
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump_beside();
--> statement-breakpoint
DROP TRIGGER IF EXISTS bank_installments_catalog ON bank_installments;
--> statement-breakpoint
CREATE TRIGGER bank_installments_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bank_installments
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump_beside();
--> statement-breakpoint
DROP TRIGGER IF EXISTS page_settings_catalog ON page_settings;
--> statement-breakpoint
CREATE TRIGGER page_settings_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON page_settings
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump_beside();
--> statement-breakpoint
DROP TRIGGER IF EXISTS branches_catalog ON branches;
--> statement-breakpoint
CREATE TRIGGER branches_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON branches
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump_beside();
--> statement-breakpoint
DROP TRIGGER IF EXISTS delivery_zones_catalog ON delivery_zones;
--> statement-breakpoint
CREATE TRIGGER delivery_zones_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_zones
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump_beside();
--> statement-breakpoint
DROP TRIGGER IF EXISTS specifications_catalog ON specifications;
--> statement-breakpoint
CREATE TRIGGER specifications_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON specifications
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump_beside();
