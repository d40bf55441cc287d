import { writesEnded, type DbOrTx } from '../../db/client.ts';
import type { Row } from '../../db/rows.ts';

/**
 * On the embedded database, the live columns of a guest's card (stock, rating: what moves without the catalog
 * version) as last read, answered again from memory until the database ends a write that may have changed them
 * (decision 048).
 *
 * This process is the embedded database's only writer (its folder is locked: decision 041), and the database tells
 * it, with each answer, how many writes that may have changed live columns it has ended (pglite-thread.ts
 * `writesEnded().live`: those after which the `live_changes` sequence had moved, which every statement changing a
 * product's stock or rating moves: migration 0063). A read whose answer carried the count known when it was sent saw
 * every such write this process has heard of, and nothing newer: answering it again while the count stays shows
 * nobody anything older than already shown (decision 009). When such a write ends, the next answer received says so
 * before it is read, and what was kept is forgotten.
 *
 * A write under way does not end it: while a price sync's statement holds the database (60–90 ms in the bench), a
 * new search whose cards are kept with the index is answered without waiting behind it, at the catalog versions
 * known current (catalog-index.ts `versionsNow`). A write that changes neither (a bulk price change, the rate
 * limits' counts, the outbox's claims) leaves what was kept: in stop 72 every write emptied it, and during a sync
 * it answered a fraction of the pages it answers when quiet.
 *
 * On PostgreSQL other instances write too: nothing is kept, every read goes to the database.
 */
export interface LiveMemo {
  /** The live rows of all of `ids` as read last, or null when any is not kept or such a write ended since. */
  rows(ids: number[]): Map<number, Row> | null;
  /** The count to give `keep`: taken before the read is sent. */
  at(): number;
  /** Keeps the live rows a read sent at `at` answered, unless such a write ended meanwhile (called on its answer). */
  keep(at: number, rows: Row[]): void;
  /** Guests' pages answered from it, and those that read their live columns (/metrics). */
  readonly pages: { memory: number; read: number };
}

/** Live rows kept at most (a few hundred bytes each). */
const LIVE_KEPT = 20_000;

const memos = new WeakMap<object, LiveMemo | null>();

/** The database handle's memo: null on PostgreSQL and for a transaction's handle. */
export function liveMemo(db: DbOrTx): LiveMemo | null {
  let memo = memos.get(db);
  if (memo !== undefined) return memo;
  memo = writesEnded(db) ? memoOn(() => writesEnded(db)!) : null;
  memos.set(db, memo);
  return memo;
}

function memoOn(ended: () => { live: number; liveAnswer: number }): LiveMemo {
  let keptAt = -1;
  const live = new Map<number, Row>();
  const current = () => {
    if (keptAt === ended().live) return true;
    live.clear();
    keptAt = -1;
    return false;
  };
  return {
    pages: { memory: 0, read: 0 },
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
    at: () => ended().live,
    keep(at, rows) {
      // The answer being delivered carried another count: such a write ended before the read ran.
      if (ended().liveAnswer !== at || ended().live !== at) return;
      if (!current()) keptAt = at;
      for (const r of rows) {
        const id = Number(r.id);
        if (!live.delete(id) && live.size >= LIVE_KEPT) live.delete(live.keys().next().value!);
        live.set(id, r);
      }
    },
  };
}
