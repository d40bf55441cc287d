/**
 * Attacks on returns (issue 48 item 5, decision 035), on PGlite and PostgreSQL (truly at once there, with
 * DATABASE_URL set): another shopper's order, a cancelled one, the same units asked twice at once, an SVG carrying a
 * script, staff receiving twice at once or approving a refused return, and the money of a discounted line given
 * back over two returns. Each refusal is in the user's language and changes nothing; nothing is refunded twice.
 */
import { eq } from 'drizzle-orm';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderReturns, orders } from '../../db/schema.ts';
import { addDiscountCode } from '../../test/discounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addShopper, addZones, call, productMaker, readyToPay, type Shopper } from '../../test/shoppers.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';

const uploads = mkdtempSync(path.join(tmpdir(), 'returns-attacks-'));
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let owner: StaffAuth;

beforeAll(async () => {
  t = await createTestApp({ uploadsDir: uploads });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  ({ owner } = await ownerCatalogClerk(t, 'Staff#Pass2025'));
});
afterAll(async () => {
  await t?.close();
  rmSync(uploads, { recursive: true, force: true, maxRetries: 5 });
});

const staffCall = (method: 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  call(t.app, method, url, owner, payload ?? {});
const move = async (id: number, status: string) => {
  const r = await staffCall('PUT', `/v1/admin/orders/${id}/status`, { status });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

/** A cash order of 2 units at 10 EGP (less `code`'s discount), moved to `upTo` by staff. */
async function order(upTo: 'delivered' | 'canceled' = 'delivered', code?: string) {
  const s = await addShopper(t.database.db, t.clock.now());
  const p = await make(10);
  await readyToPay(t.app, s, [{ productId: p.id, quantity: 2 }]);
  if (code)
    expect((await call(t.app, 'PUT', '/v1/users/cart/discount_code', s.headers, { code })).status).toBe(200);
  const r = await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.order.id as number;
  const line = r.body.order.order_products[0].id as number;
  if (upTo === 'canceled') await move(id, 'canceled');
  else for (const st of ['confirmed', 'processing', 'delivering', 'delivered']) await move(id, st);
  return { s, id, line };
}

async function ask(
  s: Shopper,
  orderId: number,
  lines: { order_product_id: number; quantity: number }[],
  opts: { locale?: string; photo?: { name: string; type: string; data: Buffer } } = {},
) {
  const form = new FormData();
  form.append('lines', JSON.stringify(lines));
  form.append('reason', 'defective');
  if (opts.photo)
    form.append(
      'photo',
      new Blob([new Uint8Array(opts.photo.data)], { type: opts.photo.type }),
      opts.photo.name,
    );
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/users/orders/${orderId}/returns?locale=${opts.locale ?? 'en'}`,
    headers: s.headers,
    payload: form,
  });
  return { status: res.statusCode, body: res.json() };
}
const returnsOf = (orderId: number) =>
  t.database.db.select().from(orderReturns).where(eq(orderReturns.orderId, orderId));
const storedPhotos = () => readdirSync(uploads, { recursive: true }).filter((f) => String(f).includes('.'));

describe('a shopper cannot ask for what is not theirs to return', () => {
  it("another shopper's order is not found, a cancelled order was not delivered: nothing kept", async () => {
    const mine = await order();
    const other = await addShopper(t.database.db, t.clock.now());
    const theirs = await ask(other, mine.id, [{ order_product_id: mine.line, quantity: 1 }], {
      locale: 'ar',
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.errors).toEqual(['الطلب ده مش موجود']);
    const listed = await call(t.app, 'GET', `/v1/users/orders/${mine.id}/returns`, other.headers);
    expect(listed.status).toBe(404);

    const canceled = await order('canceled');
    const r = await ask(canceled.s, canceled.id, [{ order_product_id: canceled.line, quantity: 1 }]);
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual(['Only a delivered order can be returned']);
    // Another order's line on this order is no line of it.
    const stray = await ask(mine.s, mine.id, [{ order_product_id: canceled.line, quantity: 1 }]);
    expect(stray.status).toBe(422);
    expect((await returnsOf(mine.id)).length + (await returnsOf(canceled.id)).length).toBe(0);
  });

  it('the same units asked twice at once: one return gets them, the other is told how many are left', async () => {
    const o = await order();
    const both = await Promise.all(
      [0, 1].map(() => ask(o.s, o.id, [{ order_product_id: o.line, quantity: 2 }])),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(both.find((r) => r.status === 422)!.body.errors.lines).toEqual([expect.stringContaining('0')]);
    expect(await returnsOf(o.id)).toHaveLength(1);
  });

  it('an SVG carrying a script, named and typed as a PNG, is refused in Arabic and nothing is kept', async () => {
    const o = await order();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
    );
    const r = await ask(o.s, o.id, [{ order_product_id: o.line, quantity: 1 }], {
      locale: 'ar',
      photo: { name: 'photo.png', type: 'image/png', data: svg },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.photo).toHaveLength(1);
    expect(r.body.errors.photo[0]).toMatch(/[\u0600-\u06ff]/);
    expect(r.body.errors.photo[0]).toContain('photo.png');
    expect(await returnsOf(o.id)).toHaveLength(0);
    expect(storedPhotos()).toEqual([]);
  });
});

describe('staff cannot refund a return twice', () => {
  it('receiving twice at once refunds once; a refused return cannot be approved or received', async () => {
    const o = await order();
    const made = await ask(o.s, o.id, [{ order_product_id: o.line, quantity: 2 }]);
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    expect((await staffCall('POST', `/v1/admin/returns/${id}/approve`)).status).toBe(200);
    const both = await Promise.all([0, 1].map(() => staffCall('POST', `/v1/admin/returns/${id}/receive`)));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(after).toMatchObject({ status: 'refunded', refundedPiastres: 2000 });

    const o2 = await order();
    const asked = await ask(o2.s, o2.id, [{ order_product_id: o2.line, quantity: 1 }]);
    const id2 = asked.body.id as number;
    expect(
      (await staffCall('POST', `/v1/admin/returns/${id2}/refuse?locale=en`, { note: 'Used, scratched' }))
        .status,
    ).toBe(200);
    expect((await staffCall('POST', `/v1/admin/returns/${id2}/approve`)).status).toBe(409);
    expect((await staffCall('POST', `/v1/admin/returns/${id2}/receive`)).status).toBe(409);
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, o2.id));
    expect(still).toMatchObject({ status: 'delivered', refundedPiastres: 0 });
  });

  it('units in a return being handled cannot be refunded again on the order: the return can still be received, refunding once', async () => {
    const o = await order();
    const made = await ask(o.s, o.id, [{ order_product_id: o.line, quantity: 1 }]);
    const id = made.body.id as number;
    expect((await staffCall('POST', `/v1/admin/returns/${id}/approve`)).status).toBe(200);
    const both = await staffCall('POST', `/v1/admin/orders/${o.id}/refunds?locale=ar`, {
      lines: [{ order_product_id: o.line, quantity: 2 }],
      restock: true,
    });
    expect(both.status).toBe(422);
    expect(both.body.errors.lines).toEqual([expect.stringContaining(`#${id}`)]);
    expect(both.body.errors.lines[0]).toMatch(/[\u0600-\u06ff]/);
    const [untouched] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(untouched).toMatchObject({ status: 'delivered', refundedPiastres: 0 });
    // The unit not asked for may be refunded on the order; the returned one when it is received.
    const other = await staffCall('POST', `/v1/admin/orders/${o.id}/refunds`, {
      lines: [{ order_product_id: o.line, quantity: 1 }],
      restock: false,
    });
    expect(other.status).toBe(200);
    expect((await staffCall('POST', `/v1/admin/returns/${id}/receive`)).status).toBe(200);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(after).toMatchObject({ status: 'refunded', refundedPiastres: 2000 });
  });

  it('a return shows the price paid for a unit, after the discount code, not the list price', async () => {
    await addDiscountCode(t.app, owner, { code: 'RET-QUARTER', kind: 'percent', value: 25 });
    const o = await order('delivered', 'ret-quarter');
    const made = await ask(o.s, o.id, [{ order_product_id: o.line, quantity: 1 }]);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.lines).toEqual([expect.objectContaining({ quantity: 1, unit_price: 7.5 })]);
    expect((await staffCall('POST', `/v1/admin/returns/${made.body.id}/approve`)).status).toBe(200);
    expect((await staffCall('POST', `/v1/admin/returns/${made.body.id}/receive`)).status).toBe(200);
    expect((await returnsOf(o.id)).map((r) => r.refundPiastres)).toEqual([750]);
  });

  it('a line a discount code left at 19.99 EGP, returned one unit at a time, gives back 19.99 EGP', async () => {
    await addDiscountCode(t.app, owner, { code: 'RET-PIASTRE', kind: 'amount', value: 0.01 });
    const o = await order('delivered', 'ret-piastre');
    for (let i = 0; i < 2; i += 1) {
      const made = await ask(o.s, o.id, [{ order_product_id: o.line, quantity: 1 }]);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect((await staffCall('POST', `/v1/admin/returns/${made.body.id}/approve`)).status).toBe(200);
      expect((await staffCall('POST', `/v1/admin/returns/${made.body.id}/receive`)).status).toBe(200);
    }
    const refunds = (await returnsOf(o.id)).map((r) => r.refundPiastres).sort();
    expect(refunds).toEqual([1000, 999]);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(after).toMatchObject({ status: 'refunded', refundedPiastres: 1999 });
  });
});
