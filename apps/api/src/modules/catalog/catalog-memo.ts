import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * What a product list knows about the catalog as a whole (its count and price range, a category's sub-tree, which
 * search words exist), remembered per database handle and trusted only while `catalog_state.version` is the one
 * it was computed at. Triggers raise that version on every change any of these depend on (migration 0002), so a
 * memo is never stale: each request reads the version (one tiny query) and recomputes what changed.
 * Stock is not part of the version, so nothing here may depend on it.
 */
class CatalogMemo {
  private entries = new Map<string, { version: number; value: unknown }>();
  constructor(private readonly maxEntries: number) {}

  get<T>(key: string, version: number): T | undefined {
    const e = this.entries.get(key);
    if (!e || e.version !== version) return undefined;
    return e.value as T;
  }

  set(key: string, version: number, value: unknown) {
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { version, value });
  }
}

// One memo per database handle: tests open many databases in one process, and a transaction (its own handle)
// that changed the catalog never shares what it saw before committing.
const memos = new WeakMap<object, CatalogMemo>();

export interface CatalogView {
  /** null when the catalog_state row is missing: then nothing is remembered. */
  version: number | null;
  /** The memoised value for `key` at this version, computing it (and remembering it) when needed. */
  remember<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

export async function catalogView(db: DbOrTx): Promise<CatalogView> {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new CatalogMemo(5000)));
  const res = (await db.execute(sql`select version from catalog_state where id = 1`)) as unknown as {
    rows: { version: number | string }[];
  };
  const row = res.rows[0];
  const version = row ? Number(row.version) : null;
  const m = memo;
  return {
    version,
    async remember<T>(key: string, compute: () => Promise<T>) {
      if (version === null) return compute();
      const hit = m.get<T>(key, version);
      if (hit !== undefined) return hit;
      const value = await compute();
      m.set(key, version, value);
      return value;
    },
  };
}
