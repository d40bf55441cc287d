/**
 * VAT, invoices and e-receipts wired into orders (issue 47 items 1-3): the order's VAT from the one totals
 * calculator, its invoice number at confirmation, the invoice and credit notes as PDFs for the shopper and staff,
 * and with ETA_RECEIPTS on, each confirmed order's receipt sent from the outbox, chained, its T1 the order's VAT.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage, EmailSender } from '../../adapters/email/index.ts';
import { EtaNumber, type EtaDocument } from '../../adapters/eta/serialize.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { FakeEta } from '../../test/fake-eta.ts';
import { staffSignIn } from '../../test/staff.ts';
import {
  addAddress,
  addShopper,
  addZones,
  call,
  productMaker,
  putInCart,
  readyToPay,
  type Shopper,
} from '../../test/shoppers.ts';
import { etaReceiptSetup } from '../einvoicing/index.ts';
import { DEMO_SELLER, invoiceSeller, money } from '../invoices/index.ts';
import { ensureOwner } from '../staff/bootstrap.ts';
import { drainEvents } from './events.ts';

let t: TestApp;
let eta: FakeEta;
let make: Awaited<ReturnType<typeof productMaker>>;
let owner: Awaited<ReturnType<typeof staffSignIn>>;
const dir = mkdtempSync(path.join(tmpdir(), 'order-invoice-'));
/** Every email the store sent, as the provider got it. */
const mails: EmailMessage[] = [];
const email: EmailSender = {
  name: 'outbox',
  async send(m) {
    mails.push(m);
    return { messageId: `m-${mails.length}` };
  },
};

beforeAll(async () => {
  eta = await new FakeEta().start();
  t = await createTestApp({
    email,
    invoicing: {
      seller: invoiceSeller({
        STORE_LEGAL_NAME: 'Egypt Electronics S.A.E.',
        STORE_LEGAL_NAME_AR: 'إيجيبت إلكترونيكس ش.م.م',
        STORE_TAX_ID: '674859545',
      }),
      deliveryVatBp: 0,
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
      }),
    },
  });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  await ensureOwner(
    t.database.db,
    { email: 'inv@store.example', password: 'Invoices-owner-47' },
    t.clock.now(),
  );
  owner = await staffSignIn(t.app, 'inv@store.example', 'Invoices-owner-47');
});
afterAll(async () => {
  await t?.close();
  await eta?.close();
  rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
});

/** A cash order placed by a new shopper: 1,140 EGP × 1 and 570 EGP × 2 (2,280 EGP), Giza's 60 EGP delivery. */
async function placed() {
  const s = await addShopper(t.database.db, t.clock.now());
  const a = await make(1140, 10);
  const b = await make(570, 10);
  const { cart } = await readyToPay(t.app, s, [
    { productId: a.id, quantity: 1 },
    { productId: b.id, quantity: 2 },
  ]);
  const r = await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return { s, id: r.body.order.id as number, order: r.body.order, cart };
}
const confirm = async (id: number) => {
  const r = await call(t.app, 'PUT', `/v1/admin/orders/${id}/status?locale=en`, owner, {
    status: 'confirmed',
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.order;
};
const drain = async () => {
  const ctx = { ...t.app.ctx, log: { error() {} } };
  while ((await drainEvents(ctx)) > 0);
};
/** The PDF's text as poppler-utils' pdftotext extracts it, without its direction marks. */
function textOf(pdf: Buffer, name: string) {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /[\u202a-\u202e]/g,
    '',
  );
}
const pdfOf = async (url: string, headers: Shopper['headers'] | typeof owner) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.rawPayload, res };
};
/** A received value with the ETA's numbers as numbers. */
const plain = (v: unknown): unknown =>
  v instanceof EtaNumber
    ? Number(v.literal)
    : Array.isArray(v)
      ? v.map(plain)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))
        : v;

