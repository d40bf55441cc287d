/**
 * Stock movements (decision 006): the only code that changes products.stock, each change recorded with its reason
 * in stock_movements. Checkout and payments take stock, cancellations and refunds return it.
 */
export {
  productsUnavailable,
  returnStock,
  sellable,
  sellableAs,
  setStock,
  setStocks,
  takeStock,
  type Movement,
  type StockLine,
} from './service.ts';
