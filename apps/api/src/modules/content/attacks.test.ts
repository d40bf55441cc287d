import { apiMessage } from '@store/contracts';
import { eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskImageStore } from '../../adapters/image-store.ts';
import { brands, categories, pageSettings, productImages } from '../../db/schema.ts';
import { pictureCounts, WorkQueue } from '../../lib/pictures.ts';
import { sweepUploads } from '../../lib/upload-sweep.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory } from '../../test/fixtures.ts';
import { call, productMaker } from '../../test/shoppers.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';

/**
 * Issue 42, findings 8 to 11, as an attacker with a catalog account would try them on the pictures staff upload
 * (category and brand icons, the home page's pictures, product photos): an SVG that runs or fetches, a file cut
 * short, uploads that leave files behind, and a picture small in bytes but huge in pixels.
 */
const PASSWORD = 'Pixel-flood-2025';
let t: TestApp;
let uploads: string;
let catalog: Record<string, string>;
let category: { id: number };
let brand: { id: number };
let maker: Awaited<ReturnType<typeof productMaker>>;
const log = { warn: () => undefined };

beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), 'picture-attacks-'));
  t = await createTestApp({ uploadsDir: uploads });
  ({ catalog } = await ownerCatalogClerk(t, PASSWORD));
  category = await addCategory(t.database.db, 'Fans', 'مراوح');
  brand = await addBrand(t.database.db, 'Breeze', 'بريز');
  maker = await productMaker(t.database.db, t.clock.now());
});
afterAll(async () => {
  await t?.close();
  // A picture's sizes made in the background may still land while the folder goes: seen under load (two suites at
  // once) even after 4 s of retries. Try for up to 30 s; a temporary folder left behind fails no test.
  for (const until = Date.now() + 30_000; ;) {
    try {
      rmSync(uploads, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      return;
    } catch (err) {
      if (Date.now() > until) return console.warn(`left ${uploads}: ${String(err)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}, 40_000);

/* ---------------- the files ---------------- */

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
/** A photo with detail (noise), so that cutting it short cuts pixels, not only the end of the file. */
const noisy = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251)), {
    raw: { width, height, channels: 3 },
  });
const cut = (file: Buffer) => file.subarray(0, Math.floor(file.length * 0.6));

/**
 * A PNG of one grey, `width` × `height`, written by hand: a 7,999 × 7,999 one is 62 KB of file and 64 megapixels
 * once decoded (sharp would take a second to encode it; zlib takes a fraction).
 */
function floodPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // 8 bits, grey (colour type 0), deflate, no filter method, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc((width + 1) * height), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const svg = (inner: string) =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="24" height="24">' +
      `${inner}<circle cx="12" cy="12" r="10"/></svg>`,
  );

/* ---------------- the calls ---------------- */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely, as in test/shoppers.ts
type Json = Record<string, any>;

const form = (file: Buffer, name: string, fields: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append('file', new Blob([new Uint8Array(file)]), name);
  return f;
};
const uploadIcon = async (file: Buffer, kind: 'categories' | 'brands' = 'categories', locale = 'en') => {
  const id = kind === 'categories' ? category.id : brand.id;
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/admin/${kind}/${id}/icon?locale=${locale}`,
    headers: catalog,
    payload: form(file, 'icon.svg'),
  });
  return { status: res.statusCode, body: res.json() as Json };
};
const homeUpdatedAt = async () =>
  (await call(t.app, 'GET', '/v1/admin/page_settings?group=home_page', catalog)).body.updated_at as string;
const uploadHome = async (file: Buffer, name = 'explore_third', updatedAt?: string, locale = 'en') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/admin/page_settings/${name}/image?locale=${locale}`,
    headers: catalog,
    payload: form(file, 'banner.png', { updated_at: updatedAt ?? (await homeUpdatedAt()) }),
  });
  const body = res.json() as Json;
  const url = (body.settings as { name: string; attachment_url: string }[] | undefined)?.find(
    (s) => s.name === name,
  )?.attachment_url;
  return { status: res.statusCode, body, url };
};
const uploadPhotos = async (files: { name: string; data: Buffer }[], productId: number) => {
  const f = new FormData();
  for (const file of files) f.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/admin/products/${productId}/images?locale=en`,
    headers: catalog,
    payload: f,
  });
  return { status: res.statusCode, body: res.json() as Json };
};

