import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EtaUnavailable } from '../../adapters/eta/client.ts';
import { EtaNumber, receiptUuid, type EtaDocument } from '../../adapters/eta/serialize.ts';
import { etaReceipts, orderProducts, orders } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { FakeEta } from '../../test/fake-eta.ts';
import { addShopper, productMaker } from '../../test/shoppers.ts';
import {
  chainReceipt,
  etaReceiptSetup,
  issueReceipt,
  refreshVerdicts,
  retryReceipts,
  type ReceiptsContext,
} from './receipts.ts';

let t: TestApp;
let eta: FakeEta;
let ctx: ReceiptsContext;
let makeProduct: Awaited<ReturnType<typeof productMaker>>;
let shopperId: number;
let orderNumber = 500;
const errors: object[] = [];

beforeAll(async () => {
  [t, eta] = await Promise.all([createTestApp(), new FakeEta().start()]);
  const now = t.clock.now();
  makeProduct = await productMaker(t.database.db, now);
  shopperId = (await addShopper(t.database.db, now, { firstName: 'منى' })).id;
  ctx = {
    db: t.database.db,
    clock: t.clock,
    eta: etaReceiptSetup({
      ETA_RECEIPTS: 'on',
      ETA_CLIENT_ID: 'pos-client',
      ETA_CLIENT_SECRET: 'pos-secret',
      ETA_URL: eta.url,
      ETA_ID_URL: eta.url,
      ETA_RIN: '674859545',
      ETA_BRANCH_CODE: '0',
      ETA_BRANCH_ADDRESS: 'Cairo; Nasr City; 12 Abbas El Akkad; 12',
      ETA_DEVICE_SERIAL: 'STORE-WEB-1',
      ETA_ACTIVITY_CODE: '4741',
      STORE_LEGAL_NAME: 'إيجيبت إلكترونيكس ش.م.م',
    }),
    log: { error: (obj: object) => void errors.push(obj) },
  };
});
afterAll(async () => {
  await eta.close();
  await t.close();
});
beforeEach(async () => {
  // Each test reads its own chain from an empty table.
  await t.database.db.delete(etaReceipts);
  eta.accepted.length = 0;
  eta.requests.length = 0;
  eta.submitAnswers = ['accepted'];
  eta.verdict = 'valid';
});

/** A confirmed order (written as the order core leaves it), its lines at the prices paid. */
async function confirmedOrder(lines: { priceEgp: number; quantity: number }[], shippingEgp = 0) {
  const db = t.database.db;
  orderNumber += 1;
  const total = lines.reduce((s, l) => s + l.priceEgp * 100 * l.quantity, 0) + shippingEgp * 100;
  const [o] = await db
    .insert(orders)
    .values({
      userId: shopperId,
      status: 'confirmed',
      orderNumber,
      paymentMethod: 'cash',
      shippingFeesPiastres: shippingEgp * 100,
      totalCartPricePiastres: total - shippingEgp * 100,
      checkoutTotalPricePiastres: total,
      checkoutDate: t.clock.now(),
    })
    .returning();
  for (const l of lines) {
    const p = await makeProduct(l.priceEgp);
    await db.insert(orderProducts).values({
      orderId: o!.id,
      productId: p.id,
      quantity: l.quantity,
      checkoutPricePiastres: l.priceEgp * 100,
    });
  }
  return o!;
}

/** A received value with its numbers as numbers (the fake keeps their literals). */
const plain = (v: unknown): unknown =>
  v instanceof EtaNumber
    ? Number(v.literal)
    : Array.isArray(v)
      ? v.map(plain)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))
        : v;

const stored = (id: number) =>
  t.database.db
    .select()
    .from(etaReceipts)
    .where(eq(etaReceipts.id, id))
    .then((r) => r[0]!);

