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
