import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGliteThread, runPrepared, type PGliteThread } from './pglite-thread.ts';

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
 * Statements marked to run prepared (client.ts `executeNamed`: a page's cards by id, the guests' stock) are planned
 * once by the embedded database, as PostgreSQL plans a named statement once, and answer exactly as they do
 * unprepared: the same rows for the same parameters, whatever those hold.
 */
describe('PGlite in a worker thread, statements kept prepared', () => {
  let p: PGliteThread;
  beforeAll(async () => {
    p = await openPGliteThread('memory://');
    await p.exec(`create table items (id int primary key, name text not null, at timestamptz, on_sale bool)`);
    await p.query(
      `insert into items values (1, 'fridge', '2026-12-02T10:00:00Z', true), (2, $1, null, false)`,
      ["تلاجة 'نوفا' \\ 18"],
    );
  });
  afterAll(() => p?.close());
  const preparedTexts = async () =>
    (await p.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (r) => r.statement,
    );

  it('prepares a marked statement once and answers each run as the unprepared statement does', async () => {
    const text =
      "select id, name, at, on_sale from items where id = any(string_to_array($1, ',')::int[]) order by id";
    const plain = await p.query(text, ['1,2']);
    runPrepared(text);
    const first = await p.query(text, ['1,2']);
    const second = await p.query(text, ['2']);
    const asArrays = await p.query(text, ['1'], { rowMode: 'array' });
    expect(first.rows).toEqual(plain.rows);
    expect(second.rows).toEqual([plain.rows[1]]);
    expect(asArrays.rows).toEqual([Object.values(plain.rows[0] as object)]);
    const kept = (await preparedTexts()).filter((t) => t.endsWith(text));
    expect(kept).toHaveLength(1);
  });

  it('reads its parameters as the text they hold: quotes, backslashes, Arabic, null, numbers, booleans and dates', async () => {
    const text =
      'select $1::text as s, $2::int as n, $3::bool as b, $4::timestamptz as t, $5::text is null as none, $6::bigint as big';
    runPrepared(text);
    const tricky = [
      "it's '; drop table items; -- \\ \\' تلاجة",
      42,
      true,
      new Date('2026-12-02T10:00:00Z'),
      null,
      9007199254740991n,
    ];
    const answers = [];
    for (const params of [tricky, ['', -7, false, new Date(0), 'x', 0n]]) {
      const got = await p.query(text, params);
      const plain = await p.query(`${text} -- unprepared`, params);
      expect(got.rows).toEqual(plain.rows);
      answers.push(got.rows[0]);
    }
    expect(answers[0]).toMatchObject({ s: tricky[0], n: 42, b: true, none: true });
    expect(answers[1]).toMatchObject({ s: '', n: -7, b: false, none: false });
    expect(await p.query('select count(*)::int as n from items')).toMatchObject({ rows: [{ n: 2 }] });
    expect((await preparedTexts()).filter((t) => t.endsWith(text))).toHaveLength(1);
  });

  it('a statement that cannot be prepared, or that fails, answers as it would unprepared', async () => {
    const untyped = 'select $1 is null as v';
    const unprepared = await p.query(`${untyped} -- unprepared`, ['a']).catch((e: unknown) => e);
    runPrepared(untyped);
    expect(unprepared).toMatchObject({ code: '42P18' });
    await expect(p.query(untyped, ['a'])).rejects.toMatchObject({ code: '42P18' });
    const failing = 'select 1 / $1::int as q';
    runPrepared(failing);
    await expect(p.query(failing, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await p.query(failing, [1])).rows).toEqual([{ q: 1 }]);
    expect((await preparedTexts()).filter((t) => t.endsWith(failing))).toHaveLength(1);
  });

  it('a table it reads changes shape: the next run answers with the new columns; no run counts as a write', async () => {
    await p.exec('create table shaped (id int primary key, a text)');
    await p.exec(`insert into shaped values (1, 'x')`);
    const text = 'select * from shaped where id = $1';
    runPrepared(text);
    expect((await p.query(text, [1])).rows).toEqual([{ id: 1, a: 'x' }]);
    await p.exec(`alter table shaped add column b text not null default 'y'`);
    const writes = p.writesEnded().latest;
    expect((await p.query(text, [1])).rows).toEqual([{ id: 1, a: 'x', b: 'y' }]);
    expect((await p.query(text, [1])).rows).toEqual([{ id: 1, a: 'x', b: 'y' }]);
    expect(p.writesEnded().latest).toBe(writes);
  });

  it("in a transaction it reads the transaction's own writes", async () => {
    const text = 'select name from items where id = $1';
    runPrepared(text);
    await p.query(text, [1]);
    let inside: unknown[] = [];
    const undone = await p
      .transaction(async (tx) => {
        await tx.query(`update items set name = 'freezer' where id = 1`);
        inside = (await tx.query(text, [1])).rows;
        throw Object.assign(new Error('undo'), { code: 'UNDO' });
      })
      .catch((e: unknown) => e);
    expect(undone).toMatchObject({ code: 'UNDO' });
    expect(inside).toEqual([{ name: 'freezer' }]);
    expect((await p.query(text, [1])).rows).toEqual([{ name: 'fridge' }]);
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
    // The read outside waits for the idle bound, so its own bound is longer here: with both at 300 ms it had 50 ms to
    // spare, and failed as a statement timeout on a loaded machine (CI, stop 75).
    bounded.setBounds({ statementTimeoutMs: BOUND * 4, idleInTransactionTimeoutMs: BOUND });
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
    expect(outside.ms).toBeLessThan(BOUND * 4);
    release();
    expect(await outcome).toMatchObject({ code: '25P03' });
    expect(await rows('select count(*)::int as n from t where id >= 200')).toEqual([{ n: 0 }]);
    bounded.setBounds({ statementTimeoutMs: BOUND, idleInTransactionTimeoutMs: BOUND });
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
