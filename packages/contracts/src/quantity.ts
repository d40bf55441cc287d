// The cart's quantity limit. No zod in this file: the storefront's first load imports it.

/** What limits how many of a product one order may hold: its stock or its per-order maximum. */
export type QuantityLimit = { kind: 'stock' | 'per_order'; n: number };

/**
 * Spec §5: the most of a product one order may hold is the smaller of its stock and maximum_number_per_order, and
 * the message names that limit ('Only {n} available in stock' / 'Only {n} available per order'). When both are
 * equal the stock is named (it is the truer reason). The quantity counter (web) and the cart calls (api) use this.
 */
export function quantityLimit({
  stock,
  maxPerOrder,
}: {
  stock: number;
  maxPerOrder?: number | null;
}): QuantityLimit {
  const inStock = Math.max(0, Math.floor(stock));
  if (maxPerOrder != null && maxPerOrder > 0 && maxPerOrder < inStock)
    return { kind: 'per_order', n: maxPerOrder };
  return { kind: 'stock', n: inStock };
}
