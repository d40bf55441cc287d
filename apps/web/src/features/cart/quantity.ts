import { quantityLimit, type QuantityLimit } from '@store/contracts/quantity';

/**
 * The quantity counter's rule (spec §5): at least 1; at most the smaller of the stock and the per-order maximum;
 * 0 removes the line; a negative value resets to 1. Going above a limit keeps the limit and says which one.
 */
export interface QuantityLimits {
  stock: number;
  maxPerOrder?: number | null;
}

/** The limit the shopper went over (the rule itself is contracts' quantityLimit). */
export type QuantityWarning = QuantityLimit;

export interface QuantityResult {
  /** The quantity to keep; 0 only with `remove`. */
  quantity: number;
  /** The shopper entered 0: the line goes. */
  remove: boolean;
  warning: QuantityWarning | null;
}

export { quantityLimit };

export function clampQuantity(requested: number, limits: QuantityLimits): QuantityResult {
  if (Number.isNaN(requested) || requested < 0) return clampQuantity(1, limits);
  const wanted = Math.floor(requested);
  if (wanted === 0) return { quantity: 0, remove: true, warning: null };
  const limit = quantityLimit(limits);
  if (wanted > limit.n) return { quantity: limit.n, remove: false, warning: limit };
  return { quantity: wanted, remove: false, warning: null };
}

/** What the shopper typed, read as a whole number: "" and "-" give NaN (still typing), "-4" gives -4. */
export function parseTypedQuantity(text: string): number {
  const t = text.trim();
  return /^-?\d+$/.test(t) ? Number(t) : NaN;
}
