import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { importJobs } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory } from '../../test/fixtures.ts';
import { importPaceOf, inTransactionWaitAtMost, nextBatchSize, paceWait, pacer } from './imports-pace.ts';
import { getImport, runImports } from './imports-service.ts';

/**
 * IMPORT_PACE (issue 50): a large import gives way to shoppers. After each batch it waits so that it works only its
 * share of the time; shoppers' lists and searches keep the cores and the database meanwhile.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, 'Kettles', 'غلايات');
  await addBrand(t.database.db, 'Tornado', 'تورنيدو');
});
afterAll(() => t?.close());

describe('an import paced by IMPORT_PACE', () => {
  it('waits between its batches for what its share leaves, at most 5 s, and not after its last', () => {
    expect(paceWait(100, 0.25)).toBeCloseTo(300);
    expect(paceWait(100, 0.5)).toBeCloseTo(100);
    expect(paceWait(100, 1)).toBe(0);
    expect(paceWait(100, undefined)).toBe(0);
    expect(paceWait(2_000, 0.05)).toBe(5_000);
  });

  it("on the embedded database, sizes its batches to about 40 ms while it gives way (a batch's transaction holds the connection reads wait for), 250 rows otherwise", () => {
    expect(nextBatchSize(250, 400, true, true)).toBe(25);
    expect(nextBatchSize(63, 50, true, true)).toBe(50);
    expect(nextBatchSize(100, 20, true, true)).toBe(200);
    expect(nextBatchSize(100, 8, true, true)).toBe(250);
    expect(nextBatchSize(250, 5_000, true, true)).toBe(25);
    expect(nextBatchSize(25, 400, false, true)).toBe(250);
  });

  it('on PostgreSQL, takes 1,000 rows a batch while it gives way (fewer versions for the lists under way to be made again at), 250 otherwise', () => {
    expect(nextBatchSize(250, 400, true, false)).toBe(1_000);
    expect(nextBatchSize(1_000, 5_000, true, false)).toBe(1_000);
    expect(nextBatchSize(1_000, 400, false, false)).toBe(250);
  });

  it('works a quarter of the time at 0.25: the next batch starts after three times the last one took', async () => {
    // 251 new kettles: a batch of 250, then one of 1.
    const lines = Array.from(
      { length: 251 },
      (_, i) => `Paced Kettle ${i},غلاية ${i},Kettles,Tornado,${100 + i}`,
    );
    const source = `title_en,title_ar,category,brand,price\r\n${lines.join('\r\n')}\r\n`;
    const [job] = await t.database.db
      .insert(importJobs)
      .values({ fileName: 'paced.csv', dryRun: false, source, total: 251 })
      .returning();
    const landed: number[] = [];
    const began = performance.now();
    expect(
      await runImports({
        db: t.database.db,
        clock: t.clock,
        onWritten: () => landed.push(performance.now()),
        pace: 0.25,
        // Between batches only (on PostgreSQL a batch gives way inside too: the next test).
        oneConnection: true,
      }),
    ).toBe(1);
    const [done] = await t.database.db.select().from(importJobs).where(eq(importJobs.id, job!.id));
    expect(done).toMatchObject({ status: 'done', added: 251, processed: 251 });
    expect(landed).toHaveLength(2);
    // Before the first batch landed: the claim, the file read and the batch of 250 (most of it). At 0.25 the job
    // then waits three times the batch, so the second batch (one row) lands well after 1.5 times all of that.
    expect(landed[1]! - landed[0]!).toBeGreaterThanOrEqual(1.5 * (landed[0]! - began));
  });

  it("says on its card that it gives way only when its runner's IMPORT_PACE is below 1", async () => {
    const queue = async (name: string) => {
      const source = `title_en,title_ar,category,brand,price\r\n${name},غلاية ${name},Kettles,Tornado,100\r\n`;
      const [job] = await t.database.db
        .insert(importJobs)
        .values({ fileName: `${name}.csv`, dryRun: false, source, total: 1 })
        .returning();
      return job!.id;
    };
    const paced = await queue('Card Kettle Paced');
    expect((await getImport(t.database.db, paced, 'en')).gives_way).toBe(false);
    await runImports({ db: t.database.db, clock: t.clock, pace: 0.25, oneConnection: true });
    expect(await getImport(t.database.db, paced, 'en')).toMatchObject({ status: 'done', gives_way: true });
    // IMPORT_PACE=1 (and a runner given none): batch after batch, whoever browses.
    const full = await queue('Card Kettle Full');
    await runImports({ db: t.database.db, clock: t.clock, pace: 1, oneConnection: true });
    expect(await getImport(t.database.db, full, 'ar')).toMatchObject({ status: 'done', gives_way: false });
    const unset = await queue('Card Kettle Unset');
    await runImports({ db: t.database.db, clock: t.clock });
    expect(await getImport(t.database.db, unset, 'en')).toMatchObject({ status: 'done', gives_way: false });
  });

  it('waits for three times what it worked since its last wait, only while shoppers are served', async () => {
    let busy = true;
    const giveWay = pacer(0.25, () => busy);
    const spin = (ms: number) => {
      for (const end = performance.now() + ms; performance.now() < end;);
    };
    // The waits the pacer asks for, read from its timer (set before its first await). What a wait took is only
    // bounded below: on a loaded machine a timer fires late, never early.
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const asked = async (wait: Promise<void>, from: number) => {
      const ms = timers.mock.calls.slice(from).map((c) => Number(c[1]));
      await wait;
      return ms;
    };
    try {
      spin(40);
      let began = performance.now();
      let from = timers.mock.calls.length;
      const first = await asked(giveWay(), from);
      expect(first).toHaveLength(1);
      expect(first[0]).toBeGreaterThanOrEqual(119.9);
      expect(performance.now() - began).toBeGreaterThanOrEqual(110);
      spin(40);
      began = performance.now();
      from = timers.mock.calls.length;
      expect(await asked(giveWay(50), from)).toEqual([50]);
      expect(performance.now() - began).toBeGreaterThanOrEqual(45);
      busy = false;
      spin(40);
      from = timers.mock.calls.length;
      expect(await asked(giveWay(), from)).toEqual([]);
    } finally {
      timers.mockRestore();
    }
  });

  it('never waits inside a transaction as long as DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS, which would end it', () => {
    expect(inTransactionWaitAtMost(10_000)).toBe(500);
    expect(inTransactionWaitAtMost(1_000)).toBe(250);
    expect(inTransactionWaitAtMost(0)).toBe(500);
  });

  it('on PostgreSQL also gives way inside a batch, after its reads and between parts of 50 rows of its write', async () => {
    const ids = (
      await t.database.db
        .insert(importJobs)
        .values({
          fileName: 'kettles.csv',
          dryRun: false,
          source: `title_en,title_ar,category,brand,price\r\n${Array.from({ length: 120 }, (_, i) => `Part Kettle ${i},غلاية جزء ${i},Kettles,Tornado,${300 + i}`).join('\r\n')}\r\n`,
          total: 120,
        })
        .returning()
    ).map((j) => j.id);
    await runImports({ db: t.database.db, clock: t.clock });
    const added = await t.database.db.select().from(importJobs).where(eq(importJobs.id, ids[0]!));
    expect(added[0]).toMatchObject({ status: 'done', added: 120 });
    const rowsOf = await t.database.db.execute(
      sql`select id from products where title_en like 'Part Kettle %' order by id`,
    );
    const productIds = (rowsOf as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    // New prices for the 120 (one batch): asked whether shoppers are served at each place the job may wait.
    const source = `id,price\r\n${productIds.map((id, i) => `${id},${500 + i}`).join('\r\n')}\r\n`;
    const asked = async (oneConnection: boolean) => {
      await t.database.db
        .insert(importJobs)
        .values({ fileName: 'prices.csv', dryRun: false, source, total: 120 });
      let n = 0;
      await runImports({
        db: t.database.db,
        clock: t.clock,
        pace: 0.25,
        shoppersBusy: () => (n++, true),
        oneConnection,
      });
      return n;
    };
    // After its reads and between its three parts (50, 50, 20): 3 inside the batch; none after the last batch.
    expect(await asked(false)).toBe(3);
    // The embedded database: never inside the transaction.
    expect(await asked(true)).toBe(0);
    const prices = await t.database.db.execute(
      sql`select price_piastres from products where title_en like 'Part Kettle %' order by id`,
    );
    expect(
      (prices as unknown as { rows: { price_piastres: number }[] }).rows.map((r) => Number(r.price_piastres)),
    ).toEqual(productIds.map((_, i) => (500 + i) * 100));
  });

  it('runs batch after batch while nobody shops on the instance, and gives way again once a shopper asks', async () => {
    const shoppers = t.app.shoppers;
    // Nobody has asked anything yet but the back office and the probes.
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/imports' })).statusCode).toBe(401);
    await t.app.inject({ method: 'GET', url: '/admin?lang=ar' });
    const later = performance.now() + 10_000;
    expect(shoppers.busy()).toBe(false);
    const lines = Array.from(
      { length: 251 },
      (_, i) => `Idle Kettle ${i},غلاية هادية ${i},Kettles,Tornado,${200 + i}`,
    );
    await t.database.db.insert(importJobs).values({
      fileName: 'idle.csv',
      dryRun: false,
      source: `title_en,title_ar,category,brand,price\r\n${lines.join('\r\n')}\r\n`,
      total: 251,
    });
    const landed: number[] = [];
    const began = performance.now();
    await runImports({
      db: t.database.db,
      clock: t.clock,
      onWritten: () => landed.push(performance.now()),
      pace: 0.25,
      shoppersBusy: () => shoppers.busy(),
    });
    expect(landed).toHaveLength(2);
    expect(landed[1]! - landed[0]!).toBeLessThan(1.5 * (landed[0]! - began));
    // A shopper's list marks the instance busy for the next 2 seconds, not for 10.
    expect((await t.app.inject({ method: 'GET', url: '/v1/products?per_page=1' })).statusCode).toBe(200);
    expect(shoppers.busy()).toBe(true);
    expect(shoppers.busy(later)).toBe(false);
  });

  it('IMPORT_PACE is a share of the time from 0.05 to 1, by default 0.25 on PostgreSQL and 0.05 on the embedded database; another value stops the start', () => {
    const pace = (env: Record<string, string>, oneConnection: boolean) =>
      importPaceOf(loadConfig(env).IMPORT_PACE, oneConnection);
    expect(pace({}, false)).toBe(0.25);
    // One connection: each batch makes every shopper's read in flight wait, so it lands a fifth as often.
    expect(pace({}, true)).toBe(0.05);
    expect(pace({ IMPORT_PACE: '1' }, true)).toBe(1);
    expect(pace({ IMPORT_PACE: '0.25' }, true)).toBe(0.25);
    expect(pace({ IMPORT_PACE: '0.5' }, false)).toBe(0.5);
    for (const bad of ['0', '1.5', 'fast'])
      expect(() => loadConfig({ IMPORT_PACE: bad })).toThrow(
        /IMPORT_PACE must be a share of the time from 0.05 to 1/,
      );
  });
});
