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

  it("a transaction's first statement runs while this thread is still busy: it goes right behind the BEGIN", async () => {
    // Each wait for the server's thread to send the next statement holds the one connection every shopper's read
    // waits for; the BEGIN's answer is not waited for.
    const tx = db.transaction(async (t) => {
      const r = await t.query<{ at: number }>(
        'select (extract(epoch from clock_timestamp()) * 1000)::float8 as at',
      );
      return r.rows[0]!.at;
    });
    const busyUntil = Date.now() + 400;
    while (Date.now() < busyUntil); // the server's thread busy with other requests
    expect(await tx).toBeLessThan(busyUntil);
  });

  it('counts the statements and transactions that may have written, as each answer arrives', async () => {
    const before = db.writesEnded().latest;
    // A SELECT writes nothing, and its answer carries the count as it ended.
    await db.query('select v from t where id = $1', [1]);
    expect(db.writesEnded()).toEqual({ latest: before, answer: before });
    // A statement that is not one SELECT may write, even one that changes no row; a failed one may have too.
    await db.query('update t set v = v where id = -1');
    expect(db.writesEnded()).toEqual({ latest: before + 1, answer: before + 1 });
    await db.query('insert into t values (1, $1)', ['again']).catch(() => undefined);
    expect(db.writesEnded().latest).toBe(before + 2);
    await db.exec('select 1; select 2');
    expect(db.writesEnded().latest).toBe(before + 3);
    // A transaction counts once, when it ends (committed or not); its statements answer with the count before it.
    const inside: number[] = [];
    await db.transaction(async (tx) => {
      await tx.query('select 1');
      inside.push(db.writesEnded().answer);
      await tx.query('update t set v = v where id = -1');
      inside.push(db.writesEnded().answer);
    });
    expect(inside).toEqual([before + 3, before + 3]);
    expect(db.writesEnded().latest).toBe(before + 4);
    await db.transaction(async () => Promise.reject(new Error('given up'))).catch(() => undefined);
    expect(db.writesEnded().latest).toBe(before + 5);
  });

  it('an answer read after a write ended carries the count with that write in it', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const before = db.writesEnded().latest;
    const tx = db.transaction(async (t) => {
      await t.query("update t set v = 'x' where id = 1");
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    // Sent while the transaction holds the database: it runs after the COMMIT.
    const after = db
      .query('select v from t where id = 1')
      .then((r) => ({ r, writes: db.writesEnded().answer }));
    release();
    await tx;
    const { r, writes } = await after;
    expect(r.rows).toEqual([{ v: 'x' }]);
    expect(writes).toBe(before + 1);
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

/**
 * PGlite ignores statement_timeout and runs one statement at a time: without bounds, one statement that does not
 * end holds every shopper's request for as long as it runs. With them, a call fails like a statement timeout
 * (57014, which the API answers with 503) and the database serves again once the slow statement is done.
 */
describe('PGlite in a worker thread, with bounds', () => {
  let bounded: PGliteThread;
  const BOUND = 300;
  const rows = async (text: string) => (await bounded.query<{ n: number }>(text)).rows;
  /** A statement that holds the embedded database for `ms` (pg_sleep keeps the worker busy). */
  const hold = (ms: number) =>
    bounded.exec(`select pg_sleep(${ms / 1000})`, { timeoutMs: 0 }).then(() => undefined);
  const timed = async <T>(p: Promise<T>) => {
    const started = Date.now();
    const outcome = await p.then(
      (value) => ({ value, error: undefined }),
      (error: unknown) => ({ value: undefined, error }),
    );
    return { ...outcome, ms: Date.now() - started };
  };

  beforeAll(async () => {
    bounded = await openPGliteThread('memory://');
    await bounded.exec('create table t (id int primary key, v text not null)');
    bounded.setBounds({ statementTimeoutMs: BOUND, idleInTransactionTimeoutMs: BOUND });
  });
  afterAll(() => bounded?.close());

  it('a query behind a slow statement fails as a statement timeout within the bound, and the database answers again after', async () => {
    const slow = hold(1500);
    await new Promise((r) => setTimeout(r, 50));
    const waited = await timed(rows('select 1 as n'));
    expect(waited.error).toMatchObject({ code: '57014' });
    expect(waited.ms).toBeLessThan(BOUND + 400);
    await slow;
    expect(await rows('select 1 as n')).toEqual([{ n: 1 }]);
  });

  it('a statement that itself runs past the bound fails within the bound', async () => {
    const own = await timed(bounded.exec('select pg_sleep(1)'));
    expect(own.error).toMatchObject({ code: '57014' });
    expect(own.ms).toBeLessThan(BOUND + 400);
    await new Promise((r) => setTimeout(r, 1000)); // the statement ends in the background
    expect(await rows('select 2 as n')).toEqual([{ n: 2 }]);
  });

  it('a write that gave up waiting is never applied later, and a transaction that gave up waiting holds nothing', async () => {
    const slow = hold(1000);
    await new Promise((r) => setTimeout(r, 50));
    const write = await timed(bounded.query('insert into t values (100, $1)', ['late']));
    const tx = await timed(
      bounded.transaction(async (t) => {
        await t.query('insert into t values (101, $1)', ['late too']);
      }),
    );
    expect(write.error).toMatchObject({ code: '57014' });
    expect(tx.error).toMatchObject({ code: '57014' });
    await slow;
    await new Promise((r) => setTimeout(r, 100));
    expect(await rows('select count(*)::int as n from t where id in (100, 101)')).toEqual([{ n: 0 }]);
  });

  it('a transaction left idle past the bound is rolled back, and the others get the database meanwhile', async () => {
    let release!: () => void;
    const stuck = new Promise<void>((r) => (release = r));
    const tx = bounded.transaction(async (t) => {
      await t.query('insert into t values (200, $1)', ['half']);
      await stuck; // a caller that never comes back to finish its transaction
      await t.query('insert into t values (201, $1)', ['other half']);
    });
    const outcome = tx.then(
      () => null,
      (e: unknown) => e,
    );
    await new Promise((r) => setTimeout(r, 50));
    const outside = await timed(rows('select count(*)::int as n from t where id >= 200'));
    expect(outside.value).toEqual([{ n: 0 }]);
    expect(outside.ms).toBeLessThan(BOUND + 400);
    release();
    expect(await outcome).toMatchObject({ code: '25P03' });
    expect(await rows('select count(*)::int as n from t where id >= 200')).toEqual([{ n: 0 }]);
  });

  it('ordinary work inside the bounds is untouched: transactions commit, errors keep their codes', async () => {
    await bounded.transaction(async (t) => {
      await t.query('insert into t values (300, $1)', ['ok']);
      await new Promise((r) => setTimeout(r, BOUND / 2));
      await t.query('insert into t values (301, $1)', ['ok']);
    });
    expect(await rows('select count(*)::int as n from t where id >= 300')).toEqual([{ n: 2 }]);
    await expect(bounded.query('insert into t values (300, $1)', ['dup'])).rejects.toMatchObject({
      code: '23505',
    });
  });
});
