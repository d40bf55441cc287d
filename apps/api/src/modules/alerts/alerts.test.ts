import { alertsResponseSchema, abandonedCartsResponseSchema } from '@store/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, products, smsMessages, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addShopper, call, productMaker, putInCart, type Shopper } from '../../test/shoppers.ts';
import { ownerCatalogClerk, staffSignIn, type StaffAuth } from '../../test/staff.ts';
import type { AlertContext } from './deliver.ts';
import { sendCartReminders, sendPriceDrops, sendStockAlerts } from './send.ts';

const HOUR = 3_600_000;
let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let staff: { owner: StaffAuth; clerk: StaffAuth; catalog: StaffAuth };
let ctx: AlertContext;
let signedInAt = 0;

/** Staff sessions last 12 hours and the tests move the clock by days: signed in again when it moved. */
async function members() {
  const now = t.clock.now().getTime();
  if (now - signedInAt > 10 * HOUR) {
    const pass = 'Staff#Pass2025';
    staff = {
      owner: await staffSignIn(t.app, 'boss@store.example', pass),
      clerk: await staffSignIn(t.app, 'clerk@store.example', pass),
      catalog: staff.catalog,
    };
    signedInAt = now;
  }
  return staff;
}

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://shop.example' });
  make = await productMaker(t.database.db, t.clock.now());
  staff = await ownerCatalogClerk(t, 'Staff#Pass2025');
  signedInAt = t.clock.now().getTime();
  ctx = { ...t.app.ctx, log: { error: () => {} } };
});
afterAll(() => t?.close());

/** The SMS a phone got of a kind, oldest first. */
async function texts(phone: string, kind: string) {
  const rows = await t.database.db
    .select({ body: smsMessages.body })
    .from(smsMessages)
    .where(and(eq(smsMessages.phoneNumber, phone), eq(smsMessages.kind, kind)))
    .orderBy(smsMessages.id);
  return rows.map((r) => r.body);
}

async function setStock(productId: number, stock: number) {
  const [p] = await t.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  const r = await call(t.app, 'PUT', `/v1/admin/products/${productId}/stock`, (await members()).owner, {
    stock,
    from: p!.stock,
  });
  expect(r.status).toBe(200);
}

async function setPrice(productId: number, egp: number) {
  const piastres = Math.round(egp * 100);
  await t.database.db
    .update(products)
    .set({ pricePiastres: piastres, currentPricePiastres: piastres })
    .where(eq(products.id, productId));
}

const alertUrl = (id: number) => `/v1/users/products/${id}/stock_alert`;

