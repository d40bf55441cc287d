CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"alternative" text NOT NULL,
	"two_way" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_term_alternative_idx" ON "search_synonyms" USING btree ("term","alternative");--> statement-breakpoint
-- A synonym added, changed or removed changes what searches find: the catalog's version moves (decision 009).
CREATE TRIGGER search_synonyms_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
--> statement-breakpoint
-- Model numbers also without their spaces and dashes ("EF40P-R-S" is found as "ef40prs"), as productSearchText
-- now writes them.
UPDATE products SET search_text = search_text || ' ' || lower(regexp_replace(model, '[^[:alnum:]]+', '', 'g'))
  WHERE model ~ '[^[:alnum:]]' AND length(regexp_replace(model, '[^[:alnum:]]+', '', 'g')) >= 3;
