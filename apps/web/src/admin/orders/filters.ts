import {
  ADMIN_ORDER_SORTS,
  ADMIN_ORDERS_PAGE_SIZES,
  adminOrdersQuerySchema,
  type AdminOrderSort,
} from '@store/contracts/admin-orders';
import type { OrderStatus, PaymentMethod } from '@store/contracts/constants';
import type { PaymentKind } from '@store/contracts/payment-states';

/**
 * The orders list's filters, sort and page live in the page's address (`/admin/orders?status=pending&page=2`), so a
 * list can be bookmarked, shared and reloaded, and Back returns to the previous filters. Each parameter is read with
 * the contracts' own rule; one the API would refuse is ignored rather than sent.
 */
export interface OrderFilters {
  status?: OrderStatus;
  payment_method?: PaymentMethod;
  /** Paid online with a card, a wallet, at a kiosk, by BNPL (the gateway's answer, issue 47). */
  paid_with?: PaymentKind;
  from?: string;
  to?: string;
  governorate?: string;
  query?: string;
  refund_required?: boolean;
  sort: AdminOrderSort;
  page: number;
  per_page: number;
}

export const DEFAULT_SORT: AdminOrderSort = 'newest';
export const DEFAULT_PER_PAGE: (typeof ADMIN_ORDERS_PAGE_SIZES)[number] = 20;

type FilterKey = Exclude<keyof OrderFilters, 'sort' | 'page' | 'per_page'>;
export const FILTER_KEYS: readonly FilterKey[] = [
  'status',
  'payment_method',
  'paid_with',
  'from',
  'to',
  'governorate',
  'query',
  'refund_required',
];

const shape = adminOrdersQuerySchema.shape;

/** A parameter read with its own rule of the contracts; absent, blank or refused: undefined. */
function read<T>(
  params: URLSearchParams,
  key: string,
  rule: { safeParse(v: unknown): { success: boolean; data?: T } },
) {
  const raw = params.get(key);
  if (raw === null || raw.trim() === '') return undefined;
  const r = rule.safeParse(raw);
  return r.success ? r.data : undefined;
}

export function readFilters(params: URLSearchParams): OrderFilters {
  const perPage = read(params, 'per_page', shape.per_page);
  const f: OrderFilters = {
    sort: read(params, 'sort', shape.sort) ?? DEFAULT_SORT,
    page: read(params, 'page', shape.page) ?? 1,
    per_page:
      perPage !== undefined && (ADMIN_ORDERS_PAGE_SIZES as readonly number[]).includes(perPage)
        ? perPage
        : DEFAULT_PER_PAGE,
  };
  for (const key of FILTER_KEYS) {
    const v = read<unknown>(params, key, shape[key]);
    if (v !== undefined && v !== '' && v !== false) (f as unknown as Record<string, unknown>)[key] = v;
  }
  // A range that ends before it starts is read as the same range turned round.
  if (f.from && f.to && f.from > f.to) [f.from, f.to] = [f.to, f.from];
  return f;
}

/**
 * The address after a change: empty values and defaults leave the address; any change but the page's own sends
 * the list back to its first page.
 */
export function withFilters(params: URLSearchParams, patch: Partial<OrderFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    const isDefault =
      value === undefined ||
      value === '' ||
      value === false ||
      (key === 'sort' && value === DEFAULT_SORT) ||
      (key === 'page' && value === 1) ||
      (key === 'per_page' && value === DEFAULT_PER_PAGE);
    if (isDefault) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in patch)) next.delete('page');
  next.sort();
  return next;
}

/** The API's query for these filters (GET v1/admin/orders). */
export function apiQuery(f: OrderFilters): Record<string, string | number | undefined> {
  return {
    status: f.status,
    payment_method: f.payment_method,
    paid_with: f.paid_with,
    from: f.from,
    to: f.to,
    governorate: f.governorate,
    query: f.query,
    refund_required: f.refund_required ? 'true' : undefined,
    sort: f.sort,
    page: f.page,
    per_page: f.per_page,
  };
}

/** The sortable columns of the table and the API's sort names (one column at a time). */
export type SortColumn = 'created_at' | 'total';
const SORTS: Record<AdminOrderSort, { id: SortColumn; desc: boolean }> = {
  newest: { id: 'created_at', desc: true },
  oldest: { id: 'created_at', desc: false },
  total_desc: { id: 'total', desc: true },
  total_asc: { id: 'total', desc: false },
};

export const sortingOf = (sort: AdminOrderSort) => [SORTS[sort]];

export function sortOf(sorting: readonly { id: string; desc: boolean }[]): AdminOrderSort {
  const first = sorting[0];
  if (!first) return DEFAULT_SORT;
  const found = ADMIN_ORDER_SORTS.find((s) => SORTS[s].id === first.id && SORTS[s].desc === first.desc);
  return found ?? DEFAULT_SORT;
}

/** How many pages `total` rows make. */
export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));
