/**
 * Amounts as the shop shows them: apart from money.ts so that the storefront's first load, which shows prices on
 * every page, carries no totals, discounts or VAT (those only the cart, checkout and order pages need).
 */

/**
 * "12,499.50 EGP", "12,499 EGP" (en-US digits and grouping, up to 2 decimals: none for whole pounds, both digits of
 * the piastres otherwise, as a price is read; "6,499.9" looked like a typo, issue 43) — the one display format of
 * spec §1. Written out
 * rather than through Intl.NumberFormat, which reads the same (a test compares them) but whose first use loads the
 * locale's data: tens of milliseconds on a phone, while the first page hydrates.
 */
export function formatMoney(egp: number, currencyLabel = 'EGP'): string {
  return `${groupedAmount(egp)} ${currencyLabel}`;
}

/**
 * An amount taken off (a discount): "−1,859.92 EGP", the minus sign (U+2212) before the digits as shops print it.
 * `rtl` for a right-to-left page (Arabic): there a sign before digits is laid out with the Arabic text around it and
 * shows at the digits' right end ("ج.م 1,859.92−"), so the sign and digits are kept in one left-to-right isolate
 * (U+2066 … U+2069, as `<bdi dir="ltr">` does), read «ج.م −1,859.92». English is left as it was.
 */
export function formatDeduction(egp: number, currencyLabel = 'EGP', rtl = false): string {
  const amount = `\u2212${groupedAmount(Math.abs(egp))}`;
  return `${rtl ? `\u2066${amount}\u2069` : amount} ${currencyLabel}`;
}

/** The amount of `formatMoney` without its currency label ("1,000", "6,499.90"), for a text that names it. */
export const formatAmount = (egp: number): string => groupedAmount(egp);

/** An amount in pounds as en-US writes it, whole or with 2 decimals: 1234.5 → "1,234.50", 0.25 → "0.25", 7 → "7". */
function groupedAmount(egp: number): string {
  if (!Number.isFinite(egp)) return String(egp);
  // Piastres, rounded half away from zero as Intl does; toFixed(6) first so 1.005 (1.00499999…) is 1.01 there too.
  const piastres = Math.round(Number((Math.abs(egp) * 100).toFixed(6)));
  if (piastres === 0) return egp < 0 || Object.is(egp, -0) ? '-0' : '0';
  const pounds = String(Math.floor(piastres / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const cents = piastres % 100;
  const decimals = cents === 0 ? '' : `.${String(cents).padStart(2, '0')}`;
  return `${egp < 0 ? '-' : ''}${pounds}${decimals}`;
}
