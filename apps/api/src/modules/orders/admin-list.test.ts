/**
 * The back office's orders list and dashboard at scale (issue 13, part 6) answer exactly what the plain definitions
 * say: over generated orders, every filter, sort and page is compared with a query written the simple way (each
 * order's Cairo day, the snapshot's governorate, a join to its shopper, count(*)), around Cairo's midnight in
 * winter and in summer time; and the counts per status kept in order_counts follow every change of an order.
 */
import { ORDER_STATUSES, PAYMENT_METHODS, toEgp } from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGeneratedOrders } from '../../db/seed/orders.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBanks, addZones, productMaker } from '../../test/shoppers.ts';
import { staffSignIn } from '../../test/staff.ts';
import { ensureOwner } from '../staff/bootstrap.ts';
import { FOLD_AT } from './counts.ts';

type Row = Record<string, unknown>;
type Query = Record<string, string | number>;
let t: TestApp;
let staffHeaders: Record<string, string>;
const rows = async (q: SQL) => ((await t.database.db.execute(q)) as unknown as { rows: Row[] }).rows;
const TZ = 'Africa/Cairo';
const PASSWORD = 'Counting-orders-1952';

const list = async (q: Query) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/admin/orders?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`,
    headers: staffHeaders,
  });
  expect(res.statusCode, JSON.stringify(q)).toBe(200);
  return res.json() as {
    orders: {
      id: number;
      order_number: number;
      governorate: string | null;
      customer: { phone_number: string; full_name: string };
    }[];
    meta: { total_entries: number; next_page: number | null };
    counts: Record<string, number>;
  };
};

/** The list's filters as first written: each order's Cairo day, the snapshot's governorate, its shopper joined. */
function plainWhere(q: Query, withStatus: boolean): SQL {
  const parts: SQL[] = [sql`o.status not in ('cart', 'awaiting_payment', 'abandoned')`];
  if (withStatus && q.status) parts.push(sql`o.status = ${q.status}`);
  if (q.payment_method) parts.push(sql`o.payment_method = ${q.payment_method}`);
  const day = sql`(o.checkout_date at time zone ${TZ})::date`;
  if (q.from) parts.push(sql`${day} >= ${q.from}::date`);
  if (q.to) parts.push(sql`${day} <= ${q.to}::date`);
  if (q.governorate) {
    // Typed in either language: a delivery zone's other name counts too ('Giza' finds 'الجيزة').
    const like = `%${q.governorate}%`;
    parts.push(sql`(o.address_snapshot->>'governorate' ilike ${like} or exists (select 1 from delivery_zones z
      where (z.name_en ilike ${like} or z.name_ar ilike ${like})
        and (o.address_snapshot->>'governorate' ilike z.name_en or o.address_snapshot->>'governorate' ilike z.name_ar)))`);
  }
  const text = q.query === undefined ? '' : String(q.query).trim();
  if (text) {
    const digits = text.replace(/^#/, '');
    if (/^\d+$/.test(digits)) {
      // The order's number as staff read it (issue 43), not its internal id.
      const byNumber = digits.length <= 9 ? sql`o.order_number = ${Number(digits)}` : sql`false`;
      parts.push(digits.length >= 7 ? sql`(${byNumber} or u.phone_number like ${`%${digits}`})` : byNumber);
    } else parts.push(sql`(u.first_name || ' ' || u.last_name) ilike ${`%${text}%`}`);
  }
  return sql.join(parts, sql` and `);
}

const PLAIN_SORTS: Record<string, SQL> = {
  newest: sql`o.checkout_date desc nulls last, o.id desc`,
  oldest: sql`o.checkout_date asc nulls last, o.id asc`,
  total_desc: sql`o.checkout_total_price_piastres desc, o.id desc`,
  total_asc: sql`o.checkout_total_price_piastres asc, o.id asc`,
};

async function plainList(q: Query) {
  const perPage = Number(q.per_page ?? 20);
  const page = Number(q.page ?? 1);
  const ids = await rows(sql`select o.id from orders o join users u on u.id = o.user_id
    where ${plainWhere(q, true)} order by ${PLAIN_SORTS[String(q.sort ?? 'newest')]!}
    limit ${perPage} offset ${(page - 1) * perPage}`);
  const [total] = await rows(
    sql`select count(*) as n from orders o join users u on u.id = o.user_id where ${plainWhere(q, true)}`,
  );
  const counts = await rows(sql`select o.status, count(*) as n from orders o join users u on u.id = o.user_id
    where ${plainWhere(q, false)} group by o.status`);
  return {
    ids: ids.map((r) => Number(r.id)),
    total: Number(total!.n),
    counts: Object.fromEntries(counts.map((c) => [String(c.status), Number(c.n)])),
  };
}

async function expectPlain(q: Query) {
  const [got, want] = await Promise.all([list(q), plainList(q)]);
  expect(
    { ids: got.orders.map((o) => o.id), total: got.meta.total_entries, counts: got.counts },
    JSON.stringify(q),
  ).toEqual({ ids: want.ids, total: want.total, counts: want.counts });
  return got;
}

/** Cairo's calendar day of an instant. */
const cairoDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(d);

let winterEdge: string;
let summerEdge: string;

beforeAll(async () => {
  t = await createTestApp();
  await addZones(t.database.db);
  await addBanks(t.database.db);
  const make = await productMaker(t.database.db, t.clock.now());
  for (let i = 0; i < 6; i++) await make(700 + i * 3000, 50);
  await addGeneratedOrders(t.database.db, 500, { now: t.clock.now() });
  // Orders on both sides of Cairo's midnight, in winter (UTC+2) and in summer time (UTC+3), a millisecond apart.
  const year = t.clock.now().getUTCFullYear() - 1;
  winterEdge = `${year}-01-15`;
  summerEdge = `${year}-07-15`;
  const edges = [
    `${year}-01-14T21:59:59.999Z`,
    `${year}-01-14T22:00:00.000Z`,
    `${year}-01-15T21:59:59.999Z`,
    `${year}-01-15T22:00:00.000Z`,
    `${year}-07-14T20:59:59.999Z`,
    `${year}-07-14T21:00:00.000Z`,
    `${year}-07-15T20:59:59.999Z`,
    `${year}-07-15T21:00:00.000Z`,
  ];
  const placed = await rows(
    sql`select id from orders where status <> 'cart' order by id limit ${edges.length}`,
  );
  for (const [i, at] of edges.entries())
    await t.database.db.execute(
      sql`update orders set checkout_date = ${at}::timestamptz where id = ${placed[i]!.id}`,
    );
  await ensureOwner(t.database.db, { email: 'counts@store.example', password: PASSWORD }, t.clock.now());
  staffHeaders = await staffSignIn(t.app, 'counts@store.example', PASSWORD);
});
afterAll(() => t?.close());

describe('the orders list over generated orders', () => {
  it('filters by status and payment method exactly as counting the orders would', async () => {
    await expectPlain({});
    for (const status of ORDER_STATUSES) await expectPlain({ status });
    for (const payment_method of PAYMENT_METHODS) await expectPlain({ payment_method });
    for (const governorate of ['Giza', 'الجيزة', 'a'])
      await expectPlain({ governorate, payment_method: 'online' });
    await expectPlain({ status: 'delivered', payment_method: 'cash' });
  });

  it('takes from and to as Cairo days, at midnight in winter and in summer time', async () => {
    for (const day of [winterEdge, summerEdge]) {
      const only = await expectPlain({ from: day, to: day });
      expect(only.meta.total_entries).toBeGreaterThanOrEqual(2);
      for (const o of only.orders) expect(o.id).toBeGreaterThan(0);
      await expectPlain({ from: day });
      await expectPlain({ to: day });
    }
    const now = t.clock.now();
    await expectPlain({ from: cairoDay(new Date(now.getTime() - 30 * 86_400_000)), to: cairoDay(now) });
    await expectPlain({ from: cairoDay(now), to: cairoDay(now), status: 'pending' });
    await expectPlain({ from: '2000-01-01', to: '2000-12-31' });
  });

  it('finds governorates by any part of their name, in either language', async () => {
    for (const governorate of ['Giza', 'الجيزة', 'cairo', 'ال', 'a', 'Aswan'])
      await expectPlain({ governorate });
  });

  it("shows each order's governorate in the staff member's language, whichever the shopper typed it in", async () => {
    const ids = async (typed: string) =>
      (await rows(sql`select id from orders where governorate = ${typed} and status <> 'cart'`)).map((r) =>
        Number(r.id),
      );
    const [typedEn, typedAr] = [await ids('Giza'), await ids('الجيزة')];
    expect(typedEn.length).toBeGreaterThan(0);
    expect(typedAr.length).toBeGreaterThan(0);
    const names = async (q: Query, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/admin/orders?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`,
        headers: { ...staffHeaders, ...headers },
      });
      expect(res.statusCode).toBe(200);
      const orders = (res.json() as { orders: { id: number; governorate: string | null }[] }).orders;
      // Orders typed in both languages are on the page.
      expect(orders.some((o) => typedEn.includes(o.id))).toBe(true);
      expect(orders.some((o) => typedAr.includes(o.id))).toBe(true);
      return [...new Set(orders.map((o) => o.governorate))];
    };
    const giza = { governorate: 'Giza', per_page: 100 };
    expect(await names({ ...giza, locale: 'en' })).toEqual(['Giza']);
    expect(await names({ ...giza, locale: 'ar' })).toEqual(['الجيزة']);
    expect(await names(giza, { 'accept-language': 'en-GB,en;q=0.9' })).toEqual(['Giza']);
    expect(await names(giza)).toEqual(['الجيزة']);

    // One order, as its page shows it: the address's governorate in the staff member's language too.
    const detail = async (id: number, locale: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/admin/orders/${id}?locale=${locale}`,
        headers: staffHeaders,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { order: { address: { governorate: string } } }).order.address.governorate;
    };
    for (const id of [typedEn[0]!, typedAr[0]!]) {
      expect(await detail(id, 'en')).toBe('Giza');
      expect(await detail(id, 'ar')).toBe('الجيزة');
    }
  });

  it('finds an order by number, by the end of a phone number, by a name', async () => {
    const sample = (await list({ per_page: 10 })).orders;
    const o = sample[3]!;
    expect((await expectPlain({ query: o.order_number })).orders.map((x) => x.id)).toEqual([o.id]);
    await expectPlain({ query: `#${o.order_number}` });
    const byPhone = await expectPlain({ query: o.customer.phone_number.slice(-7) });
    expect(byPhone.orders.map((x) => x.customer.phone_number)).toContain(o.customer.phone_number);
    await expectPlain({ query: o.customer.phone_number });
    await expectPlain({ query: o.customer.full_name });
    await expectPlain({ query: o.customer.full_name.split(' ')[0]! });
    await expectPlain({ query: 'no such name' });
    await expectPlain({ query: '123' });
  });

  it('sorts and pages as the plain query does, with every filter at once', async () => {
    for (const sort of ['newest', 'oldest', 'total_desc', 'total_asc'])
      for (const page of [1, 3]) await expectPlain({ sort, page, per_page: 7 });
    const day = cairoDay(t.clock.now());
    await expectPlain({
      status: 'delivered',
      payment_method: 'cash',
      from: '2000-01-01',
      to: day,
      governorate: 'a',
      sort: 'oldest',
      page: 2,
      per_page: 5,
    });
    const last = await list({ per_page: 50, page: 1000 });
    expect(last.orders).toEqual([]);
    expect(last.meta.next_page).toBeNull();
  });
});

