import { LOW_STOCK_AT } from '@store/contracts/constants';

export type Availability =
  { state: 'in_stock' } | { state: 'low_stock'; left: number } | { state: 'out_of_stock' };

/** Spec §4: in stock above LOW_STOCK_AT, "only N left" from 1 to LOW_STOCK_AT, out of stock at 0. */
export function availabilityOf(stock: number): Availability {
  if (stock <= 0) return { state: 'out_of_stock' };
  if (stock <= LOW_STOCK_AT) return { state: 'low_stock', left: stock };
  return { state: 'in_stock' };
}
