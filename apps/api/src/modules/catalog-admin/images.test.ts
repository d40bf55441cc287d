import { createHash } from 'node:crypto';
import { apiMessage, IMAGES_PER_UPLOAD } from '@store/contracts';
import { and, eq } from 'drizzle-orm';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, productImages, staff } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { staffSignIn } from '../../test/staff.ts';
import { addShopper, addZones, call, productMaker, readyToPay } from '../../test/shoppers.ts';
import { ensureOwner } from '../staff/bootstrap.ts';
import { DiskImageStore } from '../../adapters/image-store.ts';
import type { CurrentStaff } from '../staff/index.ts';
import { addImages } from './images-service.ts';
import { deleteProduct } from './products-service.ts';

/**
 * A product's images in the back office (issue 17): an upload is checked by content and all of it or none of it is
 * kept; each photo becomes the versions the store shows; reordering picks the store's main image; deleting removes
 * the files; one 3D model per product; only owners and catalog staff may do any of it.
 */
const PASSWORD = 'Photo-shoot-2024';
let t: TestApp;
let uploads: string;
let maker: Awaited<ReturnType<typeof productMaker>>;
let owner: Record<string, string>;
let catalog: Record<string, string>;
let clerk: Record<string, string>;

beforeAll(async () => {
  uploads = mkdtempSync(path.join(os.tmpdir(), 'images-test-'));
  t = await createTestApp({ uploadsDir: uploads });
  maker = await productMaker(t.database.db, t.clock.now());
  for (const [email, role] of [
    ['boss@store.example', 'owner'],
    ['photos@store.example', 'catalog'],
    ['clerk@store.example', 'staff'],
  ] as const) {
    await ensureOwner(t.database.db, { email, password: PASSWORD }, t.clock.now());
    await t.database.db.update(staff).set({ role }).where(eq(staff.email, email));
  }
  owner = await staffSignIn(t.app, 'boss@store.example', PASSWORD);
  catalog = await staffSignIn(t.app, 'photos@store.example', PASSWORD);
  clerk = await staffSignIn(t.app, 'clerk@store.example', PASSWORD);
});
afterAll(async () => {
  await t?.close();
  if (uploads) rmSync(uploads, { recursive: true, force: true, maxRetries: 5 });
});

/** A product with no images yet (the test fixture gives each one a drawing). */
async function make(priceEgp: number) {
  const p = await maker(priceEgp);
  await t.database.db.delete(productImages).where(eq(productImages.productId, p.id));
  return p;
}

interface Upload {
  name: string;
  data: Buffer;
  type?: string;
}
interface Image {
  id: number;
  position: number;
  original_url: string;
  thumbnail_url: string;
  medium_url: string;
  large_url: string | null;
  is_3d: boolean;
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
/** A photo taken with the phone on its side: stored 1200×900, shown 900×1200 (EXIF orientation 6). */
const sidewaysJpeg = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
/** The smallest valid binary glTF 2.0: a 12-byte header and one JSON chunk. */
function glb(version = 2) {
  const json = Buffer.from('{"asset":{"version":"2.0"}}'.padEnd(28, ' '));
  const head = Buffer.alloc(20);
  head.writeUInt32LE(0x46546c67, 0); // 'glTF'
  head.writeUInt32LE(version, 4);
  head.writeUInt32LE(20 + json.length, 8);
  head.writeUInt32LE(json.length, 12);
  head.writeUInt32LE(0x4e4f534a, 16); // 'JSON'
  return Buffer.concat([head, json]);
}

/** What the admin app sends: FormData with every file under `file`. */
async function upload(productId: number, files: Upload[], headers = catalog, locale = 'en') {
  const form = new FormData();
  for (const f of files)
    form.append('file', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/png' }), f.name);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/admin/products/${productId}/images?locale=${locale}`,
    headers,
    payload: form,
  });
  return { status: res.statusCode, body: res.json() as { images: Image[]; errors: { file: string[] } } };
}