const folder = (name: string) =>
  existsSync(path.join(uploads, name)) ? readdirSync(path.join(uploads, name)).sort() : [];
const fileOf = (url: string) => path.join(uploads, url.replace(/^\/uploads\//, ''));
const iconUrl = async () =>
  (await call(t.app, 'GET', '/v1/admin/categories', catalog)).body.categories.find(
    (c: { id: number }) => c.id === category.id,
  ).icon_url as string | null;

/* ---------------- finding 8 ---------------- */

describe('an SVG that could run or fetch (finding 8)', () => {
  const attacks: [string, Buffer, string][] = [
    [
      'a javascript: link written with a character reference',
      svg('<use xlink:href="&#106;avascript:alert(document.cookie)"/>'),
      'xlink:href="javascript:alert(document.cookie)"',
    ],
    [
      'an event attribute set by animation',
      svg('<rect width="24" height="24"><set attributeName="onmouseover" to="alert(1)"/></rect>'),
      '<set>',
    ],
    [
      'a link animated to javascript:',
      svg('<a><animate attributeName="href" values="&#x6A;avascript:alert(1)"/><text>x</text></a>'),
      '<a>',
    ],
    [
      'an animated link on its own',
      svg('<animate attributeName="href" values="&#x6A;avascript:alert(1)"/>'),
      '<animate>',
    ],
    [
      'an outside picture',
      svg('<image href="https://tracker.example/p.png" width="1" height="1"/>'),
      '<image>',
    ],
    [
      'an outside sprite',
      svg('<use xlink:href="https://evil.example/sprite.svg#i"/>'),
      'xlink:href="https://evil.example/sprite.svg#i"',
    ],
    ['an outside style sheet', svg('<style>@import url(https://evil.example/x.css);</style>'), '@import'],
  ];

  it('each vector the attack found is refused as an icon and as a home picture, naming it, and nothing is kept', async () => {
    for (const [what, file, found] of attacks) {
      const icon = await uploadIcon(file, 'categories', 'ar');
      expect(icon.status, what).toBe(422);
      expect(icon.body.errors.file, what).toEqual([apiMessage('svg_not_allowed', 'ar', { values: found })]);
      const home = await uploadHome(file);
      expect(home.status, what).toBe(422);
      expect(home.body.errors.file, what).toEqual([apiMessage('svg_not_allowed', 'en', { values: found })]);
    }
    expect(await iconUrl()).toBeNull();
    expect(folder('icons')).toEqual([]);
    expect(folder('content')).toEqual([]);
  });

  it('a drawing is kept as written again: only its drawing, whatever serves it later', async () => {
    const drawing = Buffer.from(
      '<?xml version="1.0"?><!-- Inkscape --><svg xmlns="http://www.w3.org/2000/svg" ' +
        'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="48" height="48">' +
        '<sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"/>' +
        '<g inkscape:label="Layer"><path d="M0 0h48v48H0z" fill="#0a0"/></g></svg>',
    );
    const r = await uploadIcon(drawing, 'brands');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const kept = readFileSync(fileOf(r.body.brand.icon_url)).toString('utf8');
    expect(kept).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="48" height="48">' +
        '<g><path d="M0 0h48v48H0z" fill="#0a0"></path></g></svg>',
    );
  });
});

/* ---------------- finding 9 ---------------- */

describe('a picture cut short (finding 9)', () => {
  it('a truncated PNG is refused as an icon, a truncated PNG and JPEG as a home picture; nothing is kept', async () => {
    const before = { icons: folder('icons'), content: folder('content'), icon: await iconUrl() };
    const pngIcon = cut(await noisy(200, 200).png().toBuffer());
    const icon = await uploadIcon(pngIcon, 'categories', 'ar');
    expect(icon.status).toBe(422);
    expect(icon.body.errors.file).toEqual([apiMessage('icon_unreadable', 'ar')]);
    for (const file of [
      cut(await noisy(640, 400).png().toBuffer()),
      cut(await noisy(640, 400).jpeg().toBuffer()),
    ]) {
      const home = await uploadHome(file);
      expect(home.status).toBe(422);
      expect(home.body.errors.file).toEqual([apiMessage('content_image_unreadable', 'en')]);
    }
    expect({ icons: folder('icons'), content: folder('content'), icon: await iconUrl() }).toEqual(before);
    // The same pictures whole are taken.
    expect((await uploadIcon(await noisy(200, 200).png().toBuffer())).status).toBe(200);
    expect((await uploadHome(await noisy(640, 400).jpeg().toBuffer())).status).toBe(200);
  });
});

/* ---------------- finding 10 ---------------- */

describe('files nothing refers to (finding 10)', () => {
  it('a stale home picture upload answers 409 and writes no file', async () => {
    const read = await homeUpdatedAt();
    const first = await uploadHome(await png(800, 400), 'explore_fourth', read);
    expect(first.status).toBe(200);
    const files = folder('content');
    // Another tab still holds the first read.
    const stale = await uploadHome(await png(900, 400), 'explore_fourth', read);
    expect(stale.status).toBe(409);
    expect(folder('content')).toEqual(files);
  });

  it('a replaced home picture and a replaced icon are removed; an icon another row names is kept', async () => {
    const a = await uploadHome(await png(800, 400), 'video_banner_image');
    const b = await uploadHome(await png(820, 400), 'video_banner_image');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(existsSync(fileOf(a.url!))).toBe(false);
    expect(existsSync(fileOf(b.url!))).toBe(true);

    const first = await uploadIcon(await png(64, 64));
    const firstUrl = first.body.category.icon_url as string;
    const second = await uploadIcon(await png(65, 65));
    expect(second.status).toBe(200);
    expect(existsSync(fileOf(firstUrl))).toBe(false);
    expect(existsSync(fileOf(second.body.category.icon_url))).toBe(true);

    // The brand points at the category's icon (an uploaded icon's address may be given): replacing the category's
    // icon keeps that file.
    const shared = second.body.category.icon_url as string;
    const b0 = (await call(t.app, 'GET', '/v1/admin/brands', catalog)).body.brands.find(
      (x: { id: number }) => x.id === brand.id,
    );
    const put = await call(t.app, 'PUT', `/v1/admin/brands/${brand.id}`, catalog, {
      name_en: b0.name_en,
      name_ar: b0.name_ar,
      icon_url: shared,
      featured: b0.featured,
      show_on_homepage: b0.show_on_homepage,
      updated_at: b0.updated_at,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await uploadIcon(await png(66, 66))).status).toBe(200);
    expect(existsSync(fileOf(shared))).toBe(true);
  });

  it('the sweep removes old files no row names, and keeps files in use and files being uploaded now', async () => {
    const store = new DiskImageStore(uploads);
    const inUse = await iconUrl();
    // Left behind: a file whose row never committed, and half a write from a crash, both an hour old.
    await store.put('icons/category-999-0123456789ab.png', await png(16, 16), 'image/png');
    await store.put(
      'content/explore-first-00112233aabbccdd.png.1a2b3c4d.tmp',
      Buffer.from('half'),
      'image/png',
    );
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const f of [
      'icons/category-999-0123456789ab.png',
      'content/explore-first-00112233aabbccdd.png.1a2b3c4d.tmp',
    ])
      utimesSync(path.join(uploads, f), hourAgo, hourAgo);
    // Being uploaded right now: written, its row not committed yet.
    await store.put('icons/brand-999-fedcba987654.svg', svg(''), 'image/svg+xml');

    const removed = await sweepUploads(t.database.db, store, t.clock.now(), log);
    expect(removed.sort()).toEqual([
      'content/explore-first-00112233aabbccdd.png.1a2b3c4d.tmp',
      'icons/category-999-0123456789ab.png',
    ]);
    expect(existsSync(fileOf(inUse!))).toBe(true);
    expect(existsSync(path.join(uploads, 'icons/brand-999-fedcba987654.svg'))).toBe(true);
    // Twenty minutes on, the upload that never committed goes too (and the brand's drawing, which an edit of the
    // brand replaced above); what is left is exactly the files a row names.
    const later = await sweepUploads(t.database.db, store, new Date(Date.now() + 20 * 60_000), log);
    expect(later).toContain('icons/brand-999-fedcba987654.svg');
    const named = [
      ...(await t.database.db.select({ url: categories.iconUrl }).from(categories)),
      ...(await t.database.db.select({ url: brands.iconUrl }).from(brands)),
      ...(await t.database.db.select({ url: pageSettings.attachmentUrl }).from(pageSettings)),
    ]
      .map((r) => r.url)
      .filter((u): u is string => !!u?.startsWith('/uploads/'));
    const kept = [
      ...folder('icons').map((f) => `/uploads/icons/${f}`),
      ...folder('content').map((f) => `/uploads/content/${f}`),
    ];
    expect(kept.sort()).toEqual([...new Set(named)].sort());
    expect(kept).toContain(inUse);
    expect(await sweepUploads(t.database.db, store, new Date(Date.now() + 20 * 60_000), log)).toEqual([]);
  });
});

