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
import type { DbOrTx } from './client.ts';

export type Row = Record<string, unknown>;

/** The rows of a `db.execute` result. */
export const rowsOf = <T = Row>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Runs a raw query and answers its rows. */
export const rows = async <T = Row>(db: DbOrTx, query: SQL): Promise<T[]> =>
  rowsOf<T>(await db.execute(query));
