import type { Promotion } from '@store/contracts/catalog';
import type { Locale } from '@store/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLocaleStore } from '../../../lib/locale-store';

/** GET /v1/promotions: the promotions running now, each with its slug. */
export const getPromotions = () => api<{ promotions: Promotion[] }>('promotions').then((r) => r.promotions);

export const promotionsQueryOptions = (locale: Locale) =>
  queryOptions({ queryKey: ['promotions', locale], queryFn: getPromotions, staleTime: 5 * 60_000 });

export function usePromotions() {
  const locale = useLocaleStore((s) => s.locale);
  return useQuery(promotionsQueryOptions(locale));
}

/** GET /v1/promotions/:idOrSlug */
export const getPromotion = (idOrSlug: string | number) =>
  api<{ promotion: Promotion }>(`promotions/${encodeURIComponent(String(idOrSlug))}`).then(
    (r) => r.promotion,
  );

export const promotionQueryOptions = (locale: Locale, idOrSlug: string | number) =>
  queryOptions({
    queryKey: ['promotion', locale, String(idOrSlug)],
    queryFn: () => getPromotion(idOrSlug),
    staleTime: 5 * 60_000,
  });

export function usePromotion(idOrSlug: string | number | undefined) {
  const locale = useLocaleStore((s) => s.locale);
  return useQuery({
    ...promotionQueryOptions(locale, idOrSlug ?? ''),
    enabled: idOrSlug !== undefined && idOrSlug !== '',
  });
}
