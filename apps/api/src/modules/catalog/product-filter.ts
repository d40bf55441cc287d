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
 */
export function productTextFilter(query: string | undefined): { where: SQL; number: number | null } | null {
  const text = query?.trim();
  if (!text) return null;
  const words = queryWords(text);
  // Through product_search_texts, which carries the trigram index (decision 039).
  const all = words.length
    ? sql`p.id in (select product_id from product_search_texts where ${sql.join(
        words.map((w) => sql`search_text like ${`%${escapeLike(w)}%`}`),
        sql` and `,
      )})`
    : sql`false`;
  const number = productNumber(text);
  return { where: number === null ? sql`(${all})` : sql`(p.id = ${number} or (${all}))`, number };
}
