/**
 * Migration 0031 (issue 43) on a store that already has orders: the orders placed so far are numbered 1, 2, 3, … in
 * the order they were placed (not their ids), carts and payments under way stay without a number, the counter
 * goes on from the last one, what was refunded is added up per order, and the dashboard's daily sales are counted
 * again net of refunds. On PGlite, or on PostgreSQL where DATABASE_URL names a server.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TAG = '0031_order_numbers_refunds';
const full = fileURLToPath(new URL('../../drizzle', import.meta.url));
let before: string;

/** The migrations folder as it was before 0031 (the journal cut there). */
beforeAll(() => {
  before = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  mkdirSync(path.join(before, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(full, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((e) => e.tag === TAG);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    copyFileSync(path.join(full, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
});
afterAll(() => rmSync(before, { recursive: true, force: true, maxRetries: 5 }));

type Run = (q: SQL) => Promise<Record<string, unknown>[]>;

/** Orders of one shopper as the store had them before 0031 (ids not in the order they were placed). */
async function ordersBefore(run: Run) {
  await run(sql`insert into categories (id, name_en, name_ar) values (1, 'TVs', 'تلفزيونات')`);
  await run(sql`insert into brands (id, name_en, name_ar) values (1, 'Toshiba', 'توشيبا')`);
  await run(sql`insert into products (id, title_en, title_ar, category_id, brand_id, price_piastres,
      current_price_piastres) values (1, 'TV', 'تلفزيون', 1, 1, 900000, 900000)`);
  await run(sql`insert into users (id, first_name, last_name, email, phone_number, password_hash)
    values (1, 'Mona', 'Hassan', 'm@example.com', '01011112222', 'x'), (2, 'Ali', 'Said', 'a@example.com', '01033334444', 'x')`);
  const day = (d: number) => `2026-03-0${d}T10:00:00Z`;
  await run(sql`insert into orders (id, user_id, status, payment_method, total_cart_price_piastres,
      checkout_total_price_piastres, checkout_date) values
    (1, 1, 'cart', null, 0, 0, null),
    (2, 1, 'delivered', 'cash', 8000, 10000, ${day(2)}::timestamptz),
    (3, 2, 'abandoned', null, 0, 0, null),
    (4, 2, 'pending', 'cash', 3000, 5000, ${day(1)}::timestamptz),
    (5, 2, 'awaiting_payment', 'online', 7000, 9000, null),
    (6, 2, 'partially_refunded', 'online', 1800000, 1802000, ${day(3)}::timestamptz)`);
  await run(sql`insert into order_products (order_id, product_id, quantity, checkout_price_piastres,
      refunded_quantity) values (6, 1, 2, 900000, 1), (2, 1, 1, 8000, 0)`);
  await run(sql`select setval(pg_get_serial_sequence('orders', 'id'), 6)`);
}

async function checkAfter(run: Run) {
  const rows = await run(sql`select id, order_number, refunded_piastres from orders order by id`);
  expect(rows.map((r) => [Number(r.id), r.order_number === null ? null : Number(r.order_number)])).toEqual([
    [1, null],
    [2, 2],
    [3, null],
    [4, 1],
    [5, null],
    [6, 3],
  ]);
  expect(rows.map((r) => Number(r.refunded_piastres))).toEqual([0, 0, 0, 0, 0, 900000]);
  const [counter] = await run(sql`select value from counters where name = 'order_number'`);
  expect(Number(counter!.value)).toBe(3);
  // The day of order 6: its total less the refunded unit.
  const sales = await run(sql`select day::text as day, sum(sales_piastres) as s from order_daily_sales
    group by day order by day`);
  expect(sales.map((r) => [r.day, Number(r.s)])).toEqual([
    ['2026-03-01', 5000],
    ['2026-03-02', 10000],
    ['2026-03-03', 902000],
  ]);
  // The next placement takes 4; a placed order without a number is refused.
  const [next] = await run(sql`insert into counters (name, value) values ('order_number', 1)
    on conflict (name) do update set value = counters.value + 1 returning value`);
  expect(Number(next!.value)).toBe(4);
  await expect(run(sql`update orders set status = 'pending' where id = 5`)).rejects.toThrow();
  // A later refund moves that day's sales by what came back (the triggers).
  await run(sql`update orders set refunded_piastres = 1800000, status = 'refunded' where id = 6`);
  const [day3] = await run(
    sql`select sum(sales_piastres) as s from order_daily_sales where day = '2026-03-03'`,
  );
  expect(Number(day3!.s)).toBe(2000);
}

describe('migration 0031 on a store with orders', () => {
  // Like the other API tests: on PGlite, or on the PostgreSQL server DATABASE_URL names.
  it.skipIf(process.env.DATABASE_URL)(
    'numbers the placed orders in the order they were placed and counts sales net of refunds (PGlite)',
    async () => {
      const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
      try {
        const db = drizzlePglite(client);
        const run: Run = async (q) => (await db.execute(q)).rows as Record<string, unknown>[];
        // As the store opens a database (client.ts).
        await run(sql`create extension if not exists pg_trgm`);
        await migratePglite(db, { migrationsFolder: before });
        await ordersBefore(run);
        await migratePglite(db, { migrationsFolder: full });
        await checkAfter(run);
      } finally {
        await client.close();
      }
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'numbers the placed orders in the order they were placed and counts sales net of refunds (PostgreSQL)',
    async () => {
      const url = process.env.DATABASE_URL!;
      const name = `store_n_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const u = new URL(url);
      u.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: u.toString(), max: 2 });
      // pool.end() can resolve while a client's socket is still closing; the forced drop below then tells that
      // client its connection was terminated (57P01), which the pool re-emits: unheard, an uncaught exception that
      // failed a whole PostgreSQL run after every test had passed.
      pool.on('error', () => {});
      try {
        const db = drizzlePg(pool);
        const run: Run = async (q) => (await db.execute(q)).rows as Record<string, unknown>[];
        await run(sql`create extension if not exists pg_trgm`);
        await migratePg(db, { migrationsFolder: before });
        await ordersBefore(run);
        await migratePg(db, { migrationsFolder: full });
        await checkAfter(run);
      } finally {
        await pool.end();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );
});
