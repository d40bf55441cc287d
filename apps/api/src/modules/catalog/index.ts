/** The catalog's face for the rest of the API: products as the shop shows them (cart, wishlist). */
export { getProduct, listProducts, loadProducts } from './service.ts';
export {
  catalogIndexInfo,
  catalogIndexReady,
  enableCatalogIndex,
  warmCatalogIndex,
} from './search/catalog-index.ts';
/** The catalog index's change log, trimmed by the hourly purge (issue 50 item 1). */
export { trimCatalogChanges } from './search/index-follow.ts';
/** For the back office's product writes (catalog-admin): search_text and current prices stay the catalog's rules. */
export { productSearchText, type SearchTextParts } from './search-text.ts';
export { currentPrice, followPromotionClock, refreshCurrentPrices } from './prices.ts';
/** The back office's one search of products (products list and export, stock screen, a promotion's candidates). */
export { productNumber, productTextFilter } from './product-filter.ts';
/** When a promotion runs: the one rule, for the back office's promotion states too. */
export { runningPromotion } from './taxonomy-reads.ts';
/**
 * For the shop's pages (web.ts, seo.ts, share-images.ts): the catalog's version (the page cache's key), whether a
 * category or a running promotion exists (a page's 404), a product's share data, the sitemap's pages.
 */
export { catalogVersion, productShareMeta, variantProductOf } from './service.ts';
export { categoryExists, getPromotion } from './taxonomy-reads.ts';
export { sitemapPages, type SitemapPage } from './sitemap.ts';
