-- Decision 039. The trigram index over the search text moves from products to a table of its own, kept by the
-- products triggers: every price or stock change rewrote the whole row, none of them a HOT update, so each wrote
-- its product's ~200 trigrams into the index again. On the embedded database that was about nine tenths of a
-- 250-product price change (1 s against 57 ms without the index); on PostgreSQL about half of an import's write.
-- products.search_text stays the text the catalog index and the triggers read; this table holds it again, with the
-- product's category (a search's words and the sections it names in one scan), for the database's searches
-- (sql-engine.ts, product-filter.ts), written only when one of them changes.
CREATE TABLE "product_search_texts" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "product_search_texts" ("product_id", "search_text", "category_id")
  SELECT "id", "search_text", "category_id" FROM "products";
--> statement-breakpoint
ALTER TABLE "product_search_texts" ADD CONSTRAINT "product_search_texts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_texts_trgm_idx" ON "product_search_texts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_search_texts_category_idx" ON "product_search_texts" USING btree ("category_id");--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM catalog_note_products(catalog_noted_raise(false),
      ARRAY(SELECT id FROM new_rows UNION SELECT variant_of FROM new_rows));
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM new_rows, unnest(string_to_array(new_rows.search_text, ' ')) AS w WHERE length(w) >= 3
      ON CONFLICT DO NOTHING;
    INSERT INTO product_search_texts (product_id, search_text, category_id)
      SELECT id, search_text, category_id FROM new_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed integer[];
BEGIN
  changed := ARRAY(
    SELECT c.id FROM (SELECT n.id, to_jsonb(n) - 'stock' - 'updated_at' AS j FROM new_rows n
                      EXCEPT SELECT o.id, to_jsonb(o) - 'stock' - 'updated_at' FROM old_rows o) c);
  IF cardinality(changed) > 0 THEN
    PERFORM catalog_note_products(catalog_noted_raise(false), changed || ARRAY(
      SELECT x.variant_of FROM (SELECT id, variant_of FROM old_rows UNION ALL SELECT id, variant_of FROM new_rows) x
      JOIN (SELECT unnest(changed) AS id) c USING (id) WHERE x.variant_of IS NOT NULL));
    -- The texts that changed: their new words; and the database's searches' copy of the texts and categories.
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM (SELECT id, search_text FROM new_rows EXCEPT SELECT id, search_text FROM old_rows) n,
        unnest(string_to_array(n.search_text, ' ')) AS w
      WHERE length(w) >= 3
      ON CONFLICT DO NOTHING;
    UPDATE product_search_texts s SET search_text = n.search_text, category_id = n.category_id
      FROM (SELECT id, search_text, category_id FROM new_rows
            EXCEPT SELECT id, search_text, category_id FROM old_rows) n
      WHERE s.product_id = n.id;
  END IF;
  IF EXISTS (SELECT id, stock > 0 FROM new_rows EXCEPT SELECT id, stock > 0 FROM old_rows) THEN
    UPDATE catalog_state SET sold_out_version = sold_out_version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;
