/**
 * The embedded database has one connection, and a transaction holds it from its BEGIN to its COMMIT: every time a
 * transaction waits for the server's thread to send its next statement, every shopper's read waits too (issue 50
 * item 1: an import and an ERP's price sync while shoppers search). The back office's two large price writes, an
 * import's batch and the bulk price change, send their statements together where one does not need another's
 * answer. Counted by the embedded database itself (store_embedded_database_transaction_round_trips on /metrics).
 */
import { apiMessage, MAX_PRICE_EGP } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.ts';
import { importJobs } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addPromotion } from '../../test/fixtures.ts';
import { call } from '../../test/shoppers.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';
import { setStocks } from '../stock/service.ts';
import { runImports } from './imports-service.ts';

let t: TestApp;
let staff: StaffAuth;
let ids: number[];
const embedded = () => t.database.transactionStats?.();

/** The transactions `work` ran and their round trips, on the embedded database (PostgreSQL: null). */
async function counted(work: () => Promise<unknown>) {
  const before = embedded();
  await work();
  const after = embedded();
  if (!before || !after) return null;
  return {
    transactions: after.transactions - before.transactions,
    roundTrips: after.roundTrips - before.roundTrips,
  };
}

const pricesOf = async () =>
  (
    await rows<{ price_piastres: number }>(
      t.database.db,
      sql`select price_piastres from products where id in ${ids} order by id`,
    )
  ).map((r) => Number(r.price_piastres));

beforeAll(async () => {
  t = await createTestApp();
  await addCategory(t.database.db, 'Kettles', 'غلايات');
  await addBrand(t.database.db, 'Tornado', 'تورنيدو');
  staff = (await ownerCatalogClerk(t, 'One-connection#2026')).catalog;
  const lines = Array.from(
    { length: 40 },
    (_, i) => `Trip Kettle ${i},غلاية ${i},Kettles,Tornado,${300 + i}`,
  );
  await t.database.db.insert(importJobs).values({
    fileName: 'kettles.csv',
    dryRun: false,
    source: `title_en,title_ar,category,brand,price\r\n${lines.join('\r\n')}\r\n`,
    total: 40,
  });
  await runImports({ db: t.database.db, clock: t.clock });
  ids = (
    await rows<{ id: number }>(
      t.database.db,
      sql`select id from products where title_en like 'Trip Kettle %' order by id`,
    )
  ).map((r) => Number(r.id));
  expect(ids).toHaveLength(40);
});
afterAll(() => t?.close());