describe('back in stock', () => {
  let shopper: Shopper;
  let english: Shopper;
  beforeAll(async () => {
    shopper = await addShopper(t.database.db, t.clock.now());
    english = await addShopper(t.database.db, t.clock.now());
    await t.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, english.id));
  });

  it('a shopper who asked is told once, in their language, when the sold-out product is back', async () => {
    const fridge = await make(9000, 0);
    expect((await call(t.app, 'POST', alertUrl(fridge.id), shopper.headers)).status).toBe(201);
    expect((await call(t.app, 'POST', alertUrl(fridge.id), shopper.headers)).status).toBe(201); // twice is once
    expect((await call(t.app, 'POST', alertUrl(fridge.id), english.headers)).status).toBe(201);
    expect((await call(t.app, 'GET', alertUrl(fridge.id), shopper.headers)).body).toEqual({
      product_id: fridge.id,
      stock_alert: true,
    });

    // Still sold out: nothing is sent.
    expect(await sendStockAlerts(ctx)).toBe(0);
    await setStock(fridge.id, 3);
    expect(await sendStockAlerts(ctx)).toBe(2);
    expect(await sendStockAlerts(ctx)).toBe(0);

    const ar = await texts(shopper.phone, 'shopper_alert');
    expect(ar).toHaveLength(1);
    expect(ar[0]).toContain('جهاز');
    expect(ar[0]).toContain('رجع متوفر');
    expect(ar[0]).toContain(`https://shop.example/products/${fridge.id}`);
    const en = await texts(english.phone, 'shopper_alert');
    expect(en).toEqual([
      `Egypt Electronics: ${fridge.titleEn} is back in stock. Order it before it runs out: https://shop.example/products/${fridge.id}?lang=en`,
    ]);
    // Told: no longer waiting; sold out and back again tells nobody.
    expect((await call(t.app, 'GET', alertUrl(fridge.id), shopper.headers)).body.stock_alert).toBe(false);
    await setStock(fridge.id, 0);
    await setStock(fridge.id, 2);
    expect(await sendStockAlerts(ctx)).toBe(0);
    expect(await texts(shopper.phone, 'shopper_alert')).toHaveLength(1);
  });

  it('a shopper waiting for several products that come back gets one message naming them', async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    const a = await make(100, 0);
    const b = await make(200, 0);
    for (const p of [a, b]) await call(t.app, 'POST', alertUrl(p.id), s.headers);
    await setStock(a.id, 1);
    await setStock(b.id, 1);
    await sendStockAlerts(ctx);
    const sent = await texts(s.phone, 'shopper_alert');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(a.titleAr);
    expect(sent[0]).toContain(b.titleAr);
    expect(sent[0]).toContain('رجعوا متوفرين');
  });

  it('a cancelled alert sends nothing; an in-stock or unknown product cannot be asked for', async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    const kettle = await make(700, 0);
    await call(t.app, 'POST', alertUrl(kettle.id), s.headers);
    const listed = alertsResponseSchema.parse((await call(t.app, 'GET', '/v1/users/alerts', s.headers)).body);
    expect(listed.stock_alerts.map((a) => a.product_id)).toEqual([kettle.id]);
    const cancelled = await call(t.app, 'DELETE', alertUrl(kettle.id), s.headers);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ product_id: kettle.id, stock_alert: false });
    expect((await call(t.app, 'GET', '/v1/users/alerts', s.headers)).body.stock_alerts).toEqual([]);
    await setStock(kettle.id, 4);
    await sendStockAlerts(ctx);
    expect(await texts(s.phone, 'shopper_alert')).toEqual([]);

    const inStock = await call(t.app, 'POST', `${alertUrl(kettle.id)}?locale=en`, s.headers);
    expect(inStock.status).toBe(422);
    expect(inStock.body.errors).toEqual(['This product is in stock: you can order it now']);
    expect((await call(t.app, 'POST', alertUrl(999_999), s.headers)).status).toBe(404);
    expect((await call(t.app, 'POST', alertUrl(kettle.id), {})).status).toBe(401);
  });

  it('a shopper who chose email is told by email', async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    const saved = await call(t.app, 'PUT', '/v1/users/alerts/settings', s.headers, {
      price_drops: false,
      channel: 'email',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toEqual({ price_drops: false, channel: 'email' });
    const tv = await make(15000, 0);
    await call(t.app, 'POST', alertUrl(tv.id), s.headers);
    await setStock(tv.id, 1);
    await sendStockAlerts(ctx);
    const mails = await t.database.db
      .select({ subject: emailMessages.subject, html: emailMessages.html, kind: emailMessages.kind })
      .from(emailMessages)
      .where(eq(emailMessages.toAddress, `${s.phone}@example.com`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('shopper_alert');
    expect(mails[0]!.subject).toContain('رجع متوفر');
    expect(mails[0]!.html).toContain('dir="rtl"');
    expect(await texts(s.phone, 'shopper_alert')).toEqual([]);
    const bad = await call(t.app, 'PUT', '/v1/users/alerts/settings', s.headers, {
      price_drops: true,
      channel: 'pigeon',
    });
    expect(bad.status).toBe(422);
    expect((await call(t.app, 'GET', '/v1/users/alerts', s.headers)).body.settings.channel).toBe('email');
  });
});

describe('price drops on the wishlist', () => {
  it('a shopper who allowed it is told of each drop once, at most once a day; one who did not is not', async () => {
    const fan = await addShopper(t.database.db, t.clock.now());
    const quiet = await addShopper(t.database.db, t.clock.now());
    const phone = await make(20000, 5);
    const laptop = await make(30000, 5);
    for (const s of [fan, quiet])
      for (const p of [phone, laptop])
        await call(t.app, 'POST', `/v1/users/products/${p.id}/favorites`, s.headers);
    await call(t.app, 'PUT', '/v1/users/alerts/settings', fan.headers, { price_drops: true, channel: 'sms' });
    // The first run learns the prices; nothing has dropped yet.
    expect(await sendPriceDrops(ctx)).toBe(0);

    await setPrice(phone.id, 18000);
    expect(await sendPriceDrops(ctx)).toBe(1);
    const first = await texts(fan.phone, 'shopper_alert');
    expect(first).toHaveLength(1);
    expect(first[0]).toContain('18,000');
    expect(first[0]).toContain('20,000');
    expect(await sendPriceDrops(ctx)).toBe(0); // told once
    expect(await texts(quiet.phone, 'shopper_alert')).toEqual([]);

    // Another drop the same day waits for the next day, with the laptop's, in one message.
    await setPrice(phone.id, 17000);
    await setPrice(laptop.id, 25000);
    expect(await sendPriceDrops(ctx)).toBe(0);
    t.clock.advance(25 * HOUR);
    expect(await sendPriceDrops(ctx)).toBe(1);
    const second = (await texts(fan.phone, 'shopper_alert'))[1]!;
    expect(second).toContain(phone.titleAr);
    expect(second).toContain(laptop.titleAr);
    expect(second).toContain('/my-account/wishlist');

    // A rise, then the same price again: a new drop, told once more.
    await setPrice(phone.id, 19000);
    expect(await sendPriceDrops(ctx)).toBe(0);
    t.clock.advance(25 * HOUR);
    await setPrice(phone.id, 17000);
    expect(await sendPriceDrops(ctx)).toBe(1);
    expect(await texts(fan.phone, 'shopper_alert')).toHaveLength(3);
    expect(await texts(quiet.phone, 'shopper_alert')).toEqual([]);
  });
});

describe('abandoned carts', () => {
  it('a cart left for the hours gets one reminder on the owner’s channels, again only after it changes', async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    const iron = await make(1500, 4);
    await putInCart(t.app, s, iron.id, 2);

    // Off by default: no channel ticked, no reminder.
    t.clock.advance(25 * HOUR);
    expect(await sendCartReminders(ctx, 24)).toBe(0);
    const list = abandonedCartsResponseSchema.parse(
      (await call(t.app, 'GET', '/v1/admin/abandoned_carts', (await members()).clerk)).body,
    );
    const mine = list.carts.find((c) => c.customer.id === s.id)!;
    expect(mine).toMatchObject({ items: 2, value: 3000, reminded_at: null, in_stock: true, age_hours: 25 });
    expect(list.settings).toMatchObject({ sms: false, email: false, hours: 24 });

    // Only owners choose the channels.
    expect(
      (
        await call(t.app, 'PUT', '/v1/admin/abandoned_carts/channels', (await members()).clerk, {
          sms: true,
          email: false,
        })
      ).status,
    ).toBe(403);
    const saved = await call(t.app, 'PUT', '/v1/admin/abandoned_carts/channels', (await members()).owner, {
      sms: true,
      email: false,
    });
    expect(saved.body).toEqual({ sms: true, email: false });

    expect(await sendCartReminders(ctx, 24)).toBeGreaterThanOrEqual(1);
    expect(await sendCartReminders(ctx, 24)).toBe(0); // never twice
    const sent = await texts(s.phone, 'cart_reminder');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(iron.titleAr);
    expect(sent[0]).toContain('https://shop.example/cart');
    const after = abandonedCartsResponseSchema.parse(
      (await call(t.app, 'GET', '/v1/admin/abandoned_carts', (await members()).owner)).body,
    );
    expect(after.carts.find((c) => c.customer.id === s.id)!.reminded_at).not.toBeNull();

    // The shopper changes the cart: a new version, reminded once it is left again for the hours.
    await putInCart(t.app, s, iron.id, 1);
    t.clock.advance(2 * HOUR);
    expect(await sendCartReminders(ctx, 24)).toBe(0);
    t.clock.advance(23 * HOUR);
    expect(await sendCartReminders(ctx, 24)).toBeGreaterThanOrEqual(1);
    expect(await texts(s.phone, 'cart_reminder')).toHaveLength(2);
  });

  it('a cart whose products are all sold out is not reminded', async () => {
    const s = await addShopper(t.database.db, t.clock.now());
    const fan = await make(800, 1);
    await putInCart(t.app, s, fan.id, 1);
    await setStock(fan.id, 0);
    t.clock.advance(30 * HOUR);
    await sendCartReminders(ctx, 24);
    expect(await texts(s.phone, 'cart_reminder')).toEqual([]);
    const [row] = (
      (await t.database.db.execute(
        sql`select count(*)::int as n from cart_reminders r join orders o on o.id = r.order_id where o.user_id = ${s.id}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(row!.n).toBe(0);
  });
});
