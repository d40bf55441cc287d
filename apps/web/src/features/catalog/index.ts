export {
  categoriesQueryOptions,
  findCategory,
  getCategories,
  useCategories,
  type CategoriesParams,
} from './api/get-categories';
export {
  brandQueryOptions,
  brandsQueryOptions,
  getBrand,
  getBrands,
  useBrand,
  useBrands,
  type BrandsPage,
  type BrandsParams,
} from './api/get-brands';
export { brandsInfiniteQueryOptions, useInfiniteBrands } from './api/get-brand-pages';
export {
  getPromotion,
  getPromotions,
  promotionQueryOptions,
  promotionsQueryOptions,
  usePromotion,
  usePromotions,
} from './api/get-promotions';
export { ProductCard } from './components/product-card';
export { PurchaseControlsProvider, type PurchaseControls } from './purchase-controls';
export { AvailabilityBadge } from './components/availability-badge';
export { recordRecentlyViewed, useRecentlyViewed, useRecentlyViewedStore } from './recently-viewed';
export {
  getProducts,
  productsQueryOptions,
  useProducts,
  LIST_SORTS,
  type ListSort,
  type ProductsParams,
} from './api/get-products';
export { getProduct, productQueryOptions, useProduct } from './api/get-product';
export { DeliveryEstimate } from './components/delivery-estimate';
export { useDeliveryZone } from './use-delivery-zone';
