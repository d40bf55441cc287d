/**
 * Uploaded files nothing refers to any more (issue 42): a replaced icon or home page picture, an upload refused
 * after its file was written, a file a crash left half written. Two ways go:
 * - right after a replace commits, the old file goes if no row names it any more (`removeUnreferenced`);
 * - the sweep job (jobs.ts, every 10 minutes on every instance) lists the icon and content folders and removes the
 *   files older than SWEEP_GRACE_MS that no row names (`sweepUploads`).
 * A file being uploaded right now is written before its row commits, a few seconds at most: the grace keeps it.
 * Several instances sweeping the same folder at once remove the same files, which is harmless (a missing file is
 * not an error). Product images are not swept here: their rows and files are removed together (images-service.ts).
 */
import { sql } from 'drizzle-orm';
import type { ImageStore } from '../adapters/image-store.ts';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/** The folders swept: category and brand icons, the content pages' pictures. */
export const SWEPT_FOLDERS = ['icons/', 'content/'] as const;
/** How old an unreferenced file must be before a sweep removes it. */
export const SWEEP_GRACE_MS = 15 * 60_000;
/** How often the job sweeps. */
export const SWEEP_EVERY_MS = 10 * 60_000;

const BATCH = 1000;
const swept = (key: string) => SWEPT_FOLDERS.some((f) => key.startsWith(f));

/**
 * Which of these addresses a row names: a category's or brand's icon, a page setting's picture or link, a product
 * image (an import may point one at any uploaded file). One pass over each table, however many addresses.
 */
export async function addressesInUse(db: DbOrTx, urls: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (let i = 0; i < urls.length; i += BATCH) {
    const list = sql.join(
      urls.slice(i, i + BATCH).map((u) => sql`${u}`),
      sql`, `,
    );
    const res = await db.execute(sql`select c.u from unnest(array[${list}]::text[]) as c(u) where c.u in (
        select icon_url from categories where icon_url is not null
        union all select icon_url from brands where icon_url is not null
        union all select attachment_url from page_settings where attachment_url is not null
        union all select value from page_settings where value like '/uploads/%'
        union all select v.url from product_images i,
          lateral (values (i.original_url), (i.thumbnail_url), (i.medium_url), (i.large_url)) as v(url)
          where v.url like '/uploads/icons/%' or v.url like '/uploads/content/%')`);
    for (const r of rowsOf<{ u: string }>(res)) used.add(r.u);
  }
  return used;
}

export interface SweepLog {
  warn: (obj: object, msg: string) => void;
}

async function removeKeys(store: ImageStore, keys: string[], log: SweepLog) {
  const results = await Promise.allSettled(keys.map((k) => store.remove(k)));
  const removed: string[] = [];
  for (const [i, r] of results.entries())
    if (r.status === 'fulfilled') removed.push(keys[i]!);
    else log.warn({ err: r.reason, key: keys[i] }, 'an uploaded file could not be removed');
  return removed;
}

/**
 * Removes the files of these addresses (a replaced icon or picture) that no row names any more; call it only once
 * the change has committed. Addresses outside the swept folders (the seed's pictures, another host) are left.
 * Answers the keys removed; a file that cannot be removed is logged and left for the sweep.
 */
export async function removeUnreferenced(
  db: DbOrTx,
  store: ImageStore,
  urls: (string | null | undefined)[],
  log: SweepLog,
): Promise<string[]> {
  const ours = [
    ...new Set(urls.filter((u): u is string => !!u && !!store.keyOf(u) && swept(store.keyOf(u)!))),
  ];
  if (!ours.length) return [];
  const used = await addressesInUse(db, ours);
  return removeKeys(
    store,
    ours.filter((u) => !used.has(u)).map((u) => store.keyOf(u)!),
    log,
  );
}

/**
 * One sweep: the files of the swept folders older than `graceMs` at `now` that no row names, and temporary files a
 * crash left, are removed. Answers the keys removed.
 */
export async function sweepUploads(
  db: DbOrTx,
  store: ImageStore,
  now: Date,
  log: SweepLog,
  graceMs = SWEEP_GRACE_MS,
): Promise<string[]> {
  const before = now.getTime() - graceMs;
  const leftovers: string[] = [];
  const candidates = new Map<string, string>(); // url → key
  for (const folder of SWEPT_FOLDERS)
    for await (const f of store.list(folder)) {
      if (f.modifiedAt.getTime() > before) continue;
      if (f.key.endsWith('.tmp')) leftovers.push(f.key);
      else candidates.set(store.url(f.key), f.key);
    }
  const used = await addressesInUse(db, [...candidates.keys()]);
  const unreferenced = [...candidates].filter(([url]) => !used.has(url)).map(([, key]) => key);
  return removeKeys(store, [...leftovers, ...unreferenced], log);
}
