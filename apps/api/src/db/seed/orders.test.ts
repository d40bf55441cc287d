/**
 * `npm run seed -- --orders N` (issue 13, part 6): generated orders look like orders the store placed itself:
 * totals that add up, lines of real products at a price, statuses that follow their age, refunds that match,
 * payments for online orders, the address snapshot checkout writes, shoppers with unique mobile numbers; and
 * running it again only tops up.
 */
import { ORDER_STATUSES, addressSchema, isValidNationalId, MOBILE_NUMBER_PATTERN } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBanks, addZones, productMaker } from '../../test/shoppers.ts';
import { staffSignIn } from '../../test/staff.ts';
import { ensureOwner } from '../../modules/staff/bootstrap.ts';
import { addGeneratedOrders, countPlacedOrders } from './orders.ts';

type Row = Record<string, unknown>;
let t: TestApp;
const query = async (q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: Row[] }).rows;
const one = async (q: ReturnType<typeof sql>) => (await query(q))[0]!;
/** Counts as numbers (node-postgres reads bigint as a string, PGlite as a number). */
const numbers = (r: Row) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)]));

let first: number;
let again: number;
let more: number;

beforeAll(async () => {
  t = await createTestApp();
  await addZones(t.database.db);
  await addBanks(t.database.db);
  const make = await productMaker(t.database.db, t.clock.now());
  for (let i = 0; i < 8; i++) await make(500 + i * 2500, 50, i === 3 ? { maximumPerOrder: 1 } : {});
  const now = t.clock.now();
  first = await addGeneratedOrders(t.database.db, 900, { now, batch: 400 });
  again = await addGeneratedOrders(t.database.db, 900, { now });
  more = await addGeneratedOrders(t.database.db, 1000, { now });
});
afterAll(() => t?.close());

