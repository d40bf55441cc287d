import { LIST_SORTS, type ListSort, type ProductsParams } from './api/get-products';

/**
 * A product list's filters as they live in the URL, so a list can be shared and Back restores it:
 * `search`, `category_id`, `brand_id` (comma list), `min_price`, `max_price` (EGP digits), `sort`,
 * `page` (the last page shown) and `from` (the first page shown, when More appended pages).
 */
export interface ListFilters {
  search?: string;
  category_id?: number;
  brand_id: number[];
  min_price?: string;
  max_price?: string;
  sort: ListSort;
  page: number;
  from: number;
}

const positiveInt = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
/** A price in EGP digits, at most 7 of them (9,999,999 EGP), as the price fields allow. */
const digits = (v: string | null) => (v && /^\d{1,7}$/.test(v) ? v.replace(/^0+(?=\d)/, '') : undefined);

export function parseListFilters(sp: URLSearchParams): ListFilters {
  const page = positiveInt(sp.get('page')) ?? 1;
  const from = Math.min(positiveInt(sp.get('from')) ?? page, page);
  const sort = sp.get('sort');
  const brands = (sp.get('brand_id') ?? '')
    .split(',')
    .map((s) => positiveInt(s.trim()))
    .filter((n): n is number => n !== undefined);
  return {
    search: sp.get('search')?.trim() || undefined,
    category_id: positiveInt(sp.get('category_id')),
    brand_id: [...new Set(brands)],
    min_price: digits(sp.get('min_price')),
    max_price: digits(sp.get('max_price')),
    sort: (LIST_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ListSort) : 'default',
    page,
    from,
  };
}

/** The URL search string for filters; defaults are left out so shared links stay short. */
export function listFiltersToSearch(f: ListFilters): string {
  const parts: [string, string | number | undefined | false][] = [
    ['search', f.search],
    ['category_id', f.category_id],
    ['brand_id', f.brand_id.length > 0 && f.brand_id.join(',')],
    ['min_price', f.min_price],
    ['max_price', f.max_price],
    ['sort', f.sort !== 'default' && f.sort],
    ['page', f.page > 1 && f.page],
    ['from', f.from < f.page && f.from],
  ];
  // Commas stay readable in brand lists (brand_id=2,5).
  const s = parts
    .filter(([, v]) => v !== undefined && v !== false && v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v)).replace(/%2C/gi, ',')}`)
    .join('&');
  return s ? `?${s}` : '';
}

/** Any change of a filter starts again at page 1 (a page number means nothing in another list). */
export function withFilter(f: ListFilters, patch: Partial<Omit<ListFilters, 'page' | 'from'>>): ListFilters {
  return { ...f, ...patch, page: 1, from: 1 };
}

/** The API parameters for page `page` of the list (`base` adds the list's kind: special offers, a promotion). */
export function apiParamsFor(
  f: ListFilters,
  page: number,
  base: Partial<ProductsParams> = {},
): ProductsParams {
  return {
    ...base,
    query: f.search,
    category_id: f.category_id,
    brand_id: f.brand_id.length ? [...f.brand_id].sort((a, b) => a - b) : undefined,
    min_price: f.min_price !== undefined ? Number(f.min_price) : undefined,
    max_price: f.max_price !== undefined ? Number(f.max_price) : undefined,
    sort: f.sort,
    page,
  };
}

export const hasActiveFilters = (f: ListFilters) =>
  f.brand_id.length > 0 || f.min_price !== undefined || f.max_price !== undefined || f.sort !== 'default';