describe('VAT and the invoice of an order', () => {
  it('a confirmed order carries vat_amount (14/114 of its standard-rated goods) and an invoice_number', async () => {
    const o = await placed();
    // The cart and the placed order say the VAT inside: 2,280 × 14/114 = 280 (the delivery fee is not taxed).
    expect(o.cart).toMatchObject({ total: 2340, vat_amount: 280 });
    expect(o.order).toMatchObject({ checkout_total_price: 2340, vat_amount: 280, invoice_number: null });
    expect(o.order.order_products.map((l: { vat_amount: number }) => l.vat_amount)).toEqual([140, 140]);
    // No invoice before the order is confirmed.
    const early = await call(t.app, 'GET', `/v1/users/orders/${o.id}/invoice?locale=en`, o.s.headers);
    expect(early.status).toBe(404);
    expect(early.body.errors).toEqual(['This order has no invoice yet']);

    const confirmed = await confirm(o.id);
    expect(confirmed.invoice_number).toMatch(/^INV-\d{4}-\d{6}$/);
    const mine = await call(t.app, 'GET', `/v1/users/orders/${o.id}?locale=en`, o.s.headers);
    expect(mine.body.order).toMatchObject({ vat_amount: 280, invoice_number: confirmed.invoice_number });
  });

  it('the shopper downloads the invoice as a PDF in their language: its number, فاتورة in order, the total', async () => {
    const o = await placed();
    const { invoice_number: number } = await confirm(o.id);
    const ar = await pdfOf(`/v1/users/orders/${o.id}/invoice?locale=ar`, o.s.headers);
    expect(ar.status).toBe(200);
    expect(ar.type).toBe('application/pdf');
    expect(ar.res.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    const text = textOf(ar.body, 'ar');
    expect(text).toContain(number);
    expect(text).toContain('فاتورة ضريبية');
    expect(text).not.toContain('ضريبية فاتورة');
    expect(text).toContain(money(234_000));
    expect(text).toContain(money(28_000)); // the VAT
    // The seller in the invoice's language: its Arabic legal name on the Arabic invoice.
    expect(text).toContain('إيجيبت إلكترونيكس ش.م.م');
    expect(text).not.toContain('Egypt Electronics');
    expect(text).toContain('674-859-545');
    const en = textOf((await pdfOf(`/v1/users/orders/${o.id}/invoice?locale=en`, o.s.headers)).body, 'en');
    expect(en).toContain('Tax Invoice');
    expect(en).toContain('Egypt Electronics S.A.E.');
    expect(en).toContain('Tax registration number: 674-859-545');

    // Own orders only: another shopper gets the same 404 as for an order that does not exist.
    const other = await addShopper(t.database.db, t.clock.now());
    expect((await pdfOf(`/v1/users/orders/${o.id}/invoice`, other.headers)).status).toBe(404);
    // Staff get it from the order.
    const staff = await pdfOf(`/v1/admin/orders/${o.id}/invoice?locale=ar`, owner);
    expect(staff.status).toBe(200);
    expect(textOf(staff.body, 'staff')).toContain(number);
  });
});

describe('the delivery address and payment method on the invoice', () => {
  /** A cash order delivered to an address as the shopper typed it (addressFields' values where `typed` has none). */
  async function placedTo(typed: Record<string, string>) {
    const s = await addShopper(t.database.db, t.clock.now());
    const cart = await putInCart(t.app, s, (await make(1140, 10)).id, 1);
    const address = await addAddress(t.app, s, typed);
    const attached = await call(t.app, 'PUT', `/v1/users/orders/${cart.id}/address`, s.headers, {
      address_id: address.id,
    });
    if (attached.status !== 200) throw new Error(JSON.stringify(attached.body));
    const r = await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    const id = r.body.order.id as number;
    await confirm(id);
    return { s, id };
  }
  /**
   * The PDF's words as drawn (pdftotext -raw: from the left of each line, each Arabic word in its letters' order),
   * one string: what a reader sees, left to right.
   */
  const drawnOf = (pdf: Buffer, name: string) => {
    const file = path.join(dir, `${name}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
      .replace(/[\u202a-\u202e]/g, '')
      .replace(/\s+/g, ' ');
  };
  /**
   * Arabic words, numbers and punctuation as an Arabic reader reads them, right to left, in the order they are drawn
   * from the left: a comma or colon stands at the left of the word it follows.
   */
  const drawnRtl = (read: string) =>
    read
      .split(' ')
      .reverse()
      .map((w) => (/[،:]$/.test(w) ? `${w.slice(-1)}${w.slice(0, -1)}` : w))
      .join(' ');

  it('reads as the site writes it: labelled numbers, the governorate in the invoice’s language, in order', async () => {
    // What QA saw: "شارع التحرير, 12, 3, 5, الدقي, الجيزة" in Arabic, the same reordered in English.
    const o = await placedTo({
      street_name: 'شارع التحرير',
      building: '12',
      floor: '3',
      apartment: '5',
      district: 'الدقي',
      governorate: 'الجيزة',
    });
    const ar = await pdfOf(`/v1/users/orders/${o.id}/invoice?locale=ar`, o.s.headers);
    expect(ar.status).toBe(200);
    expect(drawnOf(ar.body, 'address-ar')).toContain(
      drawnRtl('عمارة 12، شارع التحرير، الدور 3، شقة 5، الدقي، الجيزة'),
    );
    expect(drawnOf(ar.body, 'address-ar')).toContain(drawnRtl('طريقة الدفع: كاش عند الاستلام'));

    const en = await pdfOf(`/v1/users/orders/${o.id}/invoice?locale=en`, o.s.headers);
    const enText = textOf(en.body, 'address-en').replace(/\s+/g, ' ');
    // Street and district as typed, each Arabic piece in its place (the address wraps after the district).
    expect(enText).toContain('Building 12, شارع التحرير, Floor 3, Apartment 5, الدقي, Giza');
    expect(enText).toContain('Payment method: Cash on delivery');
    expect(drawnOf(en.body, 'address-en-drawn')).toContain(
      'Building 12, التحرير شارع, Floor 3, Apartment 5, الدقي, Giza',
    );
  });

  it('keeps an English address in its order on the Arabic invoice, and the credit note reads the same', async () => {
    const o = await placedTo({ street_name: 'El Tahrir St.', apartment: '5' });
    const en = textOf(
      (await pdfOf(`/v1/users/orders/${o.id}/invoice?locale=en`, o.s.headers)).body,
      'typed-en',
    );
    expect(en.replace(/\s+/g, ' ')).toContain(
      'Building 12, El Tahrir St., Floor 3, Apartment 5, Dokki, Giza',
    );
    const canceled = await call(t.app, 'PUT', `/v1/admin/orders/${o.id}/status?locale=en`, owner, {
      status: 'canceled',
    });
    const number = canceled.body.order.credit_notes[0].number as string;
    const note = await pdfOf(`/v1/users/orders/${o.id}/credit-notes/${number}?locale=ar`, o.s.headers);
    expect(note.status).toBe(200);
    // Right to left: the building, the street (read left to right, its dot after "St"), floor, apartment, district,
    // and the governorate named in Arabic.
    expect(drawnOf(note.body, 'typed-ar')).toContain(
      'الجيزة ،Dokki ،5 شقة ،3 الدور ،El Tahrir St. ،12 عمارة',
    );
    expect(drawnOf(note.body, 'typed-ar')).toContain(drawnRtl('طريقة الدفع: كاش عند الاستلام'));
  });
});

describe("the storefront's seller", () => {
  it("is the invoices' (GET /v1/store/seller, which the footer prints): its legal name and tax number", async () => {
    const en = await call(t.app, 'GET', '/v1/store/seller?locale=en', {});
    expect(en.status).toBe(200);
    expect(en.body).toEqual({
      seller: {
        legal_name: 'Egypt Electronics S.A.E.',
        address: DEMO_SELLER.address,
        tax_id: '674-859-545',
      },
    });
    const ar = await call(t.app, 'GET', '/v1/store/seller?locale=ar', {});
    expect(ar.body.seller).toMatchObject({ legal_name: 'إيجيبت إلكترونيكس ش.م.م', tax_id: '674-859-545' });
  });
});

describe('the order email', () => {
  it('attaches the invoice once the order has one, in the shopper’s language', async () => {
    const o = await placed();
    await drain();
    const placedMail = mails.filter((m) => m.orderId === o.id);
    expect(placedMail.length).toBeGreaterThan(0);
    expect(placedMail.every((m) => !m.attachments)).toBe(true); // no invoice before confirmation
    const { invoice_number: number } = await confirm(o.id);
    await drain();
    const confirmedMail = mails.filter((m) => m.orderId === o.id).at(-1)!;
    expect(confirmedMail.attachments).toHaveLength(1);
    const [file] = confirmedMail.attachments!;
    expect(file).toMatchObject({ filename: `${number}.pdf`, contentType: 'application/pdf' });
    const text = textOf(file!.content, 'mail');
    expect(text).toContain(number);
    expect(text).toContain('فاتورة ضريبية'); // the shopper's language: Arabic unless they chose English
  });
});

describe('e-receipts with ETA_RECEIPTS on (the fake ETA)', () => {
  it("two confirmed orders send two receipts: the second's previousUUID is the first's uuid, T1 the order's VAT", async () => {
    await drain(); // the orders confirmed above
    const before = eta.accepted.length;
    const a = await placed();
    const b = await placed();
    await confirm(a.id);
    await confirm(b.id);
    await drain();
    const sent = eta.accepted.slice(before);
    expect(sent).toHaveLength(2);
    const [first, second] = sent.map((d) => d.header as EtaDocument);
    expect(first!.uuid).toMatch(/^[0-9a-f]{64}$/);
    expect(second!.previousUUID).toBe(first!.uuid);
    expect(plain(sent[1]!.taxTotals)).toEqual([{ taxType: 'T1', amount: 280 }]);

    // The back office shows the receipt: its uuid and where it stands.
    const admin = await call(t.app, 'GET', `/v1/admin/orders/${b.id}?locale=en`, owner);
    expect(admin.body.order.e_receipts).toMatchObject([
      { kind: 'sale', uuid: second!.uuid, status: 'submitted', reasons: [] },
    ]);
  });

  it("keeps the ETA's reasons for a rejection, and staff send it again", async () => {
    eta.submitAnswers = ['rejected'];
    const o = await placed();
    await confirm(o.id);
    await drain();
    const seen = await call(t.app, 'GET', `/v1/admin/orders/${o.id}?locale=en`, owner);
    const [receipt] = seen.body.order.e_receipts;
    expect(receipt.status).toBe('invalid');
    expect(receipt.reasons.join(' ')).toMatch(/InvalidItemCode/);
    eta.submitAnswers = ['accepted'];
    const again = await call(
      t.app,
      'POST',
      `/v1/admin/orders/${o.id}/e-receipts/${receipt.id}/resubmit?locale=en`,
      owner,
    );
    expect(again.status).toBe(200);
    expect(again.body.order.e_receipts[0]).toMatchObject({
      uuid: receipt.uuid,
      status: 'submitted',
      reasons: [],
    });
    // A receipt the ETA took is not sent again.
    const twice = await call(
      t.app,
      'POST',
      `/v1/admin/orders/${o.id}/e-receipts/${receipt.id}/resubmit?locale=en`,
      owner,
    );
    expect(twice.status).toBe(409);
  });

  it('a cancel after the invoice issues a credit note of everything, delivery included, and a return receipt', async () => {
    const o = await placed();
    const { invoice_number: invoice } = await confirm(o.id);
    await drain();
    const sale = eta.accepted.at(-1)!;
    const r = await call(t.app, 'PUT', `/v1/admin/orders/${o.id}/status?locale=en`, owner, {
      status: 'canceled',
    });
    expect(r.status).toBe(200);
    expect(r.body.order.invoice_number).toBe(invoice); // an invoice is never taken back: a credit note answers it
    expect(r.body.order.credit_notes).toMatchObject([{ total: 2340 }]);
    await drain();
    const ret = eta.accepted.at(-1)!;
    expect(ret.documentType).toEqual({ receiptType: 'R', typeVersion: '1.2' });
    expect((ret.header as EtaDocument).referenceUUID).toBe((sale.header as EtaDocument).uuid);
    expect(plain(ret.taxTotals)).toEqual([{ taxType: 'T1', amount: 280 }]);
    expect(plain(ret.totalAmount)).toBe(2340);
  });

  it('a refund issues a credit note the shopper downloads, and a return receipt naming the sale', async () => {
    const o = await placed();
    await confirm(o.id);
    await call(t.app, 'POST', `/dev/orders/${o.id}/status`, {}, { status: 'delivered' });
    const line = o.order.order_products[1].id as number; // 570 EGP × 2
    const r = await call(t.app, 'POST', `/v1/admin/orders/${o.id}/refunds?locale=en`, owner, {
      lines: [{ order_product_id: line, quantity: 1 }],
      restock: true,
    });
    expect(r.status).toBe(200);
    expect(r.body.order.credit_notes).toMatchObject([
      { number: expect.stringMatching(/^CN-\d{4}-\d{6}$/), total: 570 },
    ]);
    const number = r.body.order.credit_notes[0].number as string;
    const pdf = await pdfOf(`/v1/users/orders/${o.id}/credit-notes/${number}?locale=ar`, o.s.headers);
    expect(pdf.status).toBe(200);
    const text = textOf(pdf.body, 'cn');
    expect(text).toContain('إشعار دائن');
    expect(text).toContain(number);
    expect(text).toContain(money(57_000));
    await drain();
    const ret = eta.accepted.at(-1)!;
    expect(ret.documentType).toEqual({ receiptType: 'R', typeVersion: '1.2' });
    expect(plain(ret.taxTotals)).toEqual([{ taxType: 'T1', amount: 70 }]);
    const admin = await call(t.app, 'GET', `/v1/admin/orders/${o.id}?locale=en`, owner);
    expect(admin.body.order.e_receipts.map((x: { kind: string }) => x.kind)).toEqual(['sale', 'return']);
  });
});
