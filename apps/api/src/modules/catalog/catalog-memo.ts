import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * What a product list knows about the catalog as a whole (its count and price range, a category's sub-tree, which
 * search words exist), remembered per database handle and trusted only while `catalog_state.version` is the one
 * it was computed at. Triggers raise that version on every change any of these depend on (migration 0002), so a
 * memo is never stale. Stock is not part of the version, so nothing here may depend on it.
 */
class CatalogMemo {
  private entries = new Map<string, { version: number; value: unknown }>();
  /** The newest version a query of this handle has seen. */
  latest: number | null = null;
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

  saw(version: number | null) {
    if (version !== null && (this.latest === null || version > this.latest)) this.latest = version;
  }

  /** Computations under way (key → version and value to come): the requests asking meanwhile share them. */
  readonly pending = new Map<string, { version: number; value: Promise<unknown> }>();

  /** The values at `from` whose key `holds` says they are still right at `to`, now remembered at `to`. */
  carry(from: number, to: number, holds: (key: string) => boolean) {
    for (const [key, e] of this.entries)
      if (e.version === from && holds(key)) this.entries.set(key, { version: to, value: e.value });
  }
}

/**
 * What a list remembers that holds nothing of any product: the synonyms, the categories' names and sub-trees (a
 * category's change notes the whole catalog), the banks' plans (noted as changing no product).
 */
const HOLDS_NO_PRODUCT = /^(synonyms|category names|installment plans|subtree \d+)$/;

/**
 * The versions after `from` up to `to` noted only products (search/index-follow.ts reads the change log, decision
 * 036): what a list remembered at `from` that holds no product is still right at `to`, and is kept for it. Before,
 * every follow of the index made the first lists after it read the synonyms, the categories and the plans again.
 */
export function carryPastProductChanges(db: DbOrTx, from: number, to: number) {
  memos.get(db)?.carry(from, to, (key) => HOLDS_NO_PRODUCT.test(key));
}

// One memo per database handle: tests open many databases in one process, and a transaction (its own handle)
// that changed the catalog never shares what it saw before committing.
const memos = new WeakMap<object, CatalogMemo>();

/** The current catalog version as a column: add it to the query that reads the answer (see `settle`). */
export const CATALOG_VERSION_COLUMN = sql`(select version from catalog_state where id = 1)`;

export interface CatalogView {
  /** null when the catalog_state row is missing: then nothing is remembered. */
  version: number | null;
  /**
   * True when `version` is the newest this instance has seen rather than read now (no query). The answer must
   * then be checked with `settle`, against the version read by the same statement as the answer itself.
   */
  assumed: boolean;
  /** The memoised value for `key` at this version, computing it (and remembering it) when needed. */
  remember<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * Whether an answer built on this view holds: `actual` is the version read in the same statement as the answer
   * (CATALOG_VERSION_COLUMN), or omitted to read it now. False means the catalog changed: build it again with a
   * view read now.
   */
  settle(actual?: number | string | null): Promise<boolean>;
}

/** The catalog version now (decision 009); null when the catalog_state row is missing. */
export async function readVersion(db: DbOrTx): Promise<number | null> {
  const res = (await db.execute(sql`select ${CATALOG_VERSION_COLUMN} as version`)) as unknown as {
    rows: { version: number | string | null }[];
  };
  const v = res.rows[0]?.version;
  return v == null ? null : Number(v);
}

/**
 * The catalog as this request sees it. By default the version is read (one tiny query). With `assume`, the newest
 * version this instance has seen is used without a query, and the request checks it afterwards in the statement
 * that reads its answer (`settle`): a list then costs one round trip instead of three. An answer is only ever
 * checked against a version read after everything it was built from, and versions only grow, so a value a memo
 * computed after a change can never pass for the version before it.
 */
export async function catalogView(
  db: DbOrTx,
  opts: { assume?: boolean; at?: number } = {},
): Promise<CatalogView> {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new CatalogMemo(5000)));
  const m = memo;
  const assumed = opts.at === undefined && !!opts.assume && m.latest !== null;
  // `at`: a version the caller has just read itself (the catalog index's request).
  const version = opts.at ?? (assumed ? m.latest : await readVersion(db));
  m.saw(version);
  return {
    version,
    assumed,
    async remember<T>(key: string, compute: () => Promise<T>) {
      if (version === null) return compute();
      const hit = m.get<T>(key, version);
      if (hit !== undefined) return hit;
      // The lists arriving at a new version at once compute each value once, not once each.
      const under = m.pending.get(key);
      if (under?.version === version) return under.value as Promise<T>;
      const value = compute();
      m.pending.set(key, { version, value });
      try {
        const v = await value;
        m.set(key, version, v);
        return v;
      } finally {
        if (m.pending.get(key)?.value === value) m.pending.delete(key);
      }
    },
    async settle(actual?: number | string | null) {
      if (!assumed && actual === undefined) return true;
      const v = actual === undefined ? await readVersion(db) : actual === null ? null : Number(actual);
      m.saw(v);
      return !assumed || v === version;
    },
  };
}
