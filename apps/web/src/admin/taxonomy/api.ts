import type {
  AdminBrand,
  AdminBrandBody,
  AdminBrandUpdate,
  AdminCategory,
  AdminCategoryBody,
  AdminCategoryUpdate,
  AdminPromotion,
  AdminPromotionBody,
  AdminPromotionProduct,
  AdminPromotionUpdate,
} from '@store/contracts/admin-taxonomy';
import type { AdminSynonym, AdminSynonymBody, AdminSynonymsResponse } from '@store/contracts/admin-synonyms';
import type { Locale } from '@store/contracts/constants';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Everything of this screen's server state: invalidated together after any change. */
export const TAXONOMY_KEY = ['admin', 'taxonomy'] as const;

/* ---------------- categories ---------------- */

/** GET v1/admin/categories: the whole tree, flat in tree order. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...TAXONOMY_KEY, 'categories'],
    queryFn: ({ signal }) => api<{ categories: AdminCategory[] }>('admin/categories', { signal }),
  });

export const createCategory = (body: AdminCategoryBody) =>
  api<{ category: AdminCategory }>('admin/categories', { method: 'POST', body });

/** 409: someone changed it since it was read. */
export const updateCategory = (id: number, body: AdminCategoryUpdate) =>
  api<{ category: AdminCategory }>(`admin/categories/${id}`, { method: 'PUT', body });

/** The new order of one parent's children; a category from another parent named here moves here. */
export const orderCategories = (parent_id: number | null, ids: number[]) =>
  api<{ categories: AdminCategory[] }>('admin/categories/order', {
    method: 'PUT',
    body: { parent_id, ids },
  });

export const deleteCategory = (id: number) => api<void>(`admin/categories/${id}`, { method: 'DELETE' });

/** POST v1/admin/{categories|brands}/{id}/icon: multipart `file`. */
export function uploadIcon(kind: 'categories' | 'brands', id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api<unknown>(`admin/${kind}/${id}/icon`, { method: 'POST', body: form });
}

/* ---------------- brands ---------------- */

export const brandsQueryOptions = () =>
  queryOptions({
    queryKey: [...TAXONOMY_KEY, 'brands'],
    queryFn: ({ signal }) => api<{ brands: AdminBrand[]; on_homepage: number }>('admin/brands', { signal }),
  });

export const createBrand = (body: AdminBrandBody) =>
  api<{ brand: AdminBrand }>('admin/brands', { method: 'POST', body });

export const updateBrand = (id: number, body: AdminBrandUpdate) =>
  api<{ brand: AdminBrand }>(`admin/brands/${id}`, { method: 'PUT', body });

export const deleteBrand = (id: number) => api<void>(`admin/brands/${id}`, { method: 'DELETE' });

/* ---------------- promotions ---------------- */

export const promotionsQueryOptions = () =>
  queryOptions({
    queryKey: [...TAXONOMY_KEY, 'promotions'],
    queryFn: ({ signal }) => api<{ promotions: AdminPromotion[] }>('admin/promotions', { signal }),
  });

export const promotionProductsQueryOptions = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: [...TAXONOMY_KEY, 'promotions', id, 'products', locale],
    queryFn: ({ signal }) =>
      api<{ products: AdminPromotionProduct[] }>(`admin/promotions/${id}/products`, { signal }),
  });

/** Products to add to a promotion: by a number or words of the title, model, brand or category. */
export const candidatesQueryOptions = (id: number, query: string, locale: Locale) =>
  queryOptions({
    queryKey: [...TAXONOMY_KEY, 'promotions', id, 'candidates', query, locale],
    queryFn: ({ signal }) =>
      api<{ products: AdminPromotionProduct[] }>(`admin/promotions/${id}/candidates`, {
        query: { query },
        signal,
      }),
    enabled: query.length > 0,
  });

export const createPromotion = (body: AdminPromotionBody) =>
  api<{ promotion: AdminPromotion }>('admin/promotions', { method: 'POST', body });

export const updatePromotion = (id: number, body: AdminPromotionUpdate) =>
  api<{ promotion: AdminPromotion }>(`admin/promotions/${id}`, { method: 'PUT', body });

export const deletePromotion = (id: number) => api<void>(`admin/promotions/${id}`, { method: 'DELETE' });

/** Adds products with their promotion price (or changes it), or takes them out (`remove`). */
export const setPromotionProducts = (
  id: number,
  body: { items?: { product_id: number; price_after_promotion: string | number }[]; remove?: number[] },
) => api<{ products: AdminPromotionProduct[] }>(`admin/promotions/${id}/products`, { method: 'PUT', body });

/* ---------------- search synonyms ---------------- */

/** GET v1/admin/synonyms: a page of them, `q` finding either side as the search reads it. */
export const synonymsQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: [...TAXONOMY_KEY, 'synonyms', q, page],
    queryFn: ({ signal }) =>
      api<AdminSynonymsResponse>('admin/synonyms', { query: { q: q || undefined, page }, signal }),
  });

/** 409 when the pair (or its reverse, either two-way) is already there. */
export const createSynonym = (body: AdminSynonymBody) =>
  api<{ synonym: AdminSynonym }>('admin/synonyms', { method: 'POST', body });

export const deleteSynonym = (id: number) => api<void>(`admin/synonyms/${id}`, { method: 'DELETE' });
