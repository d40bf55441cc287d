/**
 * Attacks on discount codes (issue 49 item 1, decision 038), on PGlite and PostgreSQL: what a shopper or staff could
 * type or do to get more off than the code gives, or money back beyond what was paid. Each refusal is in the user's
 * language and changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, discountCodes, orderProducts, orders } from '../../db/schema.ts';
import { addDiscountCode } from '../../test/discounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addShopper, addZones, call, productMaker, readyToPay, type Shopper } from '../../test/shoppers.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';

let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let owner: StaffAuth;
let clerk: StaffAuth;
let n = 0;
const GUESSES = 8;
/** Unknown codes one address may try (all its shoppers together): above what this file's other tests try from theirs. */
const ADDRESS_GUESSES = 20;

beforeAll(async () => {
  // Unknown codes a shopper may try: lowered so guessing is stopped within a test.
  t = await createTestApp({
    authLimits: {
      discountCodePerUser: { max: GUESSES, windowSeconds: 900 },
      discountCodePerIp: { max: ADDRESS_GUESSES, windowSeconds: 900 },
    },
  });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  ({ owner, clerk } = await ownerCatalogClerk(t, 'Staff#Pass2025'));
});
afterAll(() => t.close());

const admin = (method: string, url: string, payload?: unknown, auth = owner) =>
  call(t.app, method as 'GET', url, auth, payload as Record<string, unknown> | undefined);
async function newCode(body: Record<string, unknown>) {
  n += 1;
  return addDiscountCode(t.app, owner, { code: `atk-${n}`, ...body });
}
const apply = (s: Shopper, code: string, locale = 'en') =>
  call(t.app, 'PUT', `/v1/users/cart/discount_code?locale=${locale}`, s.headers, { code });
