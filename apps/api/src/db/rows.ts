/**
 * The rows of a raw query. Drizzle's `db.execute(sql…)` answers the driver's own result, typed loosely: PGlite and
 * node-postgres both put the rows in `rows`. These two read them, once for the whole API, instead of a cast at
 * each call.
 *
 *   const list = await rows<{ id: number }>(tx, sql`select id from products where …`);
 *   const counted = rowsOf<{ n: string }>(await tx.execute(sql`select count(*) as n …`));
 *
 * Numbers a query counts or sums (`count(*)`, `sum(…)`) come back as strings from node-postgres: read them with
 * Number(…).
 */
import type { SQL } from 'drizzle-orm';
import { NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { DbOrTx } from './client.ts';

export type Row = Record<string, unknown>;

/** The rows of a `db.execute` result. */
export const rowsOf = <T = Row>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Runs a raw query and answers its rows. */
export const rows = async <T = Row>(db: DbOrTx, query: SQL): Promise<T[]> =>
  rowsOf<T>(await db.execute(query));

/**
 * Runs `work`'s statements together and answers how each ended, in order.
 * - In a transaction on the embedded database they are sent at once: its thread runs them one behind another,
 *   with no wait for the server's thread between them while the transaction holds the one connection every other
 *   read waits for (issue 50).
 * - In a PostgreSQL transaction, one after another: its connection runs one query at a time (node-postgres
 *   deprecates sending another meanwhile). After a failure the rest are not run and end as it did.
 * - Elsewhere (the pool), at once.
 *
 * Only for statements that do not depend on each other's effects (reads beside reads, writes of different rows, a
 * check whose answer is read before the write it guards is kept): on the embedded database a function's statement
 * is sent when the function reaches it, so their order is not promised. A statement that must see another's
 * effect is awaited after it, or written into one statement with it.
 */
export async function together<T extends readonly unknown[]>(
  db: DbOrTx,
  work: { readonly [K in keyof T]: () => Promise<T[K]> },
): Promise<{ -readonly [K in keyof T]: PromiseSettledResult<T[K]> }> {
  type Out = { -readonly [K in keyof T]: PromiseSettledResult<T[K]> };
  if (!(db instanceof NodePgTransaction)) return (await Promise.allSettled(work.map((w) => w()))) as Out;
  const out: PromiseSettledResult<unknown>[] = [];
  let failed: PromiseRejectedResult | undefined;
  for (const w of work) {
    if (!failed)
      try {
        out.push({ status: 'fulfilled', value: await w() });
        continue;
      } catch (reason) {
        failed = { status: 'rejected', reason };
      }
    out.push(failed);
  }
  return out as Out;
}

/** `together`, answering the values; the first of `work` (in order) that failed throws its error. */
export async function allTogether<T extends readonly unknown[]>(
  db: DbOrTx,
  work: { readonly [K in keyof T]: () => Promise<T[K]> },
): Promise<{ -readonly [K in keyof T]: T[K] }> {
  const ended = await together<T>(db, work);
  for (const e of ended) if (e.status === 'rejected') throw e.reason;
  return ended.map((e) => (e as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: T[K] };
}
