import type { AdminStockBody, AdminStockRow, StockLevel, StockMovement } from '@store/contracts/admin-stock';
import type { PageMeta } from '@store/contracts/catalog';
import type { Locale } from '@store/contracts/constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export interface StockPage {
  products: AdminStockRow[];
  meta: PageMeta;
  counts: Record<StockLevel, number>;
}

export interface StockFilters {
  query: string;
  level: StockLevel;
  page: number;
}

export const STOCK_KEY = ['admin', 'stock'] as const;

/** GET v1/admin/stock: one page, searched and filtered by the server. */
export const stockQueryOptions = (f: StockFilters, locale: Locale) =>
  queryOptions({
    queryKey: [...STOCK_KEY, 'list', f, locale],
    queryFn: ({ signal }) =>
      api<StockPage>('admin/stock', {
        query: { query: f.query || undefined, level: f.level, page: f.page, per_page: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** GET v1/admin/products/{id}/stock_movements: the newest 20. */
export const movementsQueryOptions = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: [...STOCK_KEY, 'movements', id, locale],
    queryFn: ({ signal }) =>
      api<{ product: AdminStockRow; movements: StockMovement[]; meta: PageMeta }>(
        `admin/products/${id}/stock_movements`,
        { signal },
      ),
  });

/** PUT v1/admin/products/{id}/stock. 409: an order or another edit moved it since it was read. */
export const saveStock = (id: number, body: AdminStockBody) =>
  api<{ product: AdminStockRow }>(`admin/products/${id}/stock`, { method: 'PUT', body });
