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

/**
 * The one totals calculator (issue 13): the server's cart, checkout and a late payment, and the web's guest cart,
 * all add integer piastres here, never EGP floats (0.1 + 0.2 is not 0.3).
 */
export function orderTotals(
  lines: readonly { unitPiastres: Piastres; quantity: number }[],
  shippingPiastres: Piastres = 0,
): Totals {
  let count = 0;
  let subtotal = 0;
  for (const l of lines) {
    count += l.quantity;
    subtotal += Math.round(l.unitPiastres) * l.quantity;
  }
  const shipping = Math.round(shippingPiastres);
  return { count, subtotal, shipping, total: subtotal + shipping };
}

/** "12,499.5 EGP" (en-US digits, up to 2 decimals) — the one display format of spec §1. */
export function formatMoney(egp: number, currencyLabel = 'EGP'): string {
  const n = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 0 }).format(
    egp,
  );
  return `${n} ${currencyLabel}`;
}
