import type { ProductDetail } from '@store/contracts/catalog';
import type { Locale } from '@store/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLocaleStore } from '../../../lib/locale-store';
import { useIsSignedIn } from '../../auth';
import { productsPath } from './get-products';

/** GET /v1/products/:id: the product with specifications, images and its category path (404 when unknown). */
export const getProduct = (
  id: number,
  { signal, signedIn }: { signal?: AbortSignal; signedIn?: boolean } = {},
) => api<{ product: ProductDetail }>(`${productsPath(signedIn)}/${id}`, { signal }).then((r) => r.product);

export const productQueryOptions = (locale: Locale, id: number, signedIn = false) =>
  queryOptions({
    queryKey: ['product', locale, signedIn, id],
    queryFn: ({ signal }) => getProduct(id, { signal, signedIn }),
  });

export function useProduct(id: number, { enabled = true } = {}) {
  const locale = useLocaleStore((s) => s.locale);
  const signedIn = useIsSignedIn();
  return useQuery({
    ...productQueryOptions(locale, id, signedIn),
    enabled: enabled && Number.isInteger(id) && id > 0,
  });
}
