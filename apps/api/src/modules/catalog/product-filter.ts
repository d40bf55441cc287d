import { sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../lib/like.ts';
import { queryWords } from './search/query-words.ts';

/** A typed product number ("1234" or "#1234"), or null. */
export const productNumber = (query: string | undefined): number | null => {
  const q = query?.trim() ?? '';
  return /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null;
};

/**
 * The back office's search of products, one for every screen (the products list and its CSV export, the stock
 * screen, a promotion's products to add), as a condition on `products p`: a typed product number, or every word of
 * the query as the shop's search reads it (`queryWords`: normalised Arabic, so أ/إ/ا, ة/ه and ى/ي match each other,
 * without a leading ال or the words that only tie the others together) in the product's search text (titles in
 * both languages, brand, model, series, category names), through the trigram index. `الثلاجة` finds the fridges
 * on each of them. Null for a blank query; `number` is the typed product number, for screens that show it first.
 * `also`: products found otherwise (the list's exact SKUs), asked in the same subquery; `categories`: the
 * sections a screen's filter keeps (the caller still asks it of `p` too), asked there beside the words.
 */
export function productTextFilter(
  query: string | undefined,
  { also = [], categories = [] }: { also?: readonly number[]; categories?: readonly number[] } = {},
): { where: SQL; number: number | null } | null {
  const text = query?.trim();
  if (!text) return null;
  const words = queryWords(text);
  const number = productNumber(text);
  const ids = number === null ? [...also] : [number, ...also];
  // One subquery of product_search_texts, which carries the trigram index and each product's category (decision
  // 039), so PostgreSQL joins it to products from the cheaper side. An "or" beside it on products (`p.id = 1234 or
  // p.id in (…)`) cannot be joined: every product was read against a hashed list of the matches (a typed number:
  // 50 ms against 0.6 ms at 100,000 products); inside, the trigram and primary key indexes are or-ed in one
  // bitmap. A section asked here is and-ed with the trigrams in the same bitmap (its category index): asked of
  // products alone, a word with few matches in the section was checked on every match (95-170 ms against 2 ms).
  const any = [
    ...(words.length
      ? [
          sql`(${sql.join(
            words.map((w) => sql`search_text like ${`%${escapeLike(w)}%`}`),
            sql` and `,
          )})`,
        ]
      : []),
    ...(ids.length ? [sql`product_id in ${ids}`] : []),
  ];
  if (!any.length) return { where: sql`false`, number };
  const section = categories.length ? sql` and category_id in ${categories}` : sql``;
  return {
    where: sql`(p.id in (select product_id from product_search_texts where (${sql.join(any, sql` or `)})${section}))`,
    number,
  };
}
