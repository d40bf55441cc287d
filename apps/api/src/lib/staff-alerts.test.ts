import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SmsMessage, SmsSender } from '../adapters/sms/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { addShopper, addZones, call, productMaker, readyToPay } from '../test/shoppers.ts';
import { ownerCatalogClerk, type StaffAuth } from '../test/staff.ts';
import { sendAlertDigests } from './staff-alerts.ts';

const texts: SmsMessage[] = [];
const sms: SmsSender = { name: 'recording', send: async (m) => void texts.push(m) };
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let team: { owner: StaffAuth; catalog: StaffAuth; clerk: StaffAuth };

beforeAll(async () => {
  t = await createTestApp({ sms });
  await addZones(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
  team = await ownerCatalogClerk(t, 'Alert-desk-2231');
});
afterAll(() => t.close());

const digest = () => sendAlertDigests({ ...t.app.ctx, log: { error: () => undefined } });

const emailsTo = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/dev/email-outbox?to=${encodeURIComponent(to)}` })).json() as {
    emails: { subject: string; html: string; text: string; kind: string }[];
  };

async function place(productId: number, quantity = 1) {
  const s = await addShopper(t.database.db, t.clock.now());
  const { orderId } = await readyToPay(t.app, s, [{ productId, quantity }]);
  const r = await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' });
  expect(r.status).toBe(200);
  return orderId;
}

const choose = (who: StaffAuth, body: object) => call(t.app, 'PUT', '/v1/admin/me/alerts', who, body);

beforeEach(async () => {
  // What earlier tests left goes out first: each test reads only its own digest.
  await digest();
  texts.length = 0;
});

describe('staff alerts', () => {
  it('a member who asked for new orders gets ONE email listing 3 orders placed within the minute; one who did not gets none', async () => {
    const saved = await choose(team.owner, { kinds: ['new_order'], locale: 'en', phone: '01012345678' });
    expect(saved.status).toBe(200);
    expect((await call(t.app, 'GET', '/v1/admin/me/alerts', team.owner)).body).toEqual({
      alerts: { kinds: ['new_order'], locale: 'en', phone: '01012345678' },
    });
    const before = (await emailsTo('boss@store.example')).emails.length;
    const product = await make(500, 50);
    for (let i = 0; i < 3; i++) await place(product.id);
    expect(await digest()).toBe(3);
    const mails = (await emailsTo('boss@store.example')).emails;
    expect(mails).toHaveLength(before + 1);
    const mail = mails.find((m) => m.kind === 'staff_alert')!;
    expect(mail.subject).toBe('Store alerts: 3');
    expect(mail.text.match(/New order #\d+: 5\d\d EGP/g)).toHaveLength(3);
    expect(mail.html).toMatch(/<html lang="en" dir="ltr">/);
    // The owner's phone gets the same digest once.
    expect(texts.filter((m) => m.kind === 'staff_alert')).toHaveLength(1);
    expect(texts[0]!.to).toBe('01012345678');
    expect((await emailsTo('clerk@store.example')).emails).toHaveLength(0);
    // Nothing left to send.
    expect(await digest()).toBe(0);
    expect((await emailsTo('boss@store.example')).emails).toHaveLength(before + 1);
  });

  it('a clerk who asked for low stock reads, in Arabic, the product an order took down to the low mark', async () => {
    expect((await choose(team.clerk, { kinds: ['low_stock'], locale: 'ar' })).status).toBe(200);
    const product = await make(800, 5);
    await place(product.id, 1); // 4 left: not yet low
    await place(product.id, 1); // 3 left: low
    await place(product.id, 1); // 2 left: already told
    await digest();
    const mails = (await emailsTo('clerk@store.example')).emails;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('تنبيهات المتجر: 1');
    expect(mails[0]!.text).toContain(`المخزون قليل: ${product.titleAr} فاضل منه 3`);
    expect(mails[0]!.html).toMatch(/<html lang="ar" dir="rtl">/);
  });

  it('two digest runs at once send each alert once', async () => {
    await choose(team.catalog, { kinds: ['new_order'], locale: 'en' });
    const before = (await emailsTo('shelves@store.example')).emails.length;
    const product = await make(300, 50);
    await place(product.id);
    await place(product.id);
    const claimed = await Promise.all([digest(), digest()]);
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(2);
    const mails = (await emailsTo('shelves@store.example')).emails;
    expect(mails).toHaveLength(before + 1);
    expect(mails.filter((m) => m.subject === 'Store alerts: 2')).toHaveLength(1);
  });

  it('a member who asked for imports reads that a products import finished', async () => {
    await choose(team.owner, { kinds: ['import_finished'], locale: 'en' });
    const before = (await emailsTo('boss@store.example')).emails.length;
    const boundary = '----alerts-import';
    const csv =
      'title_en,title_ar,category,brand,price,stock\nAlert Kettle,غلاية التنبيه,Appliances,Toshiba,100,10';
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/imports?locale=en',
      headers: { ...team.owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\ncontent-disposition: form-data; name="dry_run"\r\n\r\nfalse\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="p.csv"\r\n` +
        `content-type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBeLessThan(300);
    const id = Number((res.json() as { import: { id: number } }).import.id);
    for (let i = 0; i < 200; i++) {
      const r = await call(t.app, 'GET', `/v1/admin/imports/${id}?locale=en`, team.owner);
      if (r.body.import.status === 'done' || r.body.import.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await digest();
    const mails = (await emailsTo('boss@store.example')).emails;
    expect(mails).toHaveLength(before + 1);
    expect(mails.some((m) => m.text.includes(`Products import #${id} finished`))).toBe(true);
  });

  it('only an owner may get alerts by SMS', async () => {
    const r = await choose(team.clerk, { kinds: ['new_order'], locale: 'ar', phone: '01012345678' });
    expect(r.status).toBe(422);
    expect((await call(t.app, 'GET', '/v1/admin/me/alerts', team.clerk)).body.alerts.phone).toBeNull();
  });
});
