import type { Branch } from '@store/contracts/catalog';
import type { Locale } from '@store/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLocaleStore } from '../../../lib/locale-store';

/** GET /v1/branches?show_all=true: every branch (name and address in the request's language). */
export const getBranches = () =>
  api<{ branches: Branch[] }>('branches', { query: { show_all: true } }).then((r) => r.branches);

export const branchesQueryOptions = (locale: Locale) =>
  queryOptions({ queryKey: ['branches', locale], queryFn: getBranches, staleTime: 5 * 60_000 });

export function useBranches() {
  const locale = useLocaleStore((s) => s.locale);
  return useQuery(branchesQueryOptions(locale));
}

/** A map link for a branch's position. */
export const mapUrl = (b: Pick<Branch, 'lat' | 'lng'>) => `https://www.google.com/maps?q=${b.lat},${b.lng}`;
