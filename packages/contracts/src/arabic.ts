/**
 * Normalises text so that the spellings a shopper may type meet the ones in the catalog:
 * alef forms (أ إ آ ٱ) -> ا, taa marbuta ة -> ه, alef maqsura ى -> ي, hamza seats ؤ ئ -> و ي,
 * Arabic diacritics (tashkeel) and tatweel removed, Arabic-Indic and Persian digits -> Latin digits,
 * Latin lower-cased, punctuation to spaces, runs of spaces collapsed.
 * The search index and the query both pass through this one function.
 */
export function normalizeSearchText(input: string): string {
  return input
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u06D6-\u06ED]/g, '') // tashkeel, superscript alef, Quranic marks
    .replace(/\u0640/g, '') // tatweel
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/**
 * The words of a search query, normalised, without the Arabic definite article (ال) on longer words,
 * so "الثلاجة" finds "ثلاجه". At most 8 words.
 */
export function searchTokens(query: string): string[] {
  return normalizeSearchText(query)
    .split(' ')
    .filter(Boolean)
    .map((w) => (w.length > 4 && w.startsWith('ال') ? w.slice(2) : w))
    .slice(0, 8);
}