describe('the embedded database’s one connection', () => {
  it('an import batch of new prices holds it for two round trips: BEGIN with its check and writes and its outcome rows, COMMIT', async () => {
    await t.database.db.insert(importJobs).values({
      fileName: 'prices.csv',
      dryRun: false,
      source: `id,price\r\n${ids.map((id, i) => `${id},${500 + i}`).join('\r\n')}\r\n`,
      total: 40,
    });
    const cost = await counted(() => runImports({ db: t.database.db, clock: t.clock, oneConnection: true }));
    // The job's claim and end are statements and a transaction of their own; the 40 rows are one batch.
    expect(await pricesOf()).toEqual(ids.map((_, i) => (500 + i) * 100));
    if (!embedded()) return; // PostgreSQL: a pool of connections, none held for the others
    expect(cost!.transactions).toBe(2);
    // The batch: its products, their specifications and pictures read and its rows planned before its
    // transaction; then BEGIN with the check that none of them changed since, the price write, the job's progress
    // and the rows' outcomes (1), COMMIT (2). The job's end: BEGIN with the job's row, the staff alert, the audit,
    // COMMIT (4). The batch alone took 8 before decision 040 (each statement after another's answer, the stock
    // read again), 3 before its rows were planned outside it (its reads, then a wait for the plan while it held
    // the connection).
    expect(cost!.roundTrips).toBeLessThanOrEqual(2 + 4);
  });

  it('an import batch of products in promotions writes their current prices with their prices: no round trip more', async () => {
    const now = t.clock.now();
    const day = 24 * 3600 * 1000;
    const running = await addPromotion(t.database.db, 'trip-running', new Date(now.getTime() - day), null);
    const later = await addPromotion(t.database.db, 'trip-later', new Date(now.getTime() + day), null);
    // Kettles 0-9 in a running promotion at 400 EGP, 10-14 in one that starts tomorrow, the rest in none.
    const inRunning = ids.slice(0, 10);
    const inLater = ids.slice(10, 15);
    await t.database.db
      .execute(sql`update products set promotion_id = ${running.id}, promoted_price_piastres = 40000
      where id in ${inRunning}`);
    await t.database.db
      .execute(sql`update products set promotion_id = ${later.id}, promoted_price_piastres = 40000
      where id in ${inLater}`);
    // New prices from 450 to 489 EGP (a promoted price stays under its price).
    const price = (i: number) => 450 + i;
    await t.database.db.insert(importJobs).values({
      fileName: 'promoted.csv',
      dryRun: false,
      source: `id,price\r\n${ids.map((id, i) => `${id},${price(i)}`).join('\r\n')}\r\n`,
      total: 40,
    });
    const cost = await counted(() => runImports({ db: t.database.db, clock: t.clock, oneConnection: true }));
    const current = (
      await rows<{ id: number; current_price_piastres: number }>(
        t.database.db,
        sql`select id, current_price_piastres from products where id in ${ids} order by id`,
      )
    ).map((r) => Number(r.current_price_piastres));
    expect(current).toEqual(ids.map((_, i) => (i < 10 ? 40000 : price(i) * 100)));
    if (!cost) return;
    // As for prices alone: the batch in two (BEGIN with its check and writes, COMMIT), the job's end in four.
    // Before, the current prices of the products in promotions were written again after the batch's writes.
    expect(cost.transactions).toBe(2);
    expect(cost.roundTrips).toBeLessThanOrEqual(2 + 4);
  });

  it('a stock count between an import batch’s read and its transaction stands: the batch is planned again, its rows locked', async () => {
    const [id] = ids;
    await t.database.db.execute(sql`update products set stock = 10 where id = ${id!}`);
    const [stamp] = await rows<{ updated_at: string }>(
      t.database.db,
      sql`select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
        from products where id = ${id!}`,
    );
    const exported = stamp!.updated_at;
    t.clock.advance(60_000);
    // An exported row taken back: 5 received (10 exported, 15 in the file) at a new price.
    await t.database.db.insert(importJobs).values({
      fileName: 'received.csv',
      dryRun: false,
      source: `id,updated_at,stock,price\r\n${id},${exported},15,777\r\n`,
      total: 1,
    });
    // A staff member counts 9 on the shelf after the batch read the product and before its transaction.
    let counted9 = false;
    const db = t.database.db;
    const racing = new Proxy(db, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if (key !== 'transaction' || typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          if (!counted9) {
            counted9 = true;
            t.clock.advance(1000);
            await setStocks(target, [{ productId: id!, from: 10, to: 9 }], t.clock.now(), {
              reason: 'manual',
            });
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const cost = await counted(() => runImports({ db: racing, clock: t.clock, oneConnection: true }));
    expect(counted9).toBe(true);
    const [row] = await rows<{ stock: number; price_piastres: number }>(
      db,
      sql`select stock, price_piastres from products where id = ${id!}`,
    );
    // 9 counted, 5 received: 14, at the file's price; the count is not undone by a plan made before it.
    expect({ stock: Number(row!.stock), price: Number(row!.price_piastres) }).toEqual({
      stock: 14,
      price: 77_700,
    });
    const [job] = await rows<{ status: string; changed: number; refused: number }>(
      db,
      sql`select status, changed, refused from import_jobs where file_name = 'received.csv'`,
    );
    expect(job).toMatchObject({ status: 'done', changed: 1, refused: 0 });
    // The batch's first transaction found its product changed and wrote nothing; the second planned under the lock.
    if (cost) expect(cost.transactions).toBe(3);
  });

  it('a bulk price change of products not in variants is one statement, audited; over the bound or with an unknown product it changes nothing', async () => {
    const before = await pricesOf();
    const change = (percent: number, of = ids) =>
      call(t.app, 'POST', '/v1/admin/products/bulk', staff, {
        action: 'price_percent',
        ids: of,
        percent,
      });
    const audited = async () =>
      rows<{ staff_id: number | null; details: { ids: number[]; percent: number; changed: number } }>(
        t.database.db,
        sql`select staff_id, details from audit_log where action = 'products.bulk' order by id`,
      );
    const entries = (await audited()).length;
    const cost = await counted(async () => expect((await change(10)).status).toBe(200));
    expect(await pricesOf()).toEqual(before.map((p) => Math.round(p * 1.1)));
    // The rows locked, the checks, the bound, the write with the current prices and the audit entry in one
    // statement: no transaction holds the connection between statements (it took four round trips, 8 before that).
    if (cost) expect(cost.transactions).toBe(0);
    const logged = (await audited()).slice(entries);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.staff_id).not.toBeNull();
    expect(logged[0]!.details).toMatchObject({ action: 'price_percent', ids, percent: 10, changed: 40 });
    // An unknown product: refused, nothing changed, nothing audited.
    const changed = await pricesOf();
    const unknown = await change(10, [...ids, 999_999]);
    expect(unknown.status).toBe(422);
    expect(await pricesOf()).toEqual(changed);
    expect(await audited()).toHaveLength(entries + 1);
    // One price a fifth of the bound: six times it (500% more) would pass the bound, so the statement writes no
    // price and no audit entry.
    await t.database.db.execute(
      sql`update products set price_piastres = ${Math.floor((MAX_PRICE_EGP * 100) / 5)} where id = ${ids[0]!}`,
    );
    const kept = await pricesOf();
    const refused = await change(500); // (the write alone would fail: past the integer's range)
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.errors.percent).toEqual([
      apiMessage('must_be_at_most', 'ar', { max: MAX_PRICE_EGP }),
    ]);
    expect(await pricesOf()).toEqual(kept);
    expect(await audited()).toHaveLength(entries + 1);
    // Five times a price just under a fifth of the bound stays within it: the check reads the prices it locked,
    // before the write (five times the written price would be past it).
    const under = Math.floor((MAX_PRICE_EGP * 100) / 5.5);
    await t.database.db.execute(sql`update products set price_piastres = ${under} where id = ${ids[0]!}`);
    expect((await change(400)).status).toBe(200);
    expect((await pricesOf())[0]).toBe(under * 5);
  });
});