const fileOf = (url: string) => path.join(uploads, url.replace(/^\/uploads\//, ''));
const productDir = (id: number) => path.join(uploads, 'products', String(id));
const filesOf = (id: number) => (existsSync(productDir(id)) ? readdirSync(productDir(id)) : []);
const rowsOf = (id: number) =>
  t.database.db.select().from(productImages).where(eq(productImages.productId, id));
const sizeOf = async (url: string) => {
  const m = await sharp(fileOf(url)).metadata();
  return { format: m.format, width: m.width, height: m.height };
};
const storeImages = async (id: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/v1/products/${id}?locale=en` });
  return (res.json() as { product: { images: { id: number }[] } }).product.images.map((i) => i.id);
};
const auditOf = (action: string, id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));

describe('uploading photos', () => {
  it('takes two photos in one request: rows in order, WebP versions never enlarged and upright, the originals kept', async () => {
    const p = await make(2500);
    const wide = await png(1200, 900);
    const sideways = await sidewaysJpeg();
    const r = await upload(p.id, [
      { name: 'front.png', data: wide },
      { name: 'side.jpg', data: sideways, type: 'image/jpeg' },
    ]);
    expect(r.status).toBe(201);
    expect(r.body.images.map((i) => [i.position, i.is_3d])).toEqual([
      [0, false],
      [1, false],
    ]);
    const [front, side] = r.body.images;
    for (const url of [front!.original_url, front!.thumbnail_url, front!.medium_url, front!.large_url!])
      expect(url).toMatch(
        new RegExp(`^/uploads/products/${p.id}/[0-9a-f]{24}-(original\\.png|thumb|medium|large)`),
      );
    expect(side!.original_url).toMatch(/-original\.jpg$/);
    // The originals as uploaded, byte for byte.
    expect(readFileSync(fileOf(front!.original_url)).equals(wide)).toBe(true);
    expect(readFileSync(fileOf(side!.original_url)).equals(sideways)).toBe(true);
    // 320, 800 and 1600 wide in WebP, but never wider than the photo (1200), proportions kept.
    expect(await sizeOf(front!.thumbnail_url)).toEqual({ format: 'webp', width: 320, height: 240 });
    expect(await sizeOf(front!.medium_url)).toEqual({ format: 'webp', width: 800, height: 600 });
    expect(await sizeOf(front!.large_url!)).toEqual({ format: 'webp', width: 1200, height: 900 });
    // The sideways photo stands upright: 900 wide, 1200 high.
    expect(await sizeOf(side!.medium_url)).toEqual({ format: 'webp', width: 800, height: 1067 });
    expect(await sizeOf(side!.large_url!)).toEqual({ format: 'webp', width: 900, height: 1200 });
    expect(filesOf(p.id)).toHaveLength(8);
    expect(await rowsOf(p.id)).toHaveLength(2);
    // The store shows them at once, in this order.
    expect(await storeImages(p.id)).toEqual([front!.id, side!.id]);
    const [entry] = await auditOf('product.images_added', p.id);
    expect(entry!.details).toEqual({
      images: [
        { id: front!.id, name: 'front.png', is_3d: false },
        { id: side!.id, name: 'side.jpg', is_3d: false },
      ],
    });

    // A later upload goes after them, and the answer lists all three.
    const more = await upload(p.id, [{ name: 'back.png', data: await png(600, 600) }], owner);
    expect(more.status).toBe(201);
    expect(more.body.images.map((i) => i.id).slice(0, 2)).toEqual([front!.id, side!.id]);
    expect(more.body.images[2]!.position).toBe(2);
    // 600 wide: the thumbnail and medium are smaller, the large version stays 600.
    expect(await sizeOf(more.body.images[2]!.large_url!)).toMatchObject({ width: 600, height: 600 });
  });

  it('serves the files with a year of cache: their names never get new content', async () => {
    const p = await make(900);
    const r = await upload(p.id, [{ name: 'cover.png', data: await png(400, 400) }]);
    for (const url of [r.body.images[0]!.original_url, r.body.images[0]!.thumbnail_url]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const webp = await t.app.inject({ method: 'GET', url: r.body.images[0]!.thumbnail_url });
    expect(webp.headers['content-type']).toBe('image/webp');
  });

  it("an uploaded photo's card sizes are made right after the upload, before any shopper asks (issue 43 item 12)", async () => {
    const p = await make(900);
    const r = await upload(p.id, [{ name: 'cover.png', data: await png(400, 400) }]);
    expect(r.status).toBe(201);
    const thumb = r.body.images[0]!.thumbnail_url;
    // The files the sizes are kept in (lib/derived-images.ts names them by what they are made from and how).
    const kept = [160, 320, 480, 640].flatMap((w) =>
      ['avif', 'webp'].map((ext) =>
        path.join(
          uploads,
          '.sizes',
          `${createHash('sha256').update(`${thumb} ${w}`).digest('hex').slice(0, 32)}.${ext}`,
        ),
      ),
    );
    // Four card widths, each an AVIF (or its WebP) and a WebP, made in the background after the answer.
    await expect.poll(() => kept.filter((f) => existsSync(f)).length, { timeout: 8000 }).toBe(8);
  });

  it('one bad file among good ones: 422 naming each bad file in the user’s language, nothing kept', async () => {
    const p = await make(1200);
    const files = [
      { name: 'good.png', data: await png(1200, 900) },
      { name: 'tiny.png', data: await png(100, 100) },
      { name: 'notes.jpg', data: Buffer.from('a shopping list, not a photo\n'), type: 'image/jpeg' },
      { name: 'banner.png', data: await png(8001, 300) },
      {
        name: 'anim.gif',
        data: await sharp(await png(400, 400))
          .gif()
          .toBuffer(),
        type: 'image/gif',
      },
    ];
    const r = await upload(p.id, files);
    expect(r.status).toBe(422);
    expect(r.body.errors.file).toEqual([
      apiMessage('image_too_small', 'en', { name: 'tiny.png', width: 100, height: 100, min: 300 }),
      apiMessage('image_type_not_allowed', 'en', { name: 'notes.jpg' }),
      apiMessage('image_too_large_pixels', 'en', { name: 'banner.png', width: 8001, height: 300, max: 8000 }),
      apiMessage('image_type_not_allowed', 'en', { name: 'anim.gif' }),
    ]);
    expect(r.body.errors.file[0]).toBe('“tiny.png” is 100×100 pixels: a photo must be at least 300×300');
    const ar = await upload(p.id, files, catalog, 'ar');
    expect(ar.body.errors.file[1]).toBe(apiMessage('image_type_not_allowed', 'ar', { name: 'notes.jpg' }));
    expect(ar.body.errors.file[1]).toMatch(/[\u0600-\u06ff]/);
    expect(await rowsOf(p.id)).toHaveLength(0);
    expect(filesOf(p.id)).toEqual([]);
    expect(await auditOf('product.images_added', p.id)).toHaveLength(0);
  });

  it('a photo over 5 MB and a file over 20 MB are refused by name, nothing kept', async () => {
    const p = await make(1200);
    const noisy = await sharp({
      create: {
        width: 1500,
        height: 1500,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(5 * 1024 * 1024);
    const big = await upload(p.id, [
      { name: 'ok.png', data: await png(500, 500) },
      { name: 'huge.png', data: noisy },
    ]);
    expect(big.status).toBe(422);
    expect(big.body.errors.file).toEqual([apiMessage('file_too_large', 'en', { name: 'huge.png', max: 5 })]);
    // Past the largest file the upload takes at all: stopped while it arrives.
    const huge = await upload(p.id, [
      { name: 'ok.png', data: await png(500, 500) },
      { name: 'scan.tif', data: Buffer.alloc(21 * 1024 * 1024, 7) },
    ]);
    expect(huge.status).toBe(422);
    expect(huge.body.errors.file).toEqual([
      apiMessage('file_too_large', 'en', { name: 'scan.tif', max: 20 }),
    ]);
    expect(await rowsOf(p.id)).toHaveLength(0);
    expect(filesOf(p.id)).toEqual([]);
  });

  it('refuses an upload with no file or too many files, and answers 404 for an unknown product', async () => {
    const p = await make(700);
    const none = await call(t.app, 'POST', `/v1/admin/products/${p.id}/images?locale=en`, catalog, {});
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ file: [apiMessage('images_file_required', 'en')] });
    const photo = await png(300, 300);
    const many = await upload(
      p.id,
      Array.from({ length: IMAGES_PER_UPLOAD + 1 }, (_, i) => ({ name: `p${i}.png`, data: photo })),
    );
    expect(many.status).toBe(422);
    expect(many.body.errors.file).toEqual([
      apiMessage('images_too_many_files', 'en', { max: IMAGES_PER_UPLOAD }),
    ]);
    expect(await rowsOf(p.id)).toHaveLength(0);
    const unknown = await upload(999_999, [{ name: 'a.png', data: photo }]);
    expect(unknown.status).toBe(404);
    expect(existsSync(productDir(999_999))).toBe(false);
  });
});

describe('a failure halfway', () => {
  it('a file that cannot be written undoes the upload: no rows, no audit entry, no files left', async () => {
    const p = await make(1800);
    const disk = new DiskImageStore(uploads);
    let puts = 0;
    // The disk fills up at the sixth file (the second photo's versions).
    const failing = Object.assign(Object.create(disk) as DiskImageStore, {
      put: async (key: string, data: Buffer, type: string) => {
        if (++puts === 6) throw new Error('ENOSPC: no space left on device');
        return disk.put(key, data, type);
      },
    });
    const photo = await png(500, 500);
    const files = ['a.png', 'b.png'].map((filename) => ({
      field: 'file',
      filename,
      mimetype: 'image/png',
      data: photo,
    }));
    await expect(
      addImages(t.database.db, failing, { id: null }, p.id, files, t.clock.now(), 'en'),
    ).rejects.toThrow(/ENOSPC/);
    expect(puts).toBe(6);
    expect(await rowsOf(p.id)).toHaveLength(0);
    expect(filesOf(p.id)).toEqual([]);
    expect(await auditOf('product.images_added', p.id)).toHaveLength(0);
  });
});

describe('3D models', () => {
  it('takes one .glb per product; a second, two at once or a broken one are refused', async () => {
    const p = await make(15_000);
    const first = await upload(p.id, [
      { name: 'phone.glb', data: glb(), type: 'model/gltf-binary' },
      { name: 'phone.png', data: await png(800, 800) },
    ]);
    expect(first.status).toBe(201);
    const model = first.body.images[0]!;
    expect(model).toMatchObject({ is_3d: true, large_url: null });
    expect(model.original_url).toMatch(/-original\.glb$/);
    expect(model.thumbnail_url).toBe(model.original_url);
    expect(readFileSync(fileOf(model.original_url)).equals(glb())).toBe(true);

    const second = await upload(p.id, [{ name: 'other.glb', data: glb() }]);
    expect(second.status).toBe(422);
    expect(second.body.errors.file).toEqual([
      apiMessage('model_already_present', 'en', { name: 'other.glb' }),
    ]);
    expect(await rowsOf(p.id)).toHaveLength(2);

    const q = await make(15_000);
    const two = await upload(q.id, [
      { name: 'a.glb', data: glb() },
      { name: 'b.glb', data: glb() },
    ]);
    expect(two.body.errors.file).toEqual([apiMessage('model_only_one', 'en', { name: 'b.glb' })]);
    const old = await upload(q.id, [{ name: 'v1.glb', data: glb(1) }]);
    expect(old.body.errors.file).toEqual([apiMessage('model_invalid', 'en', { name: 'v1.glb' })]);
    expect(await rowsOf(q.id)).toHaveLength(0);
    expect(filesOf(q.id)).toEqual([]);

    // Once the model is deleted, another may come.
    expect(
      (await call(t.app, 'DELETE', `/v1/admin/products/${p.id}/images/${model.id}`, catalog)).status,
    ).toBe(200);
    expect((await upload(p.id, [{ name: 'other.glb', data: glb() }])).status).toBe(201);
  });
});

describe('ordering and deleting', () => {
  it('a new order picks the store’s main image; an order that is not exactly the product’s images is refused', async () => {
    const p = await make(3000);
    const photo = await png(400, 400);
    const up = await upload(p.id, [
      { name: '1.png', data: photo },
      { name: '2.png', data: photo },
      { name: '3.png', data: photo },
    ]);
    const [a, b, c] = up.body.images.map((i) => i.id) as [number, number, number];
    const other = await make(3000);
    const otherImage = (await upload(other.id, [{ name: 'x.png', data: photo }])).body.images[0]!.id;
    const order = (ids: unknown, headers = catalog) =>
      call(t.app, 'PUT', `/v1/admin/products/${p.id}/images?locale=en`, headers, { ids });

    const r = await order([c, a, b]);
    expect(r.status).toBe(200);
    expect(r.body.images.map((i: Image) => [i.id, i.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    expect(await storeImages(p.id)).toEqual([c, a, b]);
    const [entry] = await auditOf('product.images_reordered', p.id);
    expect(entry!.details).toEqual({ before: [a, b, c], after: [c, a, b] });

    for (const ids of [[c, a], [c, a, a], [c, a, b, otherImage], [c, a, otherImage], [], 'abc']) {
      const bad = await order(ids);
      expect(bad.status, JSON.stringify(ids)).toBe(422);
    }
    expect((await order([c, a])).body.errors).toEqual({ ids: [apiMessage('images_order_mismatch', 'en')] });
    expect(await storeImages(p.id)).toEqual([c, a, b]);
    expect(await storeImages(other.id)).toEqual([otherImage]);
    expect((await call(t.app, 'PUT', '/v1/admin/products/999999/images', catalog, { ids: [a] })).status).toBe(
      404,
    );
  });

  it('deleting an image removes its row and its files, and only its own files', async () => {
    const p = await make(4000);
    const photo = await png(500, 400);
    const up = await upload(p.id, [
      { name: 'keep.png', data: photo },
      { name: 'drop.png', data: photo },
    ]);
    const [keep, drop] = up.body.images;
    const r = await call(t.app, 'DELETE', `/v1/admin/products/${p.id}/images/${drop!.id}`, owner);
    expect(r.status).toBe(200);
    expect(r.body.images.map((i: Image) => i.id)).toEqual([keep!.id]);
    for (const url of [drop!.original_url, drop!.thumbnail_url, drop!.medium_url, drop!.large_url!])
      expect(existsSync(fileOf(url))).toBe(false);
    for (const url of [keep!.original_url, keep!.large_url!]) expect(existsSync(fileOf(url))).toBe(true);
    expect(await storeImages(p.id)).toEqual([keep!.id]);
    const [entry] = await auditOf('product.image_deleted', p.id);
    expect(entry!.details).toMatchObject({ image: { id: drop!.id, original_url: drop!.original_url } });

    // Again, or through another product: not found, nothing removed.
    expect((await call(t.app, 'DELETE', `/v1/admin/products/${p.id}/images/${drop!.id}`, owner)).status).toBe(
      404,
    );
    const q = await make(4000);
    expect((await call(t.app, 'DELETE', `/v1/admin/products/${q.id}/images/${keep!.id}`, owner)).status).toBe(
      404,
    );
    expect(existsSync(fileOf(keep!.original_url))).toBe(true);

    // The seed's and the fixtures' pictures are not this product's own files: deleting the row leaves them.
    const drawn = await maker(4000);
    const [fixture] = await rowsOf(drawn.id);
    mkdirSync(path.dirname(fileOf(fixture!.originalUrl)), { recursive: true });
    writeFileSync(fileOf(fixture!.originalUrl), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const gone = await call(t.app, 'DELETE', `/v1/admin/products/${drawn.id}/images/${fixture!.id}`, owner);
    expect(gone.status).toBe(200);
    expect(gone.body.images).toEqual([]);
    expect(existsSync(fileOf(fixture!.originalUrl))).toBe(true);
  });
});

describe('deleting the product', () => {
  /** A product with two uploaded photos and a row that shows one of the seed's shared demo pictures. */
  async function withFiles() {
    const p = await make(2500);
    const up = await upload(p.id, [
      { name: 'front.png', data: await png(500, 500) },
      { name: 'side.png', data: await png(600, 400) },
    ]);
    expect(up.status).toBe(201);
    const shared = '/uploads/demo/products/shared-fridge.webp';
    mkdirSync(path.dirname(fileOf(shared)), { recursive: true });
    writeFileSync(fileOf(shared), 'shared');
    await t.database.db.insert(productImages).values({
      productId: p.id,
      position: 9,
      originalUrl: shared,
      thumbnailUrl: shared,
      mediumUrl: shared,
    });
    expect(filesOf(p.id)).toHaveLength(8);
    return { p, shared };
  }

  it('removes its uploaded files once deleted, and only its own (not the seed’s, not another product’s)', async () => {
    const { p, shared } = await withFiles();
    const other = await make(2500);
    await upload(other.id, [{ name: 'other.png', data: await png(500, 500) }]);
    const del = await call(t.app, 'DELETE', `/v1/admin/products/${p.id}`, catalog);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ deleted: true, hidden: false });
    expect(await rowsOf(p.id)).toEqual([]);
    expect(filesOf(p.id)).toEqual([]);
    expect(existsSync(fileOf(shared))).toBe(true);
    expect(filesOf(other.id)).toHaveLength(4);
  });

  it('a delete that fails before it commits keeps the product, its rows and its files', async () => {
    const { p } = await withFiles();
    // A staff id no row has: the audit entry, the transaction's last write, fails and everything rolls back.
    const ghost = { id: 999_999, ip: '127.0.0.1' } as unknown as CurrentStaff;
    const log = { warn: () => {} };
    await expect(
      deleteProduct(t.database.db, new DiskImageStore(uploads), ghost, p.id, t.clock.now(), 'en', log),
    ).rejects.toThrow();
    expect(await rowsOf(p.id)).toHaveLength(3);
    expect(filesOf(p.id)).toHaveLength(8);
    expect((await call(t.app, 'GET', `/v1/admin/products/${p.id}`, catalog)).status).toBe(200);
  });

  it('a product in orders is only hidden and keeps its files', async () => {
    await addZones(t.database.db);
    const { p } = await withFiles();
    const s = await addShopper(t.database.db, t.clock.now());
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
    expect(
      (await call(t.app, 'PUT', '/v1/users/checkout', s.headers, { payment_method: 'cash' })).status,
    ).toBe(200);
    const hide = await call(t.app, 'DELETE', `/v1/admin/products/${p.id}`, catalog);
    expect(hide.status).toBe(200);
    expect(hide.body).toMatchObject({ deleted: false, hidden: true });
    expect(await rowsOf(p.id)).toHaveLength(3);
    expect(filesOf(p.id)).toHaveLength(8);
  });
});

describe('who may', () => {
  it('staff without the catalog role get 403, and no session 401; nothing changes', async () => {
    const p = await make(500);
    const photo = await png(400, 400);
    const mine = (await upload(p.id, [{ name: 'a.png', data: photo }])).body.images[0]!;
    expect((await upload(p.id, [{ name: 'b.png', data: photo }], clerk)).status).toBe(403);
    expect((await upload(p.id, [{ name: 'b.png', data: photo }], {})).status).toBe(401);
    const put = await call(t.app, 'PUT', `/v1/admin/products/${p.id}/images?locale=ar`, clerk, {
      ids: [mine.id],
    });
    expect(put.status).toBe(403);
    expect(put.body.errors).toEqual([apiMessage('staff_forbidden', 'ar')]);
    expect((await call(t.app, 'DELETE', `/v1/admin/products/${p.id}/images/${mine.id}`, clerk)).status).toBe(
      403,
    );
    expect((await rowsOf(p.id)).map((r) => r.id)).toEqual([mine.id]);
    expect(filesOf(p.id)).toHaveLength(4);
  });
});

describe('API reference', () => {
  it('the image calls are in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const images = doc.paths['/v1/admin/products/{id}/images'];
    expect(Object.keys(images)).toEqual(expect.arrayContaining(['post', 'put']));
    expect(Object.keys(images.post.requestBody.content)).toEqual(['multipart/form-data']);
    expect(images.put.requestBody.content['application/json'].schema.required).toEqual(['ids']);
    expect(doc.paths['/v1/admin/products/{id}/images/{imageId}'].delete).toBeDefined();
  });
});
