import type { Product, ProductDetail, ProductInstallments } from '@store/contracts/catalog';

/**
 * The installments the product page shows (issue 16, issue 49): the "from … a month" line and the banks' table for
 * the price the shopper would pay, the chosen variant's when one is chosen (the API computes each variant's with the
 * contracts' calculator, for its own checkout_price), else the product's.
 */
export function installmentFigures(
  product: Pick<ProductDetail, 'monthly_from' | 'installments' | 'variants'>,
  chosen: Pick<Product, 'id'> | null,
): { monthlyFrom: number | null; installments: ProductInstallments } {
  const variant = chosen ? product.variants?.find((v) => v.id === chosen.id) : undefined;
  const from = variant ?? product;
  return { monthlyFrom: from.monthly_from, installments: from.installments };
}
