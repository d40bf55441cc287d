import { PRODUCT_VISIBILITIES, type ProductVisibility } from '@store/contracts/admin-catalog';
import { STOCK_LEVELS, type StockLevel } from '@store/contracts/admin-stock';

/** The products list's filters, as the address holds them (so a filtered list can be shared and comes back). */
export interface ProductFilters {
  query: string;
  category_id?: number;
  brand_id?: number;
  /** 0: in no promotion. */
  promotion_id?: number;
  level: StockLevel;
  visibility: ProductVisibility;
  page: number;
}

const id = (v: string | null, min = 1) => {
  if (v === null || !/^\d{1,10}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= min && n <= 2_147_483_647 ? n : undefined;
};

export function readFilters(p: URLSearchParams): ProductFilters {
  const level = p.get('level') as StockLevel | null;
  const visibility = p.get('visibility') as ProductVisibility | null;
  return {
    query: (p.get('query') ?? '').trim().slice(0, 100),
    category_id: id(p.get('category_id')),
    brand_id: id(p.get('brand_id')),
    promotion_id: id(p.get('promotion_id'), 0),
    level: level && STOCK_LEVELS.includes(level) ? level : 'all',
    visibility: visibility && PRODUCT_VISIBILITIES.includes(visibility) ? visibility : 'all',
    page: id(p.get('page')) ?? 1,
  };
}

/** The address of these filters; defaults are left out, a new filter starts at page 1. */
export function writeFilters(f: ProductFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.query) p.set('query', f.query);
  if (f.category_id) p.set('category_id', String(f.category_id));
  if (f.brand_id) p.set('brand_id', String(f.brand_id));
  if (f.promotion_id !== undefined) p.set('promotion_id', String(f.promotion_id));
  if (f.level !== 'all') p.set('level', f.level);
  if (f.visibility !== 'all') p.set('visibility', f.visibility);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/** The filters as the API reads them (the list and the CSV export alike), without the page. */
export function filtersQuery(f: ProductFilters) {
  return {
    query: f.query || undefined,
    category_id: f.category_id,
    brand_id: f.brand_id,
    promotion_id: f.promotion_id,
    level: f.level === 'all' ? undefined : f.level,
    visibility: f.visibility === 'all' ? undefined : f.visibility,
  };
}

/** True when any filter narrows the list. */
export const isFiltered = (f: ProductFilters) =>
  Boolean(
    f.query ||
    f.category_id ||
    f.brand_id ||
    f.promotion_id !== undefined ||
    f.level !== 'all' ||
    f.visibility !== 'all',
  );
