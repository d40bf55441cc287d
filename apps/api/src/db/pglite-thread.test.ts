import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGliteThread, type PGliteThread } from './pglite-thread.ts';

/** The embedded database in its worker thread keeps PGlite's behaviour, and the server's thread stays free. */
let db: PGliteThread;
beforeAll(async () => {
  db = await openPGliteThread('memory://');
  await db.exec('create table t (id int primary key, v text not null)');
});
afterAll(() => db?.close());

const count = async () =>
  Number((await db.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n);

describe('PGlite in a worker thread', () => {
  it('answers queries with parameters, in object and array row modes', async () => {
    await db.query('insert into t values ($1, $2), ($3, $4)', [1, 'أ', 2, 'b']);
    expect((await db.query('select v from t where id = $1', [1])).rows).toEqual([{ v: 'أ' }]);
    expect((await db.query('select id, v from t order by id', [], { rowMode: 'array' })).rows).toEqual([
      [1, 'أ'],
      [2, 'b'],
    ]);
  });

  it("passes PostgreSQL's error fields on (a duplicate key is 23505) and keeps working", async () => {
    const err = await db.query('insert into t values (1, $1)', ['again']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505' });
    expect(await count()).toBe(2);
  });

  it('commits a transaction, and rolls back one that fails halfway, losing nothing', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into t values (3, $1)', ['c']);
    });
    expect(await count()).toBe(3);
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('insert into t values (4, $1)', ['d']);
        await tx.query('insert into t values (1, $1)', ['duplicate']);
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23505' });
    expect(await count()).toBe(3);
  });

  it('a query from outside waits for an open transaction to end (it never sees half of it)', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
      await t.query('insert into t values (5, $1)', ['e']);
      await held;
      await t.query('insert into t values (6, $1)', ['f']);
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = count();
    release();
    await tx;
    expect(await outside).toBe(5);
  });

  it('the server thread keeps running while a slow query works', async () => {
    const started = Date.now();
    const slow = db.query('select count(*) from generate_series(1, 3000000)');
    const timer = await new Promise<number>((r) => setTimeout(() => r(Date.now() - started), 20));
    await slow;
    const queryMs = Date.now() - started;
    expect(queryMs).toBeGreaterThan(100); // the query really was slow
    expect(timer).toBeLessThan(queryMs / 2); // and a 20 ms timer fired long before it ended
  });

  it('closing twice (Ctrl+C reaches npm and the server) closes once; a query after that is refused', async () => {
    const other = await openPGliteThread('memory://');
    await other.query('select 1');
    await Promise.all([other.close(), other.close()]);
    await expect(other.query('select 1')).rejects.toThrow(/stopped|closed/);
  });
});
