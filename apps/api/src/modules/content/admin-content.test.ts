import { apiMessage } from '@store/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deliveryZones, pageSettings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';
import { addAddress, addShopper, addZones, call, productMaker, putInCart } from '../../test/shoppers.ts';

/**
 * The storefront's content in the back office (issue 17): what the owner or catalog staff change shows in the shop's
 * own calls at once, in the right language; a stale edit never overwrites another; links and pictures are checked;
 * order staff cannot touch any of it.
 */
const PASSWORD = 'Banner-swap-2025';
let t: TestApp;
let uploads: string;
let owner: Record<string, string>;
let catalog: Record<string, string>;
let clerk: Record<string, string>;

beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), 'content-uploads-'));
  t = await createTestApp({ uploadsDir: uploads });
  ({ owner, catalog, clerk } = await ownerCatalogClerk(t, PASSWORD));
  await t.database.db.insert(pageSettings).values([
    { group: 'home_page', name: 'top_slider_first', attachmentUrl: '/uploads/demo/first-en.svg' },
    { group: 'home_page', name: 'top_slider_first_title', value: 'White Friday' },
    { group: 'home_page', name: 'top_slider_first_title_ar', value: 'الجمعة البيضاء' },
    { group: 'home_page', name: 'top_slider_first_link', value: '/special-offers' },
    { group: 'about_us', name: 'first_title', value: 'Who we are' },
    { group: 'about_us', name: 'first_title_ar', value: 'إحنا مين' },
  ]);
});
afterAll(async () => {
  await t?.close();
  rmSync(uploads, { recursive: true, force: true, maxRetries: 5 });
});

const readHome = async (headers = catalog) => {
  const r = await call(t.app, 'GET', '/v1/admin/page_settings?group=home_page', headers);
  expect(r.status).toBe(200);
  return r.body as { updated_at: string; settings: { name: string; value: string | null }[] };
};
const saveHome = (body: object, locale = 'en', headers = catalog) =>
  call(t.app, 'PUT', `/v1/admin/page_settings?locale=${locale}`, headers, { group: 'home_page', ...body });
const shopSetting = async (name: string, locale: 'ar' | 'en') =>
  (await call(t.app, 'GET', `/v1/page_settings?group=home_page&locale=${locale}`, {})).body.page_settings[
    name
  ];