/** The same, from a client at `address` (what the app takes as the client's address), claiming `forwardedFor`. */
const applyFrom = async (address: string, s: Shopper, code: string, locale = 'en', forwardedFor?: string) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/v1/users/cart/discount_code?locale=${locale}`,
    remoteAddress: address,
    headers: { ...s.headers, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: { code },
  });
  return { status: res.statusCode, body: res.json(), res };
};
const cartOf = async (s: Shopper) =>
  (await call(t.app, 'GET', '/v1/users/cart?locale=en', s.headers)).body.order;
const move = async (id: number, status: string) => {
  const r = await admin('PUT', `/v1/admin/orders/${id}/status`, { status });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

describe('a code typed oddly', () => {
  it('odd Unicode, a NUL, spaces inside and an endless code are refused in the shopper language; the cart keeps its code', async () => {
    const code = await newCode({ kind: 'percent', value: 10 });
    const s = await addShopper(t.database.db, t.clock.now());
    const p = await make(100);
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
    // Any case and the spaces around it are the code.
    expect((await apply(s, `  ${code.code.toLowerCase()}\t`)).status).toBe(200);
    for (const typed of [
      code.code.replace('-', '\u2011'), // a non-breaking hyphen that looks the same
      `${code.code}\u200b`, // a zero-width space after it
      code.code.replace('A', '\uff21'), // a full-width A
      `${code.code.slice(0, 2)} ${code.code.slice(2)}`,
      `${code.code}\u0000`,
      '\u202eKTA',
    ]) {
      const r = await apply(s, typed, 'ar');
      expect(r.status, typed).toBe(422);
      expect(JSON.stringify(r.body)).not.toMatch(/stack|at [A-Za-z]+ \(/);
    }
    const long = await apply(s, 'A'.repeat(5000));
    expect(long.status).toBe(422);
    expect(long.body.errors.code).toEqual(['is too long (at most 60 characters)']);
    const cart = await cartOf(s);
    expect(cart.discount_code).toBe(code.code);
    expect(cart.discount).toBe(10);
  });
});

describe('guessing codes', () => {
  it('a shopper trying unknown codes is stopped (429 in their language, Retry-After) until the window passes; codes that exist do not count', async () => {
    const real = await newCode({ kind: 'percent', value: 10, minimum_order: 1000 });
    const s = await addShopper(t.database.db, t.clock.now());
    const p = await make(100);
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
    // A code that exists but does not apply to this cart is no guess.
    for (let i = 0; i < GUESSES + 2; i += 1) expect((await apply(s, real.code)).status).toBe(422);
    const guesses = await Promise.all(
      Array.from({ length: GUESSES + 2 }, (_, i) => apply(s, `BANK-${1000 + i}`, 'ar')),
    );
    expect(guesses.filter((r) => r.status === 422)).toHaveLength(GUESSES);
    const stopped = guesses.filter((r) => r.status === 429);
    expect(stopped).toHaveLength(2);
    expect(stopped[0]!.body.errors[0]).toMatch(/[\u0600-\u06ff]/);
    expect(Number(stopped[0]!.res.headers['retry-after'])).toBeGreaterThan(0);
    // Another shopper is not stopped by this one's guesses.
    const other = await addShopper(t.database.db, t.clock.now());
    expect((await apply(other, 'NOPE-1')).status).toBe(422);

    t.clock.advance(31 * 60_000);
    const again = await apply(s, 'BANK-2000');
    expect(again.status).toBe(422);
    expect(again.body.errors.code).toEqual(['This discount code does not exist']);
  });
});

describe('guessing codes from one address', () => {
  it('shoppers taking turns from one address are stopped together (429 in Arabic and English), however many carts or claimed addresses; another address still uses a real code', async () => {
    const real = await newCode({ kind: 'percent', value: 10 });
    const p = await make(100);
    const attacker = '203.0.113.50';
    const perCart = GUESSES / 2; // each cart stays well under its own limit
    let guess = 0;
    for (let c = 0; c < ADDRESS_GUESSES / perCart; c += 1) {
      const s = await addShopper(t.database.db, t.clock.now());
      for (let i = 0; i < perCart; i += 1)
        expect((await applyFrom(attacker, s, `GIFT-${(guess += 1)}`)).status).toBe(422);
    }
    // A new cart from that address: stopped on its first guess, in its language, even claiming other addresses.
    const fresh = await addShopper(t.database.db, t.clock.now());
    const ar = await applyFrom(attacker, fresh, 'GIFT-X1', 'ar', '198.51.100.1');
    expect(ar.status).toBe(429);
    expect(ar.body.errors[0]).toMatch(/[\u0600-\u06ff]/);
    expect(Number(ar.res.headers['retry-after'])).toBeGreaterThan(0);
    const en = await applyFrom(attacker, await addShopper(t.database.db, t.clock.now()), 'GIFT-X2', 'en');
    expect(en.status).toBe(429);
    expect(en.body.errors[0]).toMatch(/^Too many attempts/);
    // A shopper elsewhere is not stopped by that address: a real code goes on the cart, an unknown one is a 422.
    const elsewhere = await addShopper(t.database.db, t.clock.now());
    await readyToPay(t.app, elsewhere, [{ productId: p.id, quantity: 1 }]);
    expect((await applyFrom('203.0.113.51', elsewhere, 'NOPE-2')).status).toBe(422);
    const ok = await applyFrom('203.0.113.51', elsewhere, real.code);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.order.discount_code).toBe(real.code);
  });
});

describe('staff cannot make a code take more than the products cost', () => {
  it('a percent over 100 or a negative or fractional one is refused on PATCH too; a clerk without the discounts area cannot see or change codes', async () => {
    const code = await newCode({ kind: 'percent', value: 10 });
    for (const body of [{ value: 101 }, { value: -5 }, { value: 12.5 }, { kind: 'amount', value: 0 }]) {
      const r = await admin('PATCH', `/v1/admin/discount_codes/${code.id}?locale=ar`, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
    }
    const [row] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row).toMatchObject({ kind: 'percent', value: 10 });
    expect((await admin('PATCH', `/v1/admin/discount_codes/${code.id}`, { value: 100 }, clerk)).status).toBe(
      403,
    );
    expect((await admin('POST', `/v1/admin/discount_codes/${code.id}/end`, undefined, clerk)).status).toBe(
      403,
    );
  });

  it('changing a code from an amount to a percent needs its new value: 100 EGP off never silently becomes 100% off', async () => {
    const code = await newCode({ kind: 'amount', value: 100 });
    const r = await admin('PATCH', `/v1/admin/discount_codes/${code.id}?locale=ar`, { kind: 'percent' });
    expect(r.status).toBe(422);
    expect(r.body.errors.value).toEqual(['مطلوب']);
    const back = await admin('PATCH', `/v1/admin/discount_codes/${code.id}?locale=en`, { kind: 'amount' });
    expect(back.status).toBe(200);
    const [row] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row).toMatchObject({ kind: 'amount', value: 10_000 });
    const both = await admin('PATCH', `/v1/admin/discount_codes/${code.id}`, { kind: 'percent', value: 15 });
    expect(both.body.discount_code).toMatchObject({ kind: 'percent', value: 15 });
  });

  it('an amount larger than the order takes the products to zero, never the total below the delivery fee', async () => {
    const code = await newCode({ kind: 'amount', value: 1_000_000 });
    const s = await addShopper(t.database.db, t.clock.now());
    const p = await make(99.99);
    const ready = await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
    const r = await apply(s, code.code);
    expect(r.status).toBe(200);
    expect(r.body.order).toMatchObject({ subtotal: 99.99, discount: 99.99 });
    expect(r.body.order.total).toBe(ready.cart.delivery_fee);
  });
});

describe('money given back for units of a discounted line', () => {
  it('refunding a line unit by unit gives back what was paid for it, not a piastre more (money, credit notes, VAT)', async () => {
    // 2 units at 10 EGP less 0.01 EGP: the line cost 19.99 EGP, 1,999 piastres, of which 245 VAT.
    const code = await newCode({ kind: 'amount', value: 0.01 });
    const s = await addShopper(t.database.db, t.clock.now());
    const p = await make(10);
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 2 }]);
    expect((await apply(s, code.code)).status).toBe(200);
    const placed = await call(t.app, 'PUT', '/v1/users/checkout?locale=en', s.headers, {
      payment_method: 'cash',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = placed.body.order.id as number;
    for (const st of ['confirmed', 'processing', 'delivering', 'delivered']) await move(id, st);
    const [line] = await t.database.db.select().from(orderProducts).where(eq(orderProducts.orderId, id));
    expect(line).toMatchObject({ grossPiastres: 1999, vatPiastres: 245 });

    for (let i = 0; i < 2; i += 1) {
      const r = await admin('POST', `/v1/admin/orders/${id}/refunds`, {
        lines: [{ order_product_id: line!.id, quantity: 1 }],
        restock: false,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const [o] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(o!.status).toBe('refunded');
    expect(o!.refundedPiastres).toBe(1999);
    const notes = await t.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, id));
    expect(notes).toHaveLength(2);
    expect(notes.reduce((sum, c) => sum + c.grossPiastres, 0)).toBe(1999);
    expect(notes.reduce((sum, c) => sum + c.vatPiastres, 0)).toBe(245);
  });
});
