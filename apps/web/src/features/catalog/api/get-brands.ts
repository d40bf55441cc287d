import type { Brand } from '@store/contracts/catalog';
import type { Locale } from '@store/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLocaleStore } from '../../../lib/locale-store';

export interface BrandsParams {
  page?: number;
  per_page?: number;
  show_on_homepage?: boolean;
  category_id?: number;
  show_all?: boolean;
}
export interface BrandsPage {
  brands: Brand[];
  meta: { per_page: number; total_entries: number; current_page: number; next_page: number | null };
}

/** GET /v1/brands: a page of brands (`show_all` gives every brand on one page). */
export const getBrands = (params: BrandsParams = {}) => api<BrandsPage>('brands', { query: { ...params } });

export const brandsQueryOptions = (locale: Locale, params: BrandsParams = {}) =>
  queryOptions({
    queryKey: ['brands', locale, params],
    queryFn: () => getBrands(params),
    staleTime: 5 * 60_000,
  });

export function useBrands(params: BrandsParams = {}, { enabled = true }: { enabled?: boolean } = {}) {
  const locale = useLocaleStore((s) => s.locale);
  return useQuery({ ...brandsQueryOptions(locale, params), enabled });
}

/** GET /v1/brands/:id */
export const getBrand = (id: number) => api<{ brand: Brand }>(`brands/${id}`).then((r) => r.brand);

export const brandQueryOptions = (locale: Locale, id: number) =>
  queryOptions({ queryKey: ['brand', locale, id], queryFn: () => getBrand(id), staleTime: 5 * 60_000 });

export function useBrand(id: number | undefined) {
  const locale = useLocaleStore((s) => s.locale);
  return useQuery({ ...brandQueryOptions(locale, id ?? 0), enabled: id !== undefined && id > 0 });
}
