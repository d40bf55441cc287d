import type { AdminDiscountCode, DiscountCodeBody } from '@store/contracts/discount-codes';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const DISCOUNTS_KEY = ['admin', 'discount_codes'] as const;

/** The body a create or an edit sends (the server checks it against contracts' schema). */
export type DiscountCodeInput = Omit<DiscountCodeBody, 'code'> & { code: string };

export const discountCodesQueryOptions = () =>
  queryOptions({
    queryKey: DISCOUNTS_KEY,
    queryFn: ({ signal }) =>
      api<{ discount_codes: AdminDiscountCode[] }>('admin/discount_codes', { signal }).then(
        (r) => r.discount_codes,
      ),
  });

export const createDiscountCode = (body: DiscountCodeInput) =>
  api<{ discount_code: AdminDiscountCode }>('admin/discount_codes', { method: 'POST', body });

export const updateDiscountCode = (id: number, body: Partial<DiscountCodeInput>) =>
  api<{ discount_code: AdminDiscountCode }>(`admin/discount_codes/${id}`, { method: 'PATCH', body });

export const endDiscountCode = (id: number) =>
  api<{ discount_code: AdminDiscountCode }>(`admin/discount_codes/${id}/end`, { method: 'POST' });