/** A multipart body with one file and the fields beside it. */
function upload(file: Buffer, fields: Record<string, string>, filename = 'banner.png') {
  const boundary = `----content${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'content-type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('home page settings', () => {
  it('a new Arabic slide title shows in the shop’s page settings in Arabic, the English one stays, audited', async () => {
    const before = await readHome();
    expect(before.settings.find((s) => s.name === 'top_slider_first_title_ar')?.value).toBe('الجمعة البيضاء');
    // Every known setting is listed, even one without a row yet.
    expect(before.settings.map((s) => s.name)).toContain('explore_fourth_link');
    const r = await saveHome({
      updated_at: before.updated_at,
      settings: [
        { name: 'top_slider_first_title_ar', value: '  عروض رمضان  ' },
        { name: 'explore_third_link', value: 'https://www.samsung.com/eg/' },
        { name: 'top_slider_first_link', value: '/special-offers' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.updated_at).not.toBe(before.updated_at);
    expect((await shopSetting('top_slider_first_title', 'ar')).value).toBe('عروض رمضان');
    expect((await shopSetting('top_slider_first_title', 'en')).value).toBe('White Friday');
    expect((await shopSetting('explore_third_link', 'en')).value).toBe('https://www.samsung.com/eg/');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'page_settings.changed'), eq(auditLog.targetId, 'home_page')));
    // Only what changed: the link sent as it was is not in the entry.
    expect(entry!.details).toEqual({
      before: { top_slider_first_title_ar: 'الجمعة البيضاء', explore_third_link: null },
      after: { top_slider_first_title_ar: 'عروض رمضان', explore_third_link: 'https://www.samsung.com/eg/' },
    });
  });

  it('an edit based on an older read gets 409 and overwrites nothing', async () => {
    const read = await readHome();
    expect(
      (
        await saveHome({
          updated_at: read.updated_at,
          settings: [{ name: 'top_slider_first_text', value: 'A' }],
        })
      ).status,
    ).toBe(200);
    // The other tab still holds the first read.
    const stale = await saveHome(
      { updated_at: read.updated_at, settings: [{ name: 'top_slider_first_text', value: 'B' }] },
      'ar',
    );
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual([apiMessage('content_changed', 'ar')]);
    expect((await shopSetting('top_slider_first_text', 'en')).value).toBe('A');
  });

  it('refuses unknown names, names of another group, pictures, unsafe links and long texts, on the field', async () => {
    const { updated_at } = await readHome();
    const refused = async (name: string, value: string | null, message: string) => {
      const r = await saveHome({ updated_at, settings: [{ name, value }] });
      expect(r.status, `${name}=${value}`).toBe(422);
      expect(r.body.errors[name], `${name}=${value}`).toEqual([message]);
    };
    await refused('top_slider_third_title', 'x', apiMessage('setting_unknown', 'en'));
    await refused('first_title', 'x', apiMessage('setting_unknown', 'en'));
    await refused('top_slider_first', '/x.png', apiMessage('setting_is_image', 'en'));
    for (const link of [
      'javascript:alert(1)',
      'http://example.com',
      '//evil.example',
      'data:text/html,x',
      'shop',
    ])
      await refused('explore_first_link', link, apiMessage('link_invalid', 'en'));
    await refused('top_slider_first_title', 'x'.repeat(81), apiMessage('too_long', 'en', { max: 80 }));
    const ar = await saveHome(
      { updated_at, settings: [{ name: 'video_banner_link', value: 'javascript:alert(1)' }] },
      'ar',
    );
    expect(ar.body.errors.video_banner_link).toEqual([apiMessage('link_invalid', 'ar')]);
    const rows = await t.database.db
      .select()
      .from(pageSettings)
      .where(eq(pageSettings.name, 'explore_first_link'));
    expect(rows).toHaveLength(0);
  });

  it('takes a picture checked by its content; refuses an SVG with a script and a file that is no picture', async () => {
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 20, g: 80, b: 160 } },
    })
      .png()
      .toBuffer();
    const { updated_at } = await readHome();
    const good = upload(png, { updated_at });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/page_settings/explore_first_ar/image?locale=en',
      headers: { ...catalog, ...good.headers },
      payload: good.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = (res.json().settings as { name: string; attachment_url: string }[]).find(
      (s) => s.name === 'explore_first_ar',
    )!.attachment_url;
    expect(url).toMatch(/^\/uploads\/content\/explore-first-ar-[0-9a-f]+\.png$/);
    expect(existsSync(path.join(uploads, url.replace('/uploads/', '')))).toBe(true);
    expect((await shopSetting('explore_first_ar', 'ar')).attachment_url).toBe(url);

    const fresh = (await readHome()).updated_at;
    const bad = async (file: Buffer, message: string) => {
      const body = upload(file, { updated_at: fresh }, 'x.svg');
      const r = await t.app.inject({
        method: 'POST',
        url: '/v1/admin/page_settings/explore_second/image?locale=en',
        headers: { ...catalog, ...body.headers },
        payload: body.payload,
      });
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().errors.file).toEqual([message]);
    };
    await bad(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      apiMessage('svg_not_allowed', 'en', { values: '<script>' }),
    );
    await bad(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"/>'),
      apiMessage('svg_not_allowed', 'en', { values: 'onload' }),
    );
    await bad(Buffer.from('just some text, not a picture'), apiMessage('content_image_type', 'en'));
    // A stale read uploads nothing.
    const stale = upload(png, { updated_at });
    const r = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/page_settings/explore_second/image',
      headers: { ...catalog, ...stale.headers },
      payload: stale.payload,
    });
    expect(r.statusCode).toBe(409);
    expect(await shopSetting('explore_second', 'en')).toBeUndefined();
  });
});

describe('static pages', () => {
  const readStatic = async () => {
    const r = await call(t.app, 'GET', '/v1/admin/page_settings?group=static_pages', owner);
    expect(r.status).toBe(200);
    return r.body as { updated_at: string; settings: { name: string; kind: string; value: string | null }[] };
  };
  const saveStatic = (body: object, locale = 'en') =>
    call(t.app, 'PUT', `/v1/admin/page_settings?locale=${locale}`, owner, { group: 'static_pages', ...body });
  const shopStatic = async (locale: 'ar' | 'en') =>
    (await call(t.app, 'GET', `/v1/page_settings?group=static_pages&locale=${locale}`, {})).body
      .page_settings as Record<string, { value: string | null } | undefined>;

  it('an Arabic returns text shows in the shop in Arabic; the English one stays empty until it is written', async () => {
    const before = await readStatic();
    // Terms, privacy and returns, each in both languages, long texts.
    expect(before.settings.map((s) => [s.name, s.kind, s.value])).toEqual(
      [
        'terms_body',
        'terms_body_ar',
        'privacy_body',
        'privacy_body_ar',
        'returns_body',
        'returns_body_ar',
      ].map((n) => [n, 'paragraph', null]),
    );
    const arabic = '## الاسترجاع\r\nتقدر ترجّع المنتج خلال ١٤ يوم.\r\n\r\nالعيوب: ٣٠ يوم.';
    const r = await saveStatic({
      updated_at: before.updated_at,
      settings: [{ name: 'returns_body_ar', value: `  ${arabic}  ` }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Trimmed, and the browser's CRLF kept as plain newlines: the blank line still parts the paragraphs.
    const saved = '## الاسترجاع\nتقدر ترجّع المنتج خلال ١٤ يوم.\n\nالعيوب: ٣٠ يوم.';
    expect((await shopStatic('ar')).returns_body_ar?.value).toBe(saved);
    const en = await shopStatic('en');
    expect(en.returns_body?.value ?? null).toBeNull();
    expect(en.returns_body_en).toBeUndefined();
    expect(en.terms_body_ar).toBeUndefined();

    const next = await readStatic();
    expect(
      (
        await saveStatic({
          updated_at: next.updated_at,
          settings: [{ name: 'returns_body', value: '## Returns\nWithin 14 days.' }],
        })
      ).status,
    ).toBe(200);
    expect((await shopStatic('en')).returns_body?.value).toBe('## Returns\nWithin 14 days.');
    expect((await shopStatic('ar')).returns_body?.value).toBe(saved);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'page_settings.changed'), eq(auditLog.targetId, 'static_pages')))
      .orderBy(asc(auditLog.id));
    expect(entry!.details).toEqual({ before: { returns_body_ar: null }, after: { returns_body_ar: saved } });
  });

  it('refuses a text over 20,000 characters and a name of another group, and keeps the saved text', async () => {
    const { updated_at } = await readStatic();
    const long = await saveStatic(
      { updated_at, settings: [{ name: 'terms_body_ar', value: 'ن'.repeat(20_001) }] },
      'ar',
    );
    expect(long.status).toBe(422);
    expect(long.body.errors.terms_body_ar).toEqual([apiMessage('too_long', 'ar', { max: 20000 })]);
    const other = await saveStatic({ updated_at, settings: [{ name: 'first_title', value: 'x' }] });
    expect(other.body.errors.first_title).toEqual([apiMessage('setting_unknown', 'en')]);
    expect((await shopStatic('ar')).terms_body_ar).toBeUndefined();
    const full = await saveStatic({
      updated_at,
      settings: [{ name: 'terms_body_ar', value: 'ن'.repeat(20_000) }],
    });
    expect(full.status).toBe(200);
  });
});

describe('branches', () => {
  it('added, changed with the version read (a stale one gets 409), shown in the shop, and deleted', async () => {
    const add = await call(t.app, 'POST', '/v1/admin/branches?locale=en', owner, {
      name_en: 'Heliopolis',
      name_ar: 'مصر الجديدة',
      address_en: '12 El Merghany St, Heliopolis, Cairo',
      address_ar: '12 شارع الميرغني، مصر الجديدة، القاهرة',
      phone_numbers: ['16581', '0222222222'],
      lat: '30.0911',
      lng: 31.3225,
    });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    const branch = add.body.branch;
    expect(branch).toMatchObject({ name_ar: 'مصر الجديدة', lat: 30.0911, lng: 31.3225, active: true });
    const shop = await call(t.app, 'GET', '/v1/branches?show_all=true&locale=ar', {});
    expect(shop.body.branches.map((b: { name: string }) => b.name)).toContain('مصر الجديدة');

    const put = (body: object) =>
      call(t.app, 'PUT', `/v1/admin/branches/${branch.id}?locale=en`, catalog, { ...branch, ...body });
    const moved = await put({ lat: 30.1, version: branch.version });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.branch.lat).toBe(30.1);
    const stale = await put({ name_en: 'Old', version: branch.version });
    expect(stale.status).toBe(409);
    const bad = await put({ phone_numbers: ['call us'], lat: 91, version: moved.body.branch.version });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['phone_numbers.0', 'lat']));

    const del = await call(t.app, 'DELETE', `/v1/admin/branches/${branch.id}`, catalog);
    expect(del.body).toEqual({ result: 'deleted', message: null });
    const after = await call(t.app, 'GET', '/v1/admin/branches', catalog);
    expect(after.body.branches.map((b: { id: number }) => b.id)).not.toContain(branch.id);
    expect((await call(t.app, 'DELETE', `/v1/admin/branches/${branch.id}`, catalog)).status).toBe(404);
  });
});

describe('delivery zones', () => {
  it('a new fee shows on the shopper’s address and in the cart; a zone with addresses is switched off, not deleted', async () => {
    const zones = await addZones(t.database.db);
    const make = await productMaker(t.database.db, t.clock.now());
    const p = await make(1000, 10);
    const s = await addShopper(t.database.db, t.clock.now());
    const cart = await putInCart(t.app, s, p.id, 1);
    const address = await addAddress(t.app, s, { governorate: 'Giza' });
    expect(address.delivery_zone.shipping_fees).toBe(60);

    const list = await call(t.app, 'GET', '/v1/admin/delivery_zones', catalog);
    const giza = list.body.delivery_zones.find((z: { name_en: string }) => z.name_en === 'Giza');
    expect(giza).toMatchObject({ shipping_fees: 60, addresses: 1, free_shipping_from: null });
    const r = await call(t.app, 'PUT', `/v1/admin/delivery_zones/${giza.id}?locale=en`, catalog, {
      ...giza,
      shipping_fees: '45.5',
      free_shipping_from: '',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.delivery_zone.shipping_fees).toBe(45.5);

    const mine = await call(t.app, 'GET', '/v1/users/addresses?locale=en', s.headers);
    expect(mine.body.addresses[0].delivery_zone.shipping_fees).toBe(45.5);
    const attached = await call(t.app, 'PUT', `/v1/users/orders/${cart.id}/address`, s.headers, {
      address_id: address.id,
    });
    expect(attached.body.order.delivery_fee).toBe(45.5);

    // The soonest day after the latest, a taken name: refused on the field.
    const bad = await call(t.app, 'PUT', `/v1/admin/delivery_zones/${giza.id}?locale=en`, catalog, {
      ...r.body.delivery_zone,
      name_en: 'cairo',
      delivery_days_min: 5,
      delivery_days_max: 2,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.delivery_days_max).toEqual([apiMessage('delivery_days_order', 'en')]);

    const del = await call(t.app, 'DELETE', `/v1/admin/delivery_zones/${giza.id}?locale=en`, owner);
    expect(del.body).toEqual({
      result: 'deactivated',
      message: apiMessage('zone_switched_off_in_use', 'en'),
    });
    const [row] = await t.database.db.select().from(deliveryZones).where(eq(deliveryZones.id, giza.id));
    expect(row!.active).toBe(false);
    const unused = await call(t.app, 'DELETE', `/v1/admin/delivery_zones/${zones['North Sinai']!.id}`, owner);
    expect(unused.body.result).toBe('deleted');
  });
});

describe('banks and plans', () => {
  it('a bank and its plan are added and changed, and the checkout lists the plan with its terms', async () => {
    const bank = await call(t.app, 'POST', '/v1/admin/banks', catalog, {
      name_en: 'QNB',
      name_ar: 'بنك قطر الوطني',
    });
    expect(bank.status).toBe(201);
    const plan = await call(t.app, 'POST', '/v1/admin/bank_installments?locale=en', catalog, {
      bank_id: bank.body.bank.id,
      title_en: '12 months',
      title_ar: '12 شهر',
      months: 12,
      interest_percent: '0',
      fee_percent: '1.5',
      minimum_amount: '2500',
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    expect(plan.body.bank_installment.minimum_amount).toBe(2_500);
    const changed = await call(
      t.app,
      'PUT',
      `/v1/admin/bank_installments/${plan.body.bank_installment.id}`,
      catalog,
      {
        ...plan.body.bank_installment,
        interest_percent: 12.5,
      },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const s = await addShopper(t.database.db, t.clock.now());
    const shop = await call(
      t.app,
      'GET',
      `/v1/users/bank_installments?bank_id=${bank.body.bank.id}&locale=ar`,
      s.headers,
    );
    expect(shop.body.bank_installments).toEqual([
      expect.objectContaining({
        title: '12 شهر',
        months: 12,
        interest_percent: 12.5,
        fee_percent: 1.5,
        minimum_amount: 2_500,
      }),
    ]);
    const negative = await call(t.app, 'POST', '/v1/admin/bank_installments?locale=en', catalog, {
      ...plan.body.bank_installment,
      minimum_amount: '-5',
    });
    expect(negative.status).toBe(422);
    expect(Object.keys(negative.body.errors)).toEqual(['minimum_amount']);
    const noBank = await call(t.app, 'POST', '/v1/admin/bank_installments?locale=en', catalog, {
      ...plan.body.bank_installment,
      bank_id: 999_999,
    });
    expect(noBank.body.errors.bank_id).toEqual([apiMessage('bank_not_found', 'en')]);
    const del = await call(t.app, 'DELETE', `/v1/admin/banks/${bank.body.bank.id}`, owner);
    expect(del.body.result).toBe('deleted');
  });
});

describe('who may', () => {
  it('owners and catalog staff; order staff get 403, shoppers and anonymous callers 401', async () => {
    expect((await call(t.app, 'GET', '/v1/admin/page_settings?group=about_us', owner)).status).toBe(200);
    const read = await call(t.app, 'GET', '/v1/admin/page_settings?group=about_us', clerk);
    expect(read.status).toBe(403);
    const { updated_at } = (await call(t.app, 'GET', '/v1/admin/page_settings?group=about_us', owner)).body;
    const put = await call(t.app, 'PUT', '/v1/admin/page_settings', clerk, {
      group: 'about_us',
      updated_at,
      settings: [{ name: 'first_title', value: 'Hacked' }],
    });
    expect(put.status).toBe(403);
    expect((await call(t.app, 'GET', '/v1/admin/delivery_zones', clerk)).status).toBe(403);
    expect((await call(t.app, 'POST', '/v1/admin/branches', clerk, {})).status).toBe(403);
    const shopper = await addShopper(t.database.db, t.clock.now());
    expect((await call(t.app, 'GET', '/v1/admin/banks', shopper.headers)).status).toBe(401);
    expect((await call(t.app, 'GET', '/v1/admin/banks', {})).status).toBe(401);
    const about = await call(t.app, 'GET', '/v1/page_settings?group=about_us&locale=en', {});
    expect(about.body.page_settings.first_title.value).toBe('Who we are');
  });
});

describe('the API reference', () => {
  it('documents the content calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    for (const p of [
      '/v1/admin/page_settings',
      '/v1/admin/page_settings/{name}/image',
      '/v1/admin/branches/{id}',
      '/v1/admin/delivery_zones/{id}',
      '/v1/admin/banks/{id}',
      '/v1/admin/bank_installments/{id}',
    ])
      expect(Object.keys(doc.paths), p).toContain(p);
  });
});
