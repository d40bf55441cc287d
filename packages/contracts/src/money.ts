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
  /** A discount code's amount off the lines in its scope (issue 49 item 1); 0 without one. */
  discount: Piastres;
  shipping: Piastres;
  /** subtotal − discount + shipping. */
  total: Piastres;
  /** The VAT inside the total (shelf prices include it, issue 47): the lines' plus the delivery fee's. */
  vat: Piastres;
  /** The delivery fee's VAT (0 unless the fee is taxed). */
  shippingVat: Piastres;
  /**
   * Each line's amounts, in the lines' order: gross = units × unit price less the line's share of the discount, VAT
   * inside it, net = gross − VAT.
   */
  lines: LineAmounts[];
}

export interface LineAmounts {
  vatRateBp: number;
  net: Piastres;
  vat: Piastres;
  gross: Piastres;
  /** The line's share of the discount (already taken off gross). */
  discount: Piastres;
}

/** A discount code's rule (issue 49 item 1): percent (1–100) or an amount in piastres off the lines in scope. */
export interface DiscountRule {
  kind: 'percent' | 'amount';
  value: number;
}

/**
 * What a rule takes off products worth `eligible` (the lines in its scope): a percent rounded half up to the
 * piastre, or the amount, never more than they cost.
 */
export function discountOff(eligible: Piastres, rule: DiscountRule): Piastres {
  if (eligible <= 0 || rule.value <= 0) return 0;
  const off =
    rule.kind === 'percent' ? Math.floor((2 * eligible * Math.min(rule.value, 100) + 100) / 200) : rule.value;
  return Math.min(Math.round(off), eligible);
}

/** `amount` shared among `weights` by their exact shares, the largest remainders taking the odd piastres. */
function share(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  const exact = weights.map((w) => (sum === 0 ? 0 : (amount * w) / sum));
  const floors = exact.map(Math.floor);
  let left = amount - floors.reduce((s, x) => s + x, 0);
  const order = weights
    .map((_, k) => k)
    .sort((a, b) => exact[b]! - floors[b]! - (exact[a]! - floors[a]!) || a - b);
  for (const k of order) {
    if (left <= 0) break;
    floors[k]! += 1;
    left -= 1;
  }
  return floors;
}

/** Egypt's standard VAT rate, 14%, in basis points (a product's tax class: standard, exempt 0, or another rate). */
export const STANDARD_VAT_BP = 1400;
export const TAX_CLASSES = ['standard', 'exempt', 'other'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** A rate's class: 1400 standard, 0 exempt, anything else another rate. */
export const taxClassOf = (vatRateBp: number): TaxClass =>
  vatRateBp === STANDARD_VAT_BP ? 'standard' : vatRateBp === 0 ? 'exempt' : 'other';

/**
 * The VAT inside a gross amount at a rate (basis points), rounded half up to the piastre: 11,400 at 14% → 1,400.
 * Integer arithmetic only.
 */
export function vatInside(gross: Piastres, vatRateBp: number): Piastres {
  if (vatRateBp <= 0 || gross === 0) return 0;
  const d = 10_000 + vatRateBp;
  const sign = gross < 0 ? -1 : 1;
  const g = Math.abs(Math.round(gross));
  return sign * Math.floor((2 * g * vatRateBp + d) / (2 * d));
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
 *
 * VAT (issue 47, decision 030) is inside the prices: each rate's VAT is taken from the sum of its lines at once
 * (14/114 of a standard-rated total, rounded once), then shared among those lines by their exact shares, the
 * largest remainders taking the odd piastres, so the lines add up to the order's VAT exactly. A line without
 * `vatRateBp` is standard-rated. The delivery fee carries VAT only with `deliveryVatBp` (DELIVERY_FEE_TAXED),
 * at that rate, on its own.
 *
 * A discount code (`discount`, issue 49 item 1) comes off the lines in its scope (`discountable`, true unless
 * false) before VAT: shared among them by their amounts (largest remainders), so each line's gross, the VAT and
 * the total are what is paid. Free delivery is judged on what the products cost after it.
 */
export function orderTotals(
  lines: readonly { unitPiastres: Piastres; quantity: number; vatRateBp?: number; discountable?: boolean }[],
  delivery: Piastres | DeliveryRule = 0,
  { deliveryVatBp = 0, discount }: { deliveryVatBp?: number; discount?: DiscountRule | null } = {},
): Totals {
  let count = 0;
  let subtotal = 0;
  const amounts: LineAmounts[] = [];
  const byRate = new Map<number, number[]>();
  for (const [i, l] of lines.entries()) {
    count += l.quantity;
    const gross = Math.round(l.unitPiastres) * l.quantity;
    subtotal += gross;
    const vatRateBp = l.vatRateBp ?? STANDARD_VAT_BP;
    amounts.push({ vatRateBp, net: gross, vat: 0, gross, discount: 0 });
    byRate.set(vatRateBp, [...(byRate.get(vatRateBp) ?? []), i]);
  }
  let off = 0;
  if (discount) {
    const inScope = lines.flatMap((l, i) => (l.discountable === false ? [] : [i]));
    off = discountOff(
      inScope.reduce((s, i) => s + amounts[i]!.gross, 0),
      discount,
    );
    const shares = share(
      off,
      inScope.map((i) => amounts[i]!.gross),
    );
    inScope.forEach((i, k) => {
      amounts[i]!.discount = shares[k]!;
      amounts[i]!.gross -= shares[k]!;
      amounts[i]!.net = amounts[i]!.gross;
    });
  }
  let vat = 0;
  for (const [rate, idx] of byRate) {
    if (rate <= 0) continue;
    const groupGross = idx.reduce((s, i) => s + amounts[i]!.gross, 0);
    const groupVat = vatInside(groupGross, rate);
    vat += groupVat;
    // Each line's exact share, floored; the piastres left go to the largest remainders (then the earlier line).
    const exact = idx.map((i) => (groupGross === 0 ? 0 : (groupVat * amounts[i]!.gross) / groupGross));
    const floors = exact.map(Math.floor);
    let left = groupVat - floors.reduce((s, x) => s + x, 0);
    const order = idx
      .map((_, k) => k)
      .sort((a, b) => exact[b]! - floors[b]! - (exact[a]! - floors[a]!) || a - b);
    for (const k of order) {
      if (left <= 0) break;
      floors[k]! += 1;
      left -= 1;
    }
    idx.forEach((i, k) => {
      amounts[i]!.vat = floors[k]!;
      amounts[i]!.net = amounts[i]!.gross - floors[k]!;
    });
  }
  const shipping =
    typeof delivery === 'number' ? Math.round(delivery) : deliveryFee(subtotal - off, delivery);
  const shippingVat = vatInside(shipping, deliveryVatBp);
  return {
    count,
    subtotal,
    discount: off,
    shipping,
    total: subtotal - off + shipping,
    vat: vat + shippingVat,
    shippingVat,
    lines: amounts,
  };
}

// The display format lives apart (money-format.ts), so that a page showing prices does not carry the totals.
export { formatAmount, formatMoney } from './money-format.ts';
