import type { StoreSeller } from '@store/contracts/seller';
import type { Locale } from '@store/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useLocaleStore } from '../../lib/locale-store';

/**
 * GET /v1/store/seller: the company that sells, as its invoices and e-receipts name it (the API's STORE_LEGAL_NAME,
 * STORE_TAX_ID… settings), in the page's language. The footer's tax number comes from here and nowhere else.
 */
export const getStoreSeller = () => api<{ seller: StoreSeller }>('store/seller').then((r) => r.seller);

export const storeSellerQueryOptions = (locale: Locale) =>
  queryOptions({ queryKey: ['store-seller', locale], queryFn: getStoreSeller, staleTime: 60 * 60_000 });

export function useStoreSeller() {
  const locale = useLocaleStore((s) => s.locale);
  return useQuery(storeSellerQueryOptions(locale));
}
