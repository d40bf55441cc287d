import type {
  AdminProduct,
  AdminProductBody,
  AdminProductDeleteResponse,
  AdminProductImage,
  AdminProductRow,
  AdminProductsBulk,
  AdminProductUpdate,
} from '@store/contracts/admin-catalog';
import type { Brand, PageMeta, Promotion } from '@store/contracts/catalog';
import type { Locale } from '@store/contracts/constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, ApiError, apiHooks, buildQuery } from '../../lib/api-client';
import { filtersQuery, type ProductFilters } from './filters';

export const PRODUCTS_KEY = ['admin', 'products'] as const;
export const PER_PAGE = 20;

/** GET v1/admin/products: one page, searched and filtered by the server. */
export const productsQueryOptions = (f: ProductFilters, locale: Locale) =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, 'list', f, locale],
    queryFn: ({ signal }) =>
      api<{ products: AdminProductRow[]; meta: PageMeta; capped?: boolean }>('admin/products', {
        query: { ...filtersQuery(f), page: f.page, per_page: PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** GET v1/admin/products/{id}: every field, both languages, its images and specifications. */
export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, 'one', id],
    queryFn: ({ signal }) => api<{ product: AdminProduct }>(`admin/products/${id}`, { signal }),
    staleTime: 0,
    // The editor keeps what the staff member typed: no refetch behind their back.
    refetchOnWindowFocus: false,
  });

export const createProduct = (body: AdminProductBody) =>
  api<{ product: AdminProduct }>('admin/products', { method: 'POST', body });

/** PUT with the `updated_at` the edit was based on: 409 when someone changed it since. */
export const updateProduct = (id: number, body: AdminProductUpdate) =>
  api<{ product: AdminProduct }>(`admin/products/${id}`, { method: 'PUT', body });

/** DELETE: gone, or (a product in orders) hidden, with a message saying so. */
export const deleteProduct = (id: number) =>
  api<AdminProductDeleteResponse>(`admin/products/${id}`, { method: 'DELETE' });

export const bulkProducts = (body: AdminProductsBulk) =>
  api<{ changed: number }>('admin/products/bulk', { method: 'POST', body });

/* ---------------- images ---------------- */

/** POST v1/admin/products/{id}/images: photos (or one .glb) as `file` fields, answered in order. */
export function uploadImages(id: number, files: File[]) {
  const form = new FormData();
  for (const f of files) form.append('file', f, f.name);
  return api<{ images: AdminProductImage[] }>(`admin/products/${id}/images`, { method: 'POST', body: form });
}

/** PUT v1/admin/products/{id}/images: the new order; the first is the main image. */
export const orderImages = (id: number, ids: number[]) =>
  api<{ images: AdminProductImage[] }>(`admin/products/${id}/images`, { method: 'PUT', body: { ids } });

export const deleteImage = (id: number, imageId: number) =>
  api<{ images: AdminProductImage[] }>(`admin/products/${id}/images/${imageId}`, { method: 'DELETE' });

/* ---------------- the editor's and filters' choices ---------------- */

export interface Choice {
  id: number;
  name_en: string;
  name_ar: string;
  /** Categories: the names of its ancestors, root first (for "Kitchen › Cookers"). */
  path?: { en: string; ar: string }[];
}

/**
 * The back office's list when its route answers (every one, hidden ones too), else the store's (what shoppers see):
 * the selects work on a server that has only the store's calls.
 */
async function adminOrShop<T>(admin: () => Promise<T>, shop: () => Promise<T>): Promise<T> {
  try {
    return await admin();
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 405)) return shop();
    throw err;
  }
}

type Named = { id: number; name_en: string; name_ar: string };

/** Every category, flat, each with its ancestors' names, in the catalog's order (a parent before its children). */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, 'categories'],
    queryFn: async ({ signal }) => {
      type C = Named & { parent_id: number | null };
      const categories = await adminOrShop(
        async () => (await api<{ categories: C[] }>('admin/categories', { signal })).categories,
        async () =>
          (await api<{ categories: C[] }>('categories', { query: { show_all: true }, signal })).categories,
      );
      return orderedCategories(categories);
    },
    staleTime: 60_000,
  });

/** A flat list of categories as a tree read top to bottom, each with the names of its ancestors. */
export function orderedCategories(flat: (Named & { parent_id: number | null })[]) {
  const byParent = new Map<number | null, typeof flat>();
  const ids = new Set(flat.map((c) => c.id));
  for (const c of flat) {
    const parent = c.parent_id !== null && ids.has(c.parent_id) ? c.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), c]);
  }
  const out: Choice[] = [];
  const walk = (parent: number | null, path: { en: string; ar: string }[], depth: number) => {
    if (depth > 10) return;
    for (const c of byParent.get(parent) ?? []) {
      out.push({ id: c.id, name_en: c.name_en, name_ar: c.name_ar, path });
      walk(c.id, [...path, { en: c.name_en, ar: c.name_ar }], depth + 1);
    }
  };
  walk(null, [], 0);
  return out;
}

const choices = (list: Named[]) =>
  list.map((b): Choice => ({ id: b.id, name_en: b.name_en, name_ar: b.name_ar }));

export const brandsQueryOptions = () =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, 'brands'],
    queryFn: async ({ signal }) =>
      choices(
        await adminOrShop(
          async () => (await api<{ brands: Named[] }>('admin/brands', { signal })).brands,
          async () =>
            (await api<{ brands: Brand[] }>('brands', { query: { show_all: true }, signal })).brands,
        ),
      ),
    staleTime: 60_000,
  });

/** Every promotion (running, scheduled, ended) from the back office; else the store's running ones. */
export const promotionsQueryOptions = () =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, 'promotions'],
    queryFn: async ({ signal }) =>
      choices(
        await adminOrShop(
          async () => (await api<{ promotions: Named[] }>('admin/promotions', { signal })).promotions,
          async () => (await api<{ promotions: Promotion[] }>('promotions', { signal })).promotions,
        ),
      ),
    staleTime: 60_000,
  });

/** A choice's name in the staff member's language, a category with its ancestors ("Kitchen › Cookers"). */
export const choiceName = (c: Choice, locale: Locale) =>
  [...(c.path ?? []), { en: c.name_en, ar: c.name_ar }]
    .map((n) => (locale === 'ar' ? n.ar || n.en : n.en || n.ar))
    .join(' › ');

/* ---------------- export ---------------- */

/**
 * GET v1/admin/products/export with the list's filters: a CSV file. The session travels in headers (not cookies),
 * so the file is fetched here and handed to the browser as a download.
 */
export async function downloadExport(f: ProductFilters) {
  const res = await fetch(`/v1/admin/products/export?${buildQuery(filtersQuery(f))}`, {
    headers: { accept: 'text/csv', ...apiHooks.headers() },
  });
  if (!res.ok) {
    if (res.status === 401) apiHooks.onUnauthorized();
    if (res.status === 403) apiHooks.onForbidden('admin/products/export');
    const text = await res.text();
    let body: ApiError['body'] = {};
    try {
      body = text ? (JSON.parse(text) as ApiError['body']) : {};
    } catch {
      /* not JSON: the status says enough */
    }
    throw new ApiError(res.status, body);
  }
  const blob = await res.blob();
  const name =
    /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    `products-${new Date().toISOString().slice(0, 10)}.csv`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = decodeURIComponent(name);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
