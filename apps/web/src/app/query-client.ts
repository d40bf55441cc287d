import {
  QueryClient,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type Query,
} from '@tanstack/react-query';

/**
 * The app's query client, whose invalidation after a change never shows an answer read before it.
 *
 * TanStack Query's refetch joins a fetch already under way when the query has no answer yet (it cancels and starts
 * again only a query that has one). So a list's first fetch, sent just before a change (a filter typed, then a
 * synonym deleted), could land after the change's refresh and show the deleted row until the next change. Here an
 * invalidation first cancels such first fetches of the queries it refetches, so their answer is read after the change.
 */
export class StoreQueryClient extends QueryClient {
  override async invalidateQueries(filters: InvalidateQueryFilters = {}, options: InvalidateOptions = {}) {
    const refetched = filters.refetchType ?? 'active';
    if (refetched !== 'none') {
      const own = filters.predicate;
      await this.cancelQueries({
        ...filters,
        fetchStatus: 'fetching',
        predicate: (q: Query) =>
          q.state.data === undefined &&
          (refetched === 'all' || q.isActive() === (refetched === 'active')) &&
          (own ? own(q) : true),
      });
    }
    return super.invalidateQueries(filters, options);
  }
}

export const queryClient = new StoreQueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      retry: (count, err) => count < 2 && !((err as unknown as { status?: number }).status! < 500),
      refetchOnWindowFocus: false,
    },
  },
});
