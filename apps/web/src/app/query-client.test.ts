import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { StoreQueryClient } from './query-client';

/**
 * A list shown on a page (an active query) whose first fetch is under way when a change is made and its refresh
 * asked: the list must show what the server holds after the change, whichever answer lands last.
 */
async function listAfterChange(client: QueryClient) {
  // The server's rows, and each request's answer held until the test lets it go (the slow first one, read before).
  let rows = ['zkb', 'charger'];
  const pending: Array<() => void> = [];
  const observer = new QueryObserver(client, {
    queryKey: ['admin', 'synonyms', 'zkb', 1],
    queryFn: () => {
      const read = [...rows];
      return new Promise<string[]>((resolve) => pending.push(() => resolve(read)));
    },
  });
  const seen: Array<string[] | undefined> = [];
  const unsubscribe = observer.subscribe((r) => seen.push(r.data));
  await Promise.resolve();
  expect(pending).toHaveLength(1);

  // The synonym is deleted while the first fetch is under way; the page asks for its refresh.
  rows = ['charger'];
  const refreshed = client.invalidateQueries({ queryKey: ['admin', 'synonyms'] });
  // The first answer (read before the delete) lands, then every later one.
  for (let i = 0; i < 5 && pending.length; i++) {
    pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  }
  await refreshed;
  const shown = observer.getCurrentResult().data;
  unsubscribe();
  return shown;
}

describe('the store’s query client', () => {
  it('shows the answer read after a change, even when the list’s first fetch was under way', async () => {
    expect(await listAfterChange(new StoreQueryClient())).toEqual(['charger']);
  });

  it('is needed: TanStack’s own client joins the first fetch and keeps the deleted row', async () => {
    expect(await listAfterChange(new QueryClient())).toEqual(['zkb', 'charger']);
  });

  it('leaves a fetch it does not refetch alone (refetchType none): whoever awaits it gets its answer', async () => {
    const client = new StoreQueryClient();
    let release!: (v: number) => void;
    // A fetch nobody shows yet (a page's data read ahead), under way.
    const read = client.fetchQuery({
      queryKey: ['product', 1],
      queryFn: () => new Promise<number>((r) => (release = r)),
    });
    await Promise.resolve();
    await client.invalidateQueries({ queryKey: ['product'], refetchType: 'none' });
    release(7);
    await expect(read).resolves.toBe(7);
  });
});