describe('counts per status kept by the database', () => {
  const plainCounts = async () =>
    Object.fromEntries(
      (
        await rows(sql`select status, count(*) as n from orders
          where status not in ('cart', 'awaiting_payment', 'abandoned') group by status`)
      ).map((r) => [String(r.status), Number(r.n)]),
    );

  it('follow status changes, new orders, deleted shoppers and many changes folded', async () => {
    expect((await list({})).counts).toEqual(await plainCounts());
    const [pending] = await rows(sql`select id from orders where status = 'pending' order by id limit 1`);
    if (pending) {
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/v1/admin/orders/${pending.id}/status`,
        headers: staffHeaders,
        payload: { status: 'canceled' },
      });
      expect(moved.statusCode).toBe(200);
    }
    // Straight SQL too: the triggers count whatever writes the orders.
    await t.database.db.execute(sql`update orders set payment_method = 'online'
      where id in (select id from orders where payment_method = 'cash' order by id limit 5)`);
    const [victim] = await rows(
      sql`select user_id from orders where status = 'delivered' order by id limit 1`,
    );
    await t.database.db.execute(sql`delete from users where id = ${victim!.user_id}`);
    await addGeneratedOrders(t.database.db, 560, { now: t.clock.now() });
    expect((await list({})).counts).toEqual(await plainCounts());
    for (const payment_method of PAYMENT_METHODS) await expectPlain({ payment_method });

    // Many changes: a few real ones, then rows that cancel out up to past FOLD_AT, folded by the next read into
    // one a status, method and governorate.
    const [o] = await rows(sql`select id from orders where status = 'delivered' order by id desc limit 1`);
    for (let i = 0; i < 11; i++)
      await t.database.db.execute(sql`update orders set status = ${i % 2 ? 'delivered' : 'refunded'}
        where id = ${o!.id}`);
    await t.database.db.execute(sql`insert into order_counts (status, payment_method, governorate, n)
      select 'delivered', 'cash', 'Giza', case when g % 2 = 0 then 1 else -1 end
      from generate_series(1, ${FOLD_AT + 2}) g`);
    const [before] = await rows(sql`select count(*) as n from order_counts`);
    expect(Number(before!.n)).toBeGreaterThan(FOLD_AT);
    expect((await list({})).counts).toEqual(await plainCounts());
    const [after] = await rows(sql`select count(*) as n from order_counts`);
    const [keys] =
      await rows(sql`select count(*) as n from (select distinct status, payment_method, governorate
      from orders where status not in ('cart', 'awaiting_payment', 'abandoned')) k`);
    expect(Number(after!.n)).toBe(Number(keys!.n));
    expect((await list({ status: 'refunded' })).counts).toEqual(await plainCounts());
  });
});

describe('the dashboard over generated orders', () => {
  async function expectDashboardPlain() {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/dashboard?locale=en',
      headers: staffHeaders,
    });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    const now = t.clock.now().toISOString();
    const day = sql`(o.checkout_date at time zone ${TZ})::date`;
    const today = sql`(${now}::timestamptz at time zone ${TZ})::date`;
    const sold = sql`o.status not in ('cart', 'awaiting_payment', 'abandoned', 'canceled')`;
    // Sales net of refunds (issue 43): each order's total less what was refunded, on its day of checkout.
    const net = sql`(o.checkout_total_price_piastres - o.refunded_piastres)`;
    const [f] = await rows(sql`select
        coalesce(sum(${net}) filter (where ${day} = ${today}), 0) as today_sales,
        count(*) filter (where ${day} = ${today}) as today_orders,
        coalesce(sum(${net}) filter (where date_trunc('month', ${day}) = date_trunc('month', ${today})), 0) as month_sales,
        count(*) filter (where date_trunc('month', ${day}) = date_trunc('month', ${today})) as month_orders
      from orders o where ${sold}`);
    expect(d.today).toEqual({ sales: toEgp(Number(f!.today_sales)), orders: Number(f!.today_orders) });
    expect(d.month).toEqual({ sales: toEgp(Number(f!.month_sales)), orders: Number(f!.month_orders) });
    const daily = await rows(sql`select to_char(g::date, 'YYYY-MM-DD') as date,
        coalesce(sum(${net}), 0) as sales, count(o.id) as n
      from generate_series(${today} - 29, ${today}, interval '1 day') g
      left join orders o on ${day} = g::date and ${sold}
      group by g order by g`);
    expect(d.daily).toEqual(
      daily.map((r) => ({ date: String(r.date), sales: toEgp(Number(r.sales)), orders: Number(r.n) })),
    );
    expect(d.daily.some((x: { orders: number }) => x.orders > 0)).toBe(true);
    const waiting = await rows(sql`select status, count(*) as n from orders
      where status in ('pending', 'confirmed', 'processing', 'delivering') group by status`);
    for (const s of ['pending', 'confirmed', 'processing', 'delivering'])
      expect(d.waiting[s]).toBe(Number(waiting.find((w) => w.status === s)?.n ?? 0));
    const [refunds] = await rows(
      sql`select count(distinct order_id) as n from payments where status = 'refund_required'`,
    );
    expect(d.refunds_to_do).toBe(Number(refunds!.n));
    expect(d.refunds_to_do).toBeGreaterThan(0);
  }

  it("sums today, the month and the last 30 Cairo days as each order's Cairo day says", async () => {
    await expectDashboardPlain();
    // Totals and days that change after checkout, and sold orders canceled, follow (order_daily_sales).
    await t.database.db
      .execute(sql`update orders set checkout_total_price_piastres = checkout_total_price_piastres + 100
      where id in (select id from orders where status = 'delivered' order by checkout_date desc limit 3)`);
    await t.database.db.execute(sql`update orders set checkout_date = checkout_date - interval '1 day'
      where id in (select id from orders where status = 'delivering' order by checkout_date desc limit 2)`);
    await t.database.db.execute(sql`update orders set status = 'canceled'
      where id in (select id from orders where status = 'pending' order by checkout_date desc limit 2)`);
    await expectDashboardPlain();
    // Rows past what the 31 days hold folded, the next read folds them into one a day, status and method.
    await t.database.db.execute(sql`insert into order_daily_sales (day, n, sales_piastres)
      select current_date, case when g % 2 = 0 then 1 else -1 end, case when g % 2 = 0 then 500 else -500 end
      from generate_series(1, ${FOLD_AT + 2}) g`);
    await expectDashboardPlain();
    const [after] = await rows(sql`select count(*) as n, count(distinct (day, status, payment_method)) as keys
      from order_daily_sales`);
    expect(Number(after!.n)).toBe(Number(after!.keys));
    // The list's counts over days come from the same rows.
    const day = cairoDay(t.clock.now());
    await expectPlain({ from: day, to: day });
    await expectPlain({ from: '2000-01-01', payment_method: 'cash' });
    await expectDashboardPlain();
  });
});
