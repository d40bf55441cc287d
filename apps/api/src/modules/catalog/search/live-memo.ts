import type { DbOrTx } from '../../../db/client.ts';
import type { PGliteThread } from '../../../db/pglite-thread.ts';
import type { Row } from '../../../db/rows.ts';

/**
 * On the embedded database, what a new search's page last read live (the guests' live columns of a card: stock,
 * rating; the catalog and sold-out versions) is answered again from memory until the database ends a write.
 *
 * This process is the embedded database's only writer (its folder is locked), and the database tells it, with each
 * answer, how many statements and transactions that changed data it has ended (pglite-thread.ts `writesKnown`). A
 * read during which that count did not move saw every write this process has heard of, and nothing newer: it is the
 * newest data this process has, so answering it again never shows a shopper anything older than already shown
 * (decision 009). When a write ends, the next answer received says so before it is read, and what was kept is
 * forgotten.
 *
 * A write under way does not end it: while a price sync holds the database for its transaction (about 70 ms on the
 * embedded database), new searches whose cards are kept are answered without waiting behind it, with what every
 * answer so far has shown. Without it each new search's page sent the database one statement of its own (one per
 * batch of the guests waiting at once), and waited for its turn behind any write.
 *
 * On PostgreSQL other instances write too: nothing is kept, every read goes to the database (decision 042).
 */
export interface LiveMemo {
  /** The live rows of all of `ids` as read last, or null when any is not kept or a write ended since. */
  rows(ids: number[]): Map<number, Row> | null;
  /** The versions as read last, or null when a write ended since. */
  versions<V>(): V | null;
  /** The count of writes to give `keep`: taken before the read is sent. */
  at(): number;
  /** Keeps what a read sent at `at` answered, unless a write ended meanwhile. */
  keep(at: number, rows: Row[] | null, versions: unknown): void;
}

/** Live rows kept at most (a few hundred bytes each). */
const LIVE_KEPT = 20_000;

const memos = new WeakMap<object, LiveMemo | null>();

/** The database handle's memo: null on PostgreSQL and in a transaction (only the embedded database's own handle). */
export function liveMemo(db: DbOrTx): LiveMemo | null {
  let memo = memos.get(db);
  if (memo !== undefined) return memo;
  const client = (db as { $client?: Partial<PGliteThread> }).$client;
  memo = typeof client?.writesKnown === 'function' ? memoOn(client.writesKnown.bind(client)) : null;
  memos.set(db, memo);
  return memo;
}

function memoOn(writesKnown: () => number): LiveMemo {
  let keptAt = -1;
  const live = new Map<number, Row>();
  let versions: unknown = null;
  const current = () => {
    if (keptAt === writesKnown()) return true;
    live.clear();
    versions = null;
    keptAt = -1;
    return false;
  };
  return {
    rows(ids) {
      if (!current()) return null;
      const out = new Map<number, Row>();
      for (const id of ids) {
        const r = live.get(id);
        if (!r) return null;
        out.set(id, r);
      }
      return out;
    },
    versions<V>() {
      return current() ? (versions as V | null) : null;
    },
    at: writesKnown,
    keep(at, rows, read) {
      if (at !== writesKnown()) return;
      if (!current()) keptAt = at;
      if (read) versions = read;
      if (!rows) return;
      for (const r of rows) {
        const id = Number(r.id);
        if (!live.delete(id) && live.size >= LIVE_KEPT) live.delete(live.keys().next().value!);
        live.set(id, r);
      }
    },
  };
}
