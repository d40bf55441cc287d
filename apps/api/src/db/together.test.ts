/**
 * `together` (rows.ts): statements sent together in a transaction. On the embedded database they go to its thread at
 * once (no wait for the server's thread between them while the one connection is held); in a PostgreSQL
 * transaction they run one after another, and after a failure the rest are not run.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import type { DbOrTx } from './client.ts';
import { allTogether, rows, together } from './rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`create table together_probe (id int primary key)`);
});
afterAll(() => t?.close());

/** A statement that notes when it was sent and when it was answered. */
const noted =
  (db: DbOrTx, log: string[], name: string, query = sql`select 1`) =>
  async () => {
    log.push(`${name} sent`);
    const r = await rows(db, query);
    log.push(`${name} answered`);
    return r;
  };

describe('statements sent together in a transaction', () => {
  it('answer in order, each as it ended; the embedded database gets them all at once, PostgreSQL one by one', async () => {
    const log: string[] = [];
    const [a, b] = await t.database.db.transaction((tx) =>
      together(tx, [noted(tx, log, 'a', sql`select 1 as n`), noted(tx, log, 'b', sql`select 2 as n`)]),
    );
    expect(a).toEqual({ status: 'fulfilled', value: [{ n: 1 }] });
    expect(b).toEqual({ status: 'fulfilled', value: [{ n: 2 }] });
    expect(log).toEqual(
      t.database.kind === 'pglite'
        ? ['a sent', 'b sent', 'a answered', 'b answered']
        : ['a sent', 'a answered', 'b sent', 'b answered'],
    );
  });

  it('a failure rolls the transaction back with allTogether, and is reported where it happened with together', async () => {
    const failed = await t.database.db
      .transaction((tx) =>
        allTogether(tx, [
          () => tx.execute(sql`insert into together_probe values (1)`),
          () => tx.execute(sql`insert into together_probe values (1)`),
        ]),
      )
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ cause: { code: '23505' } });
    expect(await rows(t.database.db, sql`select id from together_probe`)).toEqual([]);

    const ended = await t.database.db
      .transaction(async (tx) => {
        const r = await together(tx, [
          () => rows(tx, sql`select 1 as n`),
          () => rows(tx, sql`select 1 / 0 as n`),
          () => rows(tx, sql`select 3 as n`),
        ]);
        throw Object.assign(new Error('rolled back'), { ended: r });
      })
      .catch((e: { ended: PromiseSettledResult<unknown>[] }) => e.ended);
    // What follows a failure fails: PostgreSQL's is not run (it ends as the failure did), the embedded
    // database's was sent already and found the transaction aborted.
    expect(ended.map((e) => e.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    if (t.database.kind === 'postgres') expect(ended[2]).toBe(ended[1]);
    expect(ended[1]).toMatchObject({ status: 'rejected', reason: { cause: { code: '22012' } } });
  });
});
