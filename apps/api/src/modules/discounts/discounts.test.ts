/**
 * Discount codes (issue 49 item 1): staff make, edit and end them; a shopper puts one on the cart and the one
 * totals calculator takes it off (VAT and the total follow); each reason a code does not apply is told in the
 * shopper's language and changes nothing; the order keeps the code and its discount; and a code's last use goes to
 * one order when many shoppers place orders with it at once (truly at once on PostgreSQL, with DATABASE_URL set).
 */
import { toEgp } from '@store/contracts';
import { eq, sql } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, orders } from '../../db/schema.ts';
import { addDiscountCode } from '../../test/discounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addCategory } from '../../test/fixtures.ts';
import {
  addShopper,
  addZones,
  call,
  productMaker,
  putInCart,
  readyToPay,
  type Shopper,
} from '../../test/shoppers.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';

let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let owner: StaffAuth;
let clerk: StaffAuth;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  ({ owner, staff: clerk } = await ownerCatalogClerk(t, 'Staff#Pass2025').then((s) => ({
    owner: s.owner,
    staff: s.clerk,
  })));
});
afterAll(() => t.close());

const admin = (method: string, url: string, payload?: unknown, auth = owner) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: auth,
    ...(payload ? { payload: payload as object } : {}),
  });
async function newCode(body: Record<string, unknown>) {
  n += 1;
  return addDiscountCode(t.app, owner, { code: `code-${n}`, ...body });
}
const shopper = () => addShopper(t.database.db, t.clock.now());
const apply = (s: Shopper, code: string, locale = 'en') =>
  call(t.app, 'PUT', `/v1/users/cart/discount_code?locale=${locale}`, s.headers, { code });
const cartOf = async (s: Shopper) =>
  (await call(t.app, 'GET', '/v1/users/cart?locale=en', s.headers)).body.order;
const place = (s: Shopper) =>
  call(t.app, 'PUT', '/v1/users/checkout?locale=en', s.headers, { payment_method: 'cash' });

