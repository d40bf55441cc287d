/** The catalog's face for the rest of the API: products as the shop shows them (cart, wishlist). */
export { getProduct, listProducts, loadProducts } from './service.ts';
export { enableCatalogIndex, warmCatalogIndex } from './catalog-index.ts';
