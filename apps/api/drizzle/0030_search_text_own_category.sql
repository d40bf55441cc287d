-- A product's search text held the names of its category's ancestors too, so a section's name made every product
-- under it hold each of its words: الموبايلات والتابلت made every phone a tablet, Computers & Laptops every printer a
-- laptop (issue 43). It now holds its own category's names only (search-text.ts), and a search finds the products
-- under a section by naming the section whole (decision 020). The ancestors' names are taken off the end of each
-- text, where productSearchText wrote them (before the model written as one word, when there is one), normalised
-- here as normalizeSearchText does for the letters category names are written with; a text that does not end so is
-- left as it was.
WITH RECURSIVE up(category_id, ancestor_id, depth) AS (
  SELECT id, parent_id, 1 FROM categories WHERE parent_id IS NOT NULL
  UNION ALL
  SELECT up.category_id, c.parent_id, up.depth + 1
  FROM up JOIN categories c ON c.id = up.ancestor_id
  WHERE c.parent_id IS NOT NULL AND up.depth < 20
),
names(category_id, t) AS (
  SELECT up.category_id, string_agg(c.name_en || ' ' || c.name_ar, ' ' ORDER BY up.depth)
  FROM up JOIN categories c ON c.id = up.ancestor_id
  GROUP BY up.category_id
),
normalised(category_id, t) AS (
  SELECT category_id, btrim(regexp_replace(
    regexp_replace(
      translate(lower(normalize(t, NFKC)), 'أإآٱةىؤئ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', 'ااااهيوي01234567890123456789'),
      '[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]', '', 'g'),
    '[^a-z0-9\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u0621-\u063A\u0641-\u064A\u066E-\u06D3\u06D5\u06EE-\u06FF]+', ' ', 'g'))
  FROM names
),
texts(id, text, ancestors, last_word) AS (
  SELECT p.id, p.search_text, ' ' || n.t, ' ' || substring(p.search_text FROM '[^ ]+$')
  FROM products p JOIN normalised n ON n.category_id = p.category_id
  WHERE n.t <> ''
)
UPDATE products p SET search_text = CASE
    WHEN right(x.text, length(x.ancestors)) = x.ancestors
      THEN left(x.text, length(x.text) - length(x.ancestors))
    ELSE left(x.text, length(x.text) - length(x.ancestors) - length(x.last_word)) || x.last_word
  END
FROM texts x
WHERE p.id = x.id AND (
  right(x.text, length(x.ancestors)) = x.ancestors
  OR right(x.text, length(x.ancestors) + length(x.last_word)) = x.ancestors || x.last_word
);
--> statement-breakpoint
-- The catalog's words (a typo's nearest) are those of the texts now: the ancestors' names left them.
DELETE FROM search_words;
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products, unnest(string_to_array(search_text, ' ')) AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- USB-C as shoppers write it (usb-c and type-c are read as usb c and type c), a two-way group as DEFAULT_SYNONYMS
-- (synonyms.ts) says it. And words that padded a search with what it did not ask for, now that naming a section
-- whole finds it: تلفزيون no longer finds شاشات, which is also the monitors' (شاشات كمبيوتر), nor موبايل and تليفون
-- `phone`, which is in every headphone's name.
INSERT INTO "search_synonyms" ("term", "alternative", "two_way") VALUES
('type c', 'usb c', true),
('type c', 'تايب سي', true),
('type c', 'typec', true),
('type c', 'usbc', true)
ON CONFLICT ("term", "alternative") DO NOTHING;
--> statement-breakpoint
DELETE FROM "search_synonyms" WHERE NOT "two_way" AND ("term", "alternative") IN
  (('تلفزيون', 'شاشات'), ('موبايل', 'phone'), ('تليفون', 'phone'));