describe('staff manage discount codes', () => {
  it('an owner creates, lists, edits and ends a code; a clerk may not; bad values are refused', async () => {
    const r = await admin('POST', '/v1/admin/discount_codes', {
      code: 'ramadan-10',
      kind: 'percent',
      value: 10,
      minimum_order: 500,
      max_uses: 100,
      max_uses_per_shopper: 1,
      first_order_only: true,
    });
    expect(r.statusCode, r.body).toBe(201);
    const code = r.json().discount_code;
    expect(code).toMatchObject({
      code: 'RAMADAN-10',
      kind: 'percent',
      value: 10,
      minimum_order: 500,
      uses: 0,
    });
    expect(code.state).toBe('running');

    const list = await admin('GET', '/v1/admin/discount_codes');
    expect(list.json().discount_codes.map((c: { code: string }) => c.code)).toContain('RAMADAN-10');

    const edit = await admin('PATCH', `/v1/admin/discount_codes/${code.id}`, { kind: 'amount', value: 75.5 });
    expect(edit.json().discount_code).toMatchObject({ kind: 'amount', value: 75.5, minimum_order: 500 });

    const ended = await admin('POST', `/v1/admin/discount_codes/${code.id}/end`);
    expect(ended.json().discount_code.state).toBe('ended');
    expect(Date.parse(ended.json().discount_code.ends_at)).toBeLessThanOrEqual(t.clock.now().getTime());

    expect((await admin('GET', '/v1/admin/discount_codes', undefined, clerk)).statusCode).toBe(403);
    const again = await admin('POST', '/v1/admin/discount_codes?locale=en', {
      code: 'Ramadan-10',
      kind: 'percent',
      value: 5,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual(['This code is already used by another discount']);
    const bad = await admin('POST', '/v1/admin/discount_codes?locale=en', {
      code: 'TOO-MUCH',
      kind: 'percent',
      value: 150,
      scope: 'brands',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      value: ['A percent discount must be a whole number from 1 to 100'],
      scope_ids: ['Choose at least one category, brand or product for this scope'],
    });
  });
});

describe('a shopper puts a code on the cart', () => {
  it('the cart shows the code and its discount; VAT and the total follow; DELETE takes it off', async () => {
    const s = await shopper();
    const p = await make(1140);
    await putInCart(t.app, s, p.id, 2);
    const c = await newCode({ kind: 'percent', value: 10 });
    const r = await apply(s, c.code.toLowerCase());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // 2,280 less 10% = 2,052, whose 14% VAT is 252.
    expect(r.body.order).toMatchObject({
      subtotal: 2280,
      discount: 228,
      discount_code: c.code,
      discount_code_problem: null,
      total: 2052,
      vat_amount: 252,
    });
    const off = await call(t.app, 'DELETE', '/v1/users/cart/discount_code', s.headers);
    expect(off.body.order).toMatchObject({ discount: 0, discount_code: null, total: 2280, vat_amount: 280 });
  });

  it('an amount off only the products in its scope (a category), never more than they cost', async () => {
    const s = await shopper();
    const phones = await addCategory(t.database.db, 'Phones', 'موبايلات');
    const p = await make(300);
    const other = await make(1000);
    await t.database.db.execute(`update products set category_id = ${phones.id} where id = ${p.id}` as never);
    await putInCart(t.app, s, p.id, 1);
    await putInCart(t.app, s, other.id, 1);
    const c = await newCode({ kind: 'amount', value: 500, scope: 'categories', scope_ids: [phones.id] });
    const r = await apply(s, c.code);
    expect(r.body.order).toMatchObject({ subtotal: 1300, discount: 300, total: 1000 });
  });

  it('each reason a code does not apply is told in the shopper’s language, and the cart keeps what it had', async () => {
    const s = await shopper();
    const p = await make(200);
    await putInCart(t.app, s, p.id, 1);
    const good = await newCode({ kind: 'percent', value: 5 });
    await apply(s, good.code);
    const now = t.clock.now().getTime();
    const day = 86_400_000;
    const cases: [Record<string, unknown> | string, string, string][] = [
      ['NO-SUCH-CODE', 'This discount code does not exist', 'كود الخصم ده مش موجود'],
      [
        {
          kind: 'percent',
          value: 5,
          starts_at: new Date(now - 2 * day).toISOString(),
          ends_at: new Date(now - day).toISOString(),
        },
        'This discount code has expired',
        'كود الخصم ده خلصت مدته',
      ],
      [
        { kind: 'percent', value: 5, starts_at: '2099-01-02T00:00:00Z' },
        'This discount code starts on 2099-01-02',
        'كود الخصم ده هيبدأ يوم 2099-01-02',
      ],
      [
        { kind: 'percent', value: 5, minimum_order: 1000 },
        'This discount code needs an order of at least 1,000 EGP',
        'كود الخصم ده محتاج طلب بـ 1,000 جنيه على الأقل',
      ],
      [
        { kind: 'percent', value: 5, scope: 'products', scope_ids: [p.id + 1000] },
        'This discount code does not apply to the products in your cart',
        'كود الخصم ده مش على المنتجات اللي في عربيتك',
      ],
    ];
    for (const [body, en, ar] of cases) {
      const code = typeof body === 'string' ? body : (await newCode(body)).code;
      const r = await apply(s, code);
      expect(r.status).toBe(422);
      expect(r.body.errors.code).toEqual([en]);
      expect((await apply(s, code, 'ar')).body.errors.code).toEqual([ar]);
    }
    const used = await newCode({ kind: 'percent', value: 5, max_uses: 1 });
    await t.database.db.update(discountCodes).set({ uses: 1 }).where(eq(discountCodes.id, used.id));
    expect((await apply(s, used.code)).body.errors.code).toEqual(['This discount code has run out']);
    expect(await cartOf(s)).toMatchObject({ discount_code: good.code, discount: 10 });
  });

  it('first order only, and once per shopper, count the orders the shopper placed', async () => {
    const s = await shopper();
    const p = await make(100, 50);
    const first = await newCode({ kind: 'percent', value: 10, first_order_only: true });
    const once = await newCode({ kind: 'amount', value: 5, max_uses_per_shopper: 1 });
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
    expect((await apply(s, once.code)).status).toBe(200);
    expect((await place(s)).status).toBe(200);
    await putInCart(t.app, s, p.id, 1);
    expect((await apply(s, first.code)).body.errors.code).toEqual([
      'This discount code is for a first order only',
    ]);
    expect((await apply(s, once.code)).body.errors.code).toEqual([
      'You have already used this discount code as many times as it allows',
    ]);
  });
});

describe('the order keeps the code', () => {
  it('the placed order shows the code and the discount, its VAT is the discounted total’s, and the use is counted', async () => {
    const s = await shopper();
    const p = await make(1140);
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
    const c = await newCode({ kind: 'amount', value: 114 });
    await apply(s, c.code);
    const r = await place(s);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // 1,140 − 114 = 1,026 (VAT 126) + 60 delivery.
    expect(r.body.order).toMatchObject({
      discount_code: c.code,
      discount: 114,
      total_cart_price: 1140,
      checkout_total_price: 1086,
      vat_amount: 126,
    });
    expect(r.body.order.order_products[0].vat_amount).toBe(126);
    const [row] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, c.id));
    expect(row!.uses).toBe(1);
    expect((await cartOf(s)).discount_code).toBeNull();
  });

  it('a refund of some units gives back what they cost after the discount, not their shelf price', async () => {
    const s = await shopper();
    const p = await make(1000, 10);
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 2 }]);
    const c = await newCode({ kind: 'percent', value: 25 });
    await apply(s, c.code);
    const placed = await place(s);
    const id = placed.body.order.id as number;
    expect(placed.body.order).toMatchObject({ discount: 500, checkout_total_price: 1560 });
    await call(t.app, 'POST', `/dev/orders/${id}/status`, {}, { status: 'delivered' });
    const line = placed.body.order.order_products[0].id as number;
    const r = await admin('POST', `/v1/admin/orders/${id}/refunds?locale=en`, {
      lines: [{ order_product_id: line, quantity: 1 }],
      restock: true,
    });
    expect(r.statusCode, r.body).toBe(200);
    const after = await call(t.app, 'GET', `/v1/users/orders/${id}?locale=en`, s.headers);
    expect(after.body.order.refunded_amount).toBe(750);
  });

  it('a code ended after it was put on the cart: the cart says why; checkout is a 409, places nothing and drops it', async () => {
    const s = await shopper();
    const p = await make(500);
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
    const c = await newCode({ kind: 'percent', value: 20 });
    await apply(s, c.code);
    await admin('POST', `/v1/admin/discount_codes/${c.id}/end`);
    expect(await cartOf(s)).toMatchObject({
      discount_code: c.code,
      discount: 0,
      discount_code_problem: 'This discount code has expired',
    });
    const r = await place(s);
    expect(r.status).toBe(409);
    expect(r.body.errors[0]).toBe('This discount code has expired');
    expect(await cartOf(s)).toMatchObject({ discount_code: null, total: 560 });
    expect((await place(s)).body.order).toMatchObject({
      discount_code: null,
      discount: 0,
      checkout_total_price: 560,
    });
  });
});

