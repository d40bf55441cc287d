import type { Locale } from '@store/contracts/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useLocaleStore } from '../../../lib/locale-store';
import { getBrands, type BrandsParams } from './get-brands';

// Apart from get-brands.ts, which the header's brands menu uses: React Query's infinite queries (about 1.5 KB
// gzipped) come with the list pages' brand filter, not the first load.

/** Brands page after page (`meta.next_page`), for lists that load more as they scroll. */
export const brandsInfiniteQueryOptions = (locale: Locale, params: Omit<BrandsParams, 'page'> = {}) =>
  infiniteQueryOptions({
    queryKey: ['brands', locale, 'infinite', params],
    queryFn: ({ pageParam }) => getBrands({ ...params, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.meta.next_page ?? undefined,
    staleTime: 5 * 60_000,
  });

export function useInfiniteBrands(params: Omit<BrandsParams, 'page'> = {}) {
  const locale = useLocaleStore((s) => s.locale);
  return useInfiniteQuery(brandsInfiniteQueryOptions(locale, params));
}
