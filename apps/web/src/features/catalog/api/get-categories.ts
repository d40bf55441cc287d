import type { Locale } from '@store/contracts/constants';
import type { Category } from '@store/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLocaleStore } from '../../../lib/locale-store';

/**
 * GET /v1/categories. No parameter: the root categories with their children nested three levels deep.
 * `show_on_homepage`: the home page's categories; `show_all`: every category, flat; `category_id`: the
 * children of one category; `brand_id`: categories holding that brand's products; `dedicated_page`: categories
 * of the special offers page.
 */
export interface CategoriesParams {
  show_on_homepage?: boolean;
  show_all?: boolean;
  category_id?: number;
  brand_id?: number;
  dedicated_page?: boolean;
}

export const getCategories = (params: CategoriesParams = {}) =>
  api<{ categories: Category[] }>('categories', { query: { ...params } }).then((r) => r.categories);

export const categoriesQueryOptions = (locale: Locale, params: CategoriesParams = {}) =>
  queryOptions({
    queryKey: ['categories', locale, params],
    queryFn: () => getCategories(params),
    staleTime: 5 * 60_000,
  });

export function useCategories(params: CategoriesParams = {}, { enabled = true }: { enabled?: boolean } = {}) {
  const locale = useLocaleStore((s) => s.locale);
  return useQuery({ ...categoriesQueryOptions(locale, params), enabled });
}

/** Finds a category anywhere in a nested tree (for names and breadcrumbs). */
export function findCategory(tree: Category[] | undefined, id: number): Category | undefined {
  for (const c of tree ?? []) {
    if (c.id === id) return c;
    const inner = findCategory(c.children, id);
    if (inner) return inner;
  }
  return undefined;
}
