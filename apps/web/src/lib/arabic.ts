/**
 * "لـ" (to, for) written onto a name as Arabic writes it: before the article "ال" the alef drops ("القاهرة" →
 * "للقاهرة", not "لـالقاهرة"); before another Arabic letter the lam joins it ("أسوان" → "لأسوان"); before a name that
 * does not start with an Arabic letter (digits, Latin) a tatweel keeps the lam visibly apart ("لـ6 أكتوبر").
 */
export function arabicTo(name: string): string {
  const n = name.trim();
  if (n.startsWith('ال')) return `لل${n.slice(2)}`;
  return /^\p{Script=Arabic}/u.test(n) ? `ل${n}` : `لـ${n}`;
}
