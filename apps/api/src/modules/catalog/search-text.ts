import { normalizeSearchText } from '@store/contracts';

export interface SearchTextParts {
  titleEn: string;
  titleAr: string;
  brandEn: string;
  brandAr: string;
  model?: string | null;
  series?: string | null;
  /** Names of the product's category and its ancestors, both languages. */
  categoryNames: string[];
}

/**
 * products.search_text: titles first (ranking favours a match at the start), then brand, model, series and
 * categories, all through normalizeSearchText. Recompute whenever any of these change.
 */
export function productSearchText(p: SearchTextParts): string {
  const text = normalizeSearchText(
    [p.titleEn, p.titleAr, p.brandEn, p.brandAr, p.model ?? '', p.series ?? '', ...p.categoryNames].join(' '),
  );
  // The model also as one word ("EF40P-R-S" → "ef40prs"): shoppers type it with or without spaces and dashes.
  const model = normalizeSearchText(p.model ?? '');
  const compact = model.replace(/ /g, '');
  return model.includes(' ') && compact.length >= 3 ? `${text} ${compact}` : text;
}

/** A word's trigrams padded as pg_trgm pads them (two spaces before, one after), so short words count too. */
function paddedTrigrams(text: string, into: Set<string>) {
  for (const w of text.split(' ')) {
    if (!w) continue;
    const p = `  ${w} `;
    for (let i = 0; i + 3 <= p.length; i++) into.add(p.slice(i, i + 3));
  }
  return into;
}

/**
 * How closely a product's search text matches a query (both normalised), 0 to 1: the share of the query's
 * trigrams that the text's words hold. A typo or a word cut short still scores by what it shares. It orders a
 * search's best matches (the catalog index and the database path alike, so both give the same order).
 */
export function querySimilarity(query: string, text: string): number {
  const wanted = paddedTrigrams(query, new Set());
  if (!wanted.size) return 0;
  const held = paddedTrigrams(text, new Set());
  let common = 0;
  for (const g of wanted) if (held.has(g)) common++;
  return common / wanted.size;
}
