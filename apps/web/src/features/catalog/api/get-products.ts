import type { ProductListResponse } from '@store/contracts/catalog';
import type { Locale } from '@store/contracts/constants';
import { PRODUCT_PAGE_SIZE } from '@store/contracts/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLocaleStore } from '../../../lib/locale-store';
import { useAuth, useIsSignedIn } from '../../auth';

/** Spec §6: a signed-in shopper reads products from v1/users/products (it adds the favorite flags). */
export const productsPath = (signedIn = useAuth.getState().headers !== null) =>
  signedIn ? 'users/products' : 'products';

/** The sorts of the list's menu (spec §2), each sent as its flag (`lowest_price=true`); "default" sends none. */
export const LIST_SORTS = [
  'default',
  'lowest_price',
  'highest_price',
  'latest_to_oldest',
  'featured_first',
] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** GET /v1/products parameters (spec §7). */
export interface ProductsParams {
  query?: string;
  page?: number;
  per_page?: number;
  category_id?: number;
  brand_id?: number[];
  featured?: boolean;
  in_active_promotion?: boolean;
  in_dedicated_page?: boolean;
  promotion_slug?: string;
  min_price?: number;
  max_price?: number;
  sort?: ListSort;
}

/** GET /v1/products: a page of products with meta (next_page, and the list's price range for the slider). */
export function getProducts(
  { sort, ...params }: ProductsParams = {},
  { signal, signedIn }: { signal?: AbortSignal; signedIn?: boolean } = {},
) {
  const query = {
    ...params,
    per_page: params.per_page ?? PRODUCT_PAGE_SIZE,
    brand_id: params.brand_id?.length ? params.brand_id : undefined,
    ...(sort && sort !== 'default' ? { [sort]: true } : {}),
  };
  return api<ProductListResponse>(productsPath(signedIn), { query, signal });
}

export const productsQueryOptions = (locale: Locale, params: ProductsParams = {}, signedIn = false) =>
  queryOptions({
    queryKey: ['products', locale, signedIn, params],
    queryFn: ({ signal }) => getProducts(params, { signal, signedIn }),
  });

/** A page of products; with `keepPrevious` the last answer stays on screen while the next one loads. */
export function useProducts(params: ProductsParams = {}, { enabled = true, keepPrevious = false } = {}) {
  const locale = useLocaleStore((s) => s.locale);
  const signedIn = useIsSignedIn();
  return useQuery({
    ...productsQueryOptions(locale, params, signedIn),
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}
