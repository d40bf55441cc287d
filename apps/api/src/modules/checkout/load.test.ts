/**
 * Proof under load (issue 5): many buyers for the last few units at the same moment. On PGlite requests are
 * serialised by the single connection; with DATABASE_URL set they run truly in parallel on PostgreSQL (a pool of
 * connections, row locks, READ COMMITTED), which is where the guarded update earns its keep.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addShopper, addZones, call, productMaker, readyToPay, type Shopper } from '../../test/shoppers.ts';

let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;

beforeAll(async () => {
  t = await createTestApp();
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
});
afterAll(() => t.close());

const stockOf = async (id: number) =>
  (await t.database.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const UNAVAILABLE = 'One or more of your products is no longer available';

async function buyers(n: number, items: (i: number) => { productId: number; quantity: number }[]) {
  const list: Shopper[] = [];
  for (let i = 0; i < n; i++) {
    const s = await addShopper(t.database.db, t.clock.now());
    await readyToPay(t.app, s, items(i));
    list.push(s);
  }
  return list;
}

describe(`many buyers for the last units at once (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('12 buyers, 3 units: exactly 3 orders, the rest are told the product is no longer available, stock ends at 0', async () => {
    const last = await make(5000, 3);
    const people = await buyers(12, () => [{ productId: last.id, quantity: 1 }]);
    const results = await Promise.all(
      people.map((s) =>
        call(t.app, 'PUT', '/v1/users/checkout?locale=en', s.headers, { payment_method: 'cash' }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r).toMatchObject({ status: 422, body: { errors: [UNAVAILABLE] } });
    expect(await stockOf(last.id)).toBe(0);
    const placed = await t.database.db.select().from(orders).where(eq(orders.status, 'pending'));
    expect(placed.filter((o) => ok.some((r) => r.body.order.id === o.id))).toHaveLength(3);
  });

  it('buyers of two scarce products, added in opposite orders: no deadlock, no oversell', async () => {
    const a = await make(100, 5);
    const b = await make(200, 5);
    const people = await buyers(12, (i) =>
      i % 2
        ? [
            { productId: a.id, quantity: 1 },
            { productId: b.id, quantity: 1 },
          ]
        : [
            { productId: b.id, quantity: 1 },
            { productId: a.id, quantity: 1 },
          ],
    );
    const results = await Promise.all(
      people.map((s, i) =>
        call(t.app, 'PUT', '/v1/users/checkout?locale=en', s.headers, {
          payment_method: i % 3 ? 'cash' : 'visa_on_delivery',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.errors).toEqual([UNAVAILABLE]);
    expect(await stockOf(a.id)).toBe(0);
    expect(await stockOf(b.id)).toBe(0);
  });

  it('online sessions hold stock the same way: 10 buyers, 4 units, 4 payment keys', async () => {
    const last = await make(700, 4);
    const people = await buyers(10, () => [{ productId: last.id, quantity: 1 }]);
    const results = await Promise.all(
      people.map((s) =>
        call(t.app, 'POST', '/v1/users/checkout?locale=en', s.headers, { payment_method: 'online' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.errors).toEqual([UNAVAILABLE]);
    expect(await stockOf(last.id)).toBe(0);
  });

  it('one shopper pressing place order many times at once gets one order', async () => {
    const p = await make(100, 10);
    const [s] = await buyers(1, () => [{ productId: p.id, quantity: 2 }]);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t.app, 'PUT', '/v1/users/checkout?locale=en', s!.headers, { payment_method: 'cash' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.body.errors).toEqual(['Your cart is empty']);
    expect(await stockOf(p.id)).toBe(8);
  });

  it('one shopper opening many payment sessions at once gets one', async () => {
    const p = await make(100, 10);
    const [s] = await buyers(1, () => [{ productId: p.id, quantity: 2 }]);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t.app, 'POST', '/v1/users/checkout?locale=en', s!.headers, { payment_method: 'online' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.body.errors[0]).toMatch(
        /^A payment session is already active\. You can start a new session in 0[45]:\d\d\.$/,
      );
    }
    expect(await stockOf(p.id)).toBe(8);
  });
});