describe('an online payment', () => {
  it('holds the use while its session lives and gives it back when the session runs out; the cart keeps the code', async () => {
    const s = await shopper();
    const p = await make(800);
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
    const c = await newCode({ kind: 'amount', value: 100, max_uses: 1 });
    await apply(s, c.code);
    const session = await call(t.app, 'POST', '/v1/users/checkout?locale=en', s.headers, {
      payment_method: 'online',
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.checkout_total_price).toBe(760);
    const uses = async () =>
      (await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, c.id)))[0]!.uses;
    expect(await uses()).toBe(1);
    t.clock.advance(6 * 60_000);
    expect(await cartOf(s)).toMatchObject({ discount_code: c.code, discount: 100, total: 760 });
    expect(await uses()).toBe(0);
  });
});

describe('a cancelled order gives its code’s use back', () => {
  const cancel = (id: number, from?: string) =>
    admin('PUT', `/v1/admin/orders/${id}/status?locale=en`, {
      status: 'canceled',
      ...(from ? { from } : {}),
    });
  const usesOf = async (id: number) =>
    (await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0]!.uses;

  it('a one-use influencer code on an order staff cancel goes to another shopper', async () => {
    const p = await make(500, 10);
    const c = await newCode({ kind: 'amount', value: 50, max_uses: 1 });
    const first = await shopper();
    await readyToPay(t.app, first, [{ productId: p.id, quantity: 1 }]);
    await apply(first, c.code);
    const placed = await place(first);
    expect(placed.body.order.discount_code).toBe(c.code);
    const confirmed = await admin('PUT', `/v1/admin/orders/${placed.body.order.id}/status`, {
      status: 'confirmed',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await cancel(placed.body.order.id)).statusCode).toBe(200);
    expect(await usesOf(c.id)).toBe(0);
    const next = await shopper();
    await readyToPay(t.app, next, [{ productId: p.id, quantity: 1 }]);
    expect((await apply(next, c.code)).status).toBe(200);
    expect((await place(next)).body.order).toMatchObject({ discount_code: c.code, discount: 50 });
    expect(await usesOf(c.id)).toBe(1);
  });

  it('the same shopper may use a once-per-shopper code and a first-order code again after their order is cancelled', async () => {
    const p = await make(300, 10);
    const once = await newCode({ kind: 'amount', value: 30, max_uses_per_shopper: 1 });
    const first = await newCode({ kind: 'percent', value: 10, first_order_only: true });
    const s = await shopper();
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
    await apply(s, once.code);
    const placed = await place(s);
    expect((await cancel(placed.body.order.id)).statusCode).toBe(200);
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
    expect((await apply(s, first.code)).status).toBe(200);
    expect((await apply(s, once.code)).status).toBe(200);
    expect((await place(s)).body.order).toMatchObject({ discount_code: once.code, discount: 30 });
  });

  it('a cancel asked again, or twice at once, gives one use back', async () => {
    const p = await make(200, 10);
    const c = await newCode({ kind: 'amount', value: 20, max_uses: 5 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await shopper();
      await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
      await apply(s, c.code);
      ids.push((await place(s)).body.order.id as number);
    }
    expect(await usesOf(c.id)).toBe(3);
    expect((await cancel(ids[0]!, 'pending')).statusCode).toBe(200);
    expect((await cancel(ids[0]!, 'pending')).statusCode).toBe(409);
    expect((await cancel(ids[0]!)).statusCode).toBe(422);
    expect(await usesOf(c.id)).toBe(2);
    const both = await Promise.all([cancel(ids[1]!), cancel(ids[1]!)]);
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await usesOf(c.id)).toBe(1);
  });
});