/* ---------------- finding 11 ---------------- */

describe('a picture small in bytes and huge in pixels (finding 11)', () => {
  it('a 7,999 × 7,999 PNG of 62 KB is refused as a photo and a home picture before anything decodes it', async () => {
    const flood = floodPng(7999, 7999);
    expect(flood.length).toBeLessThan(100_000);
    const p = await maker(1500);
    await t.database.db.delete(productImages).where(eq(productImages.productId, p.id));
    const decodes = pictureCounts.decodes;
    const photo = await uploadPhotos([{ name: 'flood.png', data: flood }], p.id);
    expect(photo.status).toBe(422);
    expect(photo.body.errors.file).toEqual([
      apiMessage('image_too_many_pixels', 'en', { name: 'flood.png', width: 7999, height: 7999, max: 40 }),
    ]);
    const home = await uploadHome(flood, 'explore_first', undefined, 'ar');
    expect(home.status).toBe(422);
    expect(home.body.errors.file).toEqual([apiMessage('content_image_too_many_pixels', 'ar', { max: 40 })]);
    expect(pictureCounts.decodes).toBe(decodes);
    expect(await t.database.db.select().from(productImages).where(eq(productImages.productId, p.id))).toEqual(
      [],
    );
  });

  it('four photos uploaded at once are decoded once each', async () => {
    const p = await maker(1600);
    const decodes = pictureCounts.decodes;
    const photos = await Promise.all([png(1200, 900), png(900, 1200), png(640, 640), png(2000, 1000)]);
    const answers = await Promise.all(
      photos.map((data, i) => uploadPhotos([{ name: `${i}.png`, data }], p.id)),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(pictureCounts.decodes - decodes).toBe(4);
  });

  it('the picture queue runs two at a time, the rest in turn', async () => {
    const queue = new WorkQueue(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (n: number) =>
      queue.run(async () => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        order.push(n);
        if (n === 3) throw new Error('a damaged picture');
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(job));
    expect(most).toBe(2);
    expect(order.sort()).toEqual([1, 2, 3, 4, 5, 6]);
    // A failed job frees its turn.
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