describe('e-receipts of confirmed orders', () => {
  it("chain two orders: the second's previousUUID is the first's uuid, and T1 is the order's VAT", async () => {
    const first = await confirmedOrder([{ priceEgp: 11400, quantity: 1 }], 50);
    const second = await confirmedOrder([{ priceEgp: 570, quantity: 2 }]);
    const a = (await issueReceipt(ctx, first.id, 'sale'))!;
    const b = (await issueReceipt(ctx, second.id, 'sale'))!;
    expect(a.uuid).toMatch(/^[0-9a-f]{64}$/);
    expect(a.previousUuid).toBe('');
    expect(b.previousUuid).toBe(a.uuid);
    expect([a.status, b.status]).toEqual(['submitted', 'submitted']);

    // What the ETA received: the second names the first, its VAT is 14/114 of 1,140.00, its uuid is its own hash.
    expect(eta.accepted).toHaveLength(2);
    const got = eta.accepted[1]!;
    expect((got.header as EtaDocument).previousUUID).toBe(a.uuid);
    expect(plain(got.taxTotals)).toEqual([{ taxType: 'T1', amount: 140 }]);
    expect(receiptUuid(got)).toBe(b.uuid);
    // The first carries the delivery fee as an untaxed line; its VAT is the goods' only: 11,400 × 14/114 = 1,400.
    expect(plain(eta.accepted[0]!.taxTotals)).toEqual([{ taxType: 'T1', amount: 1400 }]);
    expect(plain(eta.accepted[0]!.totalAmount)).toBe(11450);

    expect(await refreshVerdicts(ctx)).toBe(2);
    expect((await stored(b.id)).status).toBe('valid');
  });

  it('are written once per order, however often the outbox delivers the event', async () => {
    const o = await confirmedOrder([{ priceEgp: 100, quantity: 1 }]);
    const a = await issueReceipt(ctx, o.id, 'sale');
    const again = await issueReceipt(ctx, o.id, 'sale');
    expect(again!.id).toBe(a!.id);
    expect(eta.to('/api/v1/receiptsubmissions')).toHaveLength(1);
  });

  it("keep the ETA's reasons for a rejection", async () => {
    eta.submitAnswers = ['rejected'];
    const o = await confirmedOrder([{ priceEgp: 100, quantity: 1 }]);
    const r = (await issueReceipt(ctx, o.id, 'sale'))!;
    expect(r.status).toBe('invalid');
    expect(r.reasons).toContain(
      'InvalidItemCode: The item code is not registered for the taxpayer (itemData[0].itemCode)',
    );
  });

  it('are kept through an outage and sent later in order, with the same uuids (nothing lost)', async () => {
    eta.submitAnswers = ['outage'];
    const o1 = await confirmedOrder([{ priceEgp: 228, quantity: 1 }]);
    const o2 = await confirmedOrder([{ priceEgp: 114, quantity: 3 }]);
    await expect(issueReceipt(ctx, o1.id, 'sale')).rejects.toBeInstanceOf(EtaUnavailable);
    await expect(issueReceipt(ctx, o2.id, 'sale')).rejects.toBeInstanceOf(EtaUnavailable);
    const [r1, r2] = await t.database.db.select().from(etaReceipts).orderBy(etaReceipts.id);
    // The second waits behind the first: the chain goes to the ETA in order.
    expect([r1!.status, r2!.status]).toEqual(['failed', 'pending']);
    expect(r1!.attempts).toBe(2); // tried again (first) when the second order's receipt was written
    expect(r1!.lastError).toMatch(/HTTP 503/);
    expect(r2!.previousUuid).toBe(r1!.uuid);

    eta.submitAnswers = ['accepted'];
    await retryReceipts(ctx);
    expect(eta.accepted.map((d) => (d.header as EtaDocument).uuid)).toEqual([r1!.uuid, r2!.uuid]);
    expect((await stored(r1!.id)).status).toBe('valid');
    expect((await stored(r2!.id)).status).toBe('valid');
  });

  it('never give two receipts the same previous one, written at once', async () => {
    const os = await Promise.all(
      Array.from({ length: 6 }, () => confirmedOrder([{ priceEgp: 100, quantity: 1 }])),
    );
    const rows = await Promise.all(os.map((o) => chainReceipt({ ...ctx, eta: ctx.eta! }, o.id, 'sale')));
    const byId = [...rows].sort((x, y) => x.id - y.id);
    expect(byId[0]!.previousUuid).toBe('');
    for (let i = 1; i < byId.length; i++) expect(byId[i]!.previousUuid).toBe(byId[i - 1]!.uuid);
    expect(new Set(rows.map((r) => r.previousUuid)).size).toBe(6);
  });

  it('send a return receipt that names the sale', async () => {
    const o = await confirmedOrder([{ priceEgp: 114, quantity: 2 }]);
    const sale = (await issueReceipt(ctx, o.id, 'sale'))!;
    const ret = (await issueReceipt(ctx, o.id, 'return', { key: `return:${o.id}:1` }))!;
    expect(ret.kind).toBe('return');
    expect(ret.referenceUuid).toBe(sale.uuid);
    expect(ret.previousUuid).toBe(sale.uuid);
    expect(ret.receiptNumber).toBe(`${o.orderNumber}-R1`);
    const doc = eta.accepted.at(-1)!;
    expect(doc.documentType).toEqual({ receiptType: 'R', typeVersion: '1.2' });
  });

  it('are not made at all with ETA_RECEIPTS off', async () => {
    const o = await confirmedOrder([{ priceEgp: 100, quantity: 1 }]);
    expect(await issueReceipt({ ...ctx, eta: null }, o.id, 'sale')).toBeNull();
    expect(await t.database.db.select().from(etaReceipts)).toEqual([]);
  });
});
