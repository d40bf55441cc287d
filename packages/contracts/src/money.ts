/**
 * Money is an integer number of piastres (1 EGP = 100 piastres) in code and database.
 * On the wire a price is an EGP amount with at most 2 decimals, made from the integer by `toEgp`.
 */
export type Piastres = number;

export function toEgp(piastres: Piastres): number {
  return Math.round(piastres) / 100;
}

export function toPiastres(egp: number): Piastres {
  return Math.round(egp * 100);
}

export interface Totals {
  /** Units. */
  count: number;
  subtotal: Piastres;
  shipping: Piastres;
  total: Piastres;
}

/** A delivery zone's charge: its fee, and the order amount from which delivery is free there (null: never). */
export interface DeliveryRule {
  feePiastres: Piastres;
  freeFromPiastres: Piastres | null;
}

/** What delivery costs for products worth `subtotal`: the zone's fee, or nothing from its free-shipping amount. */
export function deliveryFee(subtotal: Piastres, rule: DeliveryRule): Piastres {
  return rule.freeFromPiastres !== null && subtotal >= rule.freeFromPiastres
    ? 0
    : Math.round(rule.feePiastres);
}

/**
 * The one totals calculator (issue 13): the server's cart, checkout and a late payment, and the web's guest cart,
 * all add integer piastres here, never EGP floats (0.1 + 0.2 is not 0.3). Delivery is a fixed amount, or a zone's
 * rule (free from an amount, issue 16) applied to the subtotal.
 */
export function orderTotals(
  lines: readonly { unitPiastres: Piastres; quantity: number }[],
  delivery: Piastres | DeliveryRule = 0,
): Totals {
  let count = 0;
  let subtotal = 0;
  for (const l of lines) {
    count += l.quantity;
    subtotal += Math.round(l.unitPiastres) * l.quantity;
  }
  const shipping = typeof delivery === 'number' ? Math.round(delivery) : deliveryFee(subtotal, delivery);
  return { count, subtotal, shipping, total: subtotal + shipping };
}

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
