import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsSender } from '../../adapters/sms/index.ts';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addShopper, addZones, call, productMaker, readyToPay } from '../../test/shoppers.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';
import { drainEvents } from './events.ts';

const sms: SmsSender = { name: 'recording', send: async () => undefined };
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let owner: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ sms });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  owner = (await ownerCatalogClerk(t, 'Email-desk-1952')).owner;
});
afterAll(() => t.close());

const drain = () => drainEvents({ ...t.app.ctx, log: { error: () => undefined } });

async function placedBy(locale: 'ar' | 'en') {
  const s = await addShopper(t.database.db, t.clock.now());
  await t.database.db.update(users).set({ locale }).where(eq(users.id, s.id));
  const product = await make(1000, 10);
  const { orderId } = await readyToPay(t.app, s, [{ productId: product.id, quantity: 2 }]);
  const r = await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' });
  expect(r.status).toBe(200);
  return { s, orderId, email: `${s.phone}@example.com` };
}

const emailsTo = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/dev/email-outbox?to=${encodeURIComponent(to)}` })).json() as {
    emails: { subject: string; html: string; text: string; kind: string; order_id: number }[];
  };

describe("the shopper's email about an order", () => {
  it('placing and confirming an order each send an email in Arabic, right to left, with the lines and the total', async () => {
    const { orderId, email } = await placedBy('ar');
    await drain();
    let got = (await emailsTo(email)).emails;
    expect(got).toHaveLength(1);
    expect(got[0]!.order_id).toBe(orderId);
    expect(got[0]!.html).toMatch(/<html lang="ar" dir="rtl"[\s>]/);
    expect(got[0]!.html).toContain('وصلنا');
    expect(got[0]!.html).toContain('× 2');
    expect(got[0]!.text).toMatch(/الإجمالي: 2,060 ج\.م/);
    const moved = await call(t.app, 'PUT', `/v1/admin/orders/${orderId}/status`, owner, {
      status: 'confirmed',
    });
    expect(moved.status).toBe(200);
    await drain();
    got = (await emailsTo(email)).emails;
    expect(got).toHaveLength(2);
    expect(got[0]!.text).toContain('اتأكد');
  });

  it('an English shopper gets it left to right in English', async () => {
    const { email } = await placedBy('en');
    await drain();
    const [mail] = (await emailsTo(email)).emails;
    expect(mail!.html).toMatch(/<html lang="en" dir="ltr"[\s>]/);
    expect(mail!.subject).toMatch(/^Egypt Electronics: Your order #\d+$/);
    expect(mail!.text).toMatch(/Total: 2,060 EGP/);
  });
});
