/**
 * The back office's catalog (issue 17), its face for other modules: the products list's filters (the CSV export)
 * and the product row writes (the spreadsheet import). app.ts registers the routes directly, as for other modules.
 */
export { adminProductsWhere } from './products-service.ts';
export {
  insertProduct,
  insertProducts,
  productSearchTextFor,
  updateProduct,
  updateProducts,
} from './product-writes.ts';