describe('generated orders', () => {
  it('are added until there are N placed orders, and only then', async () => {
    expect([first, again, more]).toEqual([900, 0, 100]);
    expect(await countPlacedOrders(t.database.db)).toBe(1000);
    // No events: no SMS goes out for them.
    expect(Number((await one(sql`select count(*) as n from domain_events`)).n)).toBe(0);
  });

  it('add up: lines at their price, the zone’s shipping, the total', async () => {
    const bad = await one(sql`
      select
        count(*) filter (where o.checkout_total_price_piastres <> o.total_cart_price_piastres + o.shipping_fees_piastres) as total,
        count(*) filter (where o.total_cart_price_piastres <> l.sum) as lines,
        count(*) filter (where o.shipping_fees_piastres <> z.shipping_fees_piastres) as shipping,
        count(*) filter (where l.n not between 1 and 4) as line_count,
        count(*) filter (where o.checkout_date is null or o.address_snapshot is null or o.address_id is null) as missing
      from orders o
      join (select order_id, sum(quantity * checkout_price_piastres) as sum, count(*) as n
            from order_products group by order_id) l on l.order_id = o.id
      join delivery_zones z on z.id = (o.address_snapshot->'delivery_zone'->>'id')::int
      where o.status <> 'cart'`);
    expect(numbers(bad)).toEqual({ total: 0, lines: 0, shipping: 0, line_count: 0, missing: 0 });
    const over =
      await one(sql`select count(*) as n from order_products op join products p on p.id = op.product_id
      where op.quantity > coalesce(p.maximum_per_order, 3) or op.quantity < 1
        or op.checkout_price_piastres <> p.current_price_piastres`);
    expect(Number(over.n)).toBe(0);
  });

  it('have statuses that follow their age, refunds that match them, payments for online orders', async () => {
    const statuses = await query(
      sql`select status, count(*) as n from orders where status <> 'cart' group by 1`,
    );
    const by = Object.fromEntries(statuses.map((r) => [String(r.status), Number(r.n)]));
    expect(Object.keys(by).every((s) => (ORDER_STATUSES as readonly string[]).includes(s))).toBe(true);
    expect(by.delivered).toBeGreaterThan(700);
    expect(by.canceled).toBeGreaterThan(30);
    const young = await one(sql`select count(*) filter (where status in ('pending', 'confirmed', 'processing')
        and checkout_date < now() - interval '3 days') as stale from orders`);
    expect(Number(young.stale)).toBe(0);
    const refunds = await one(sql`
      select
        count(*) filter (where o.status = 'refunded' and l.refunded <> l.quantity) as refunded,
        count(*) filter (where o.status = 'partially_refunded' and (l.refunded = 0 or l.refunded >= l.quantity)) as partial,
        count(*) filter (where o.status not in ('refunded', 'partially_refunded') and l.refunded <> 0) as others
      from orders o join (select order_id, sum(refunded_quantity) as refunded, sum(quantity) as quantity
                          from order_products group by order_id) l on l.order_id = o.id`);
    expect(numbers(refunds)).toEqual({ refunded: 0, partial: 0, others: 0 });
    const paid = await one(sql`
      select count(*) filter (where o.payment_method = 'online' and p.id is null) as unpaid,
        count(*) filter (where o.payment_method <> 'online' and p.id is not null) as stray,
        count(*) filter (where p.amount_piastres <> o.checkout_total_price_piastres) as amount,
        count(*) filter (where o.payment_method = 'visa_on_delivery_installments' and o.bank_installment_id is null) as plan
      from orders o left join payments p on p.order_id = o.id where o.status <> 'cart'`);
    expect(numbers(paid)).toEqual({ unpaid: 0, stray: 0, amount: 0, plan: 0 });
    const methods = await query(sql`select distinct payment_method as m from orders where status <> 'cart'`);
    expect(methods.map((r) => r.m).sort()).toEqual([
      'cash',
      'online',
      'visa_on_delivery',
      'visa_on_delivery_installments',
    ]);
  });

  it('are numbered with no gap, each run after the last number given, in the order its orders were placed', async () => {
    const placed = await query(sql`select order_number as n, refunded_piastres as r from orders
      where status <> 'cart' order by checkout_date, id`);
    const numbers = placed.map((o) => Number(o.n));
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers.map((_, i) => i + 1));
    // The first run numbered 1-900 by checkout date, the top-up 901-1000 by theirs.
    const first = numbers.filter((n) => n <= 900);
    const topUp = numbers.filter((n) => n > 900);
    expect(first).toEqual([...first].sort((a, b) => a - b));
    expect(topUp).toEqual([...topUp].sort((a, b) => a - b));
    expect(Number((await one(sql`select value from counters where name = 'order_number'`)).value)).toBe(1000);
    // The refunded amount matches the refunded units at the price paid.
    const off = await one(sql`select count(*) as n from orders o
      join (select order_id, sum(refunded_quantity * checkout_price_piastres) as r from order_products
            group by order_id) l on l.order_id = o.id
      where o.refunded_piastres <> l.r`);
    expect(Number(off.n)).toBe(0);
    expect(placed.some((o) => Number(o.r) > 0)).toBe(true);
  });

  it('spread over 18 months, more of them lately', async () => {
    const spread = await one(sql`
      select min(checkout_date) > now() - interval '549 days' as within, max(checkout_date) <= now() as past,
        count(*) filter (where checkout_date > now() - interval '183 days') as recent,
        count(*) filter (where checkout_date <= now() - interval '365 days') as old
      from orders where status <> 'cart'`);
    expect(spread.within).toBe(true);
    expect(spread.past).toBe(true);
    expect(Number(spread.recent)).toBeGreaterThan(Number(spread.old) * 1.5);
  });

  it('belong to shoppers with a unique mobile number, a valid National ID, an address and a cart', async () => {
    const shoppers = await query(sql`select u.phone_number, u.national_id, u.locale, u.created_at,
        (select count(*) from orders c where c.user_id = u.id and c.status = 'cart') as carts,
        (select min(checkout_date) from orders o where o.user_id = u.id and o.status <> 'cart') as first
      from users u`);
    expect(shoppers.length).toBeGreaterThan(250);
    expect(new Set(shoppers.map((s) => s.phone_number)).size).toBe(shoppers.length);
    for (const s of shoppers) {
      expect(String(s.phone_number)).toMatch(MOBILE_NUMBER_PATTERN);
      expect(isValidNationalId(String(s.national_id))).toBe(true);
      expect(Number(s.carts)).toBe(1);
      if (s.first) expect(new Date(String(s.created_at)) < new Date(String(s.first))).toBe(true);
    }
  });

  it('keep the address as checkout writes it, the governorate in the shopper’s language', async () => {
    const rows =
      await query(sql`select o.address_snapshot as a, o.governorate, u.locale, z.name_en, z.name_ar,
        a.governorate as saved
      from orders o join users u on u.id = o.user_id join addresses a on a.id = o.address_id
      join delivery_zones z on z.id = a.delivery_zone_id
      where o.status <> 'cart' order by o.id limit 200`);
    const schema = addressSchema.extend({ full_name: addressSchema.shape.name });
    for (const r of rows) {
      const a = schema.parse(r.a);
      expect(a.governorate).toBe(r.locale === 'ar' ? r.name_ar : r.name_en);
      expect(r.governorate).toBe(a.governorate);
      expect(a.governorate).toBe(r.saved);
    }
    // The inactive zone (North Sinai) gets no orders; the three others do.
    const zones =
      await query(sql`select distinct address_snapshot->'delivery_zone'->>'name_en' as z from orders
      where status <> 'cart' order by 1`);
    expect(zones.map((z) => z.z)).toEqual(['Alexandria', 'Cairo', 'Giza']);
  });

  it('open in the back office like any order', async () => {
    await ensureOwner(
      t.database.db,
      { email: 'gen@store.example', password: 'Generated-orders-77' },
      t.clock.now(),
    );
    const headers = await staffSignIn(t.app, 'gen@store.example', 'Generated-orders-77');
    const { id } =
      await one(sql`select id from orders where payment_method = 'online' and status = 'delivered'
      order by id limit 1`);
    const res = await t.app.inject({ method: 'GET', url: `/v1/admin/orders/${id}?locale=en`, headers });
    expect(res.statusCode).toBe(200);
    const order = res.json().order;
    expect(order.payments).toHaveLength(1);
    expect(order.payments[0].status).toBe('succeeded');
    expect(order.history).toHaveLength(1);
    expect(order.order_products.length).toBeGreaterThan(0);
  });
});