describe('the invoice and the sales report name the discount', () => {
  it('the confirmed order’s invoice PDF shows the code and what it took off; the report adds up the discounts', async () => {
    const s = await shopper();
    const p = await make(2280);
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
    const c = await newCode({ kind: 'amount', value: 228 });
    await apply(s, c.code);
    const placed = await place(s);
    const confirmed = await call(
      t.app,
      'PUT',
      `/v1/admin/orders/${placed.body.order.id}/status?locale=en`,
      owner,
      { status: 'confirmed' },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.order).toMatchObject({ discount_code: c.code, discount: 228 });
    const pdf = await admin('GET', `/v1/admin/orders/${placed.body.order.id}/invoice?locale=en`);
    expect(pdf.statusCode).toBe(200);
    const file = path.join(tmpdir(), `discount-invoice-${process.pid}.pdf`);
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    rmSync(file, { force: true });
    expect(text).toContain(`Discount code ${c.code}`);
    expect(text).toContain('-228.00');
    expect(text).toContain('2,112.00'); // 2,280 − 228 + 60 delivery

    const rows = (await t.database.db.execute(
      sql`select coalesce(sum(discount_piastres), 0)::int as d from orders
        where status not in ('cart', 'awaiting_payment', 'abandoned', 'canceled')`,
    )) as unknown as { rows: { d: number }[] };
    const all = toEgp(Number(rows.rows[0]!.d));
    expect(all).toBeGreaterThanOrEqual(228);
    for (const group_by of ['day', 'payment_method', 'product']) {
      const r = await admin('GET', `/v1/admin/reports/sales?group_by=${group_by}`);
      expect(r.statusCode).toBe(200);
      expect(r.json().totals.discounts, group_by).toBe(all);
    }
    const byMethod = await admin('GET', '/v1/admin/reports/sales?group_by=payment_method');
    expect(byMethod.json().rows.find((r: { key: string }) => r.key === 'cash').discounts).toBe(all);
  });
});

describe(`the last use of a code at once (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a one-use code in 8 carts, checked out by all 8 at once, ends up on exactly one order', async () => {
    const p = await make(1000, 100);
    const c = await newCode({ kind: 'percent', value: 50, max_uses: 1 });
    const people: Shopper[] = [];
    for (let i = 0; i < 8; i++) {
      const s = await shopper();
      await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
      expect((await apply(s, c.code)).status).toBe(200);
      people.push(s);
    }
    const results = await Promise.all(people.map(place));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body.order).toMatchObject({ discount_code: c.code, checkout_total_price: 560 });
    expect(refused).toHaveLength(7);
    for (const r of refused)
      expect(r).toMatchObject({
        status: 409,
        body: {
          errors: [
            'This discount code has run out',
            'The code was taken off your cart and nothing was ordered: check the new total and confirm again.',
          ],
        },
      });
    const withCode = await t.database.db.select().from(orders).where(eq(orders.discountCode, c.code));
    expect(withCode).toHaveLength(1);
    const [row] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, c.id));
    expect(row!.uses).toBe(1);
    // Confirming again places the order at the full price.
    const loser = people[results.findIndex((r) => r.status === 409)]!;
    expect(await cartOf(loser)).toMatchObject({ discount_code: null, total: 1060 });
    expect((await place(loser)).body.order).toMatchObject({
      discount_code: null,
      checkout_total_price: 1060,
    });
  });
});
