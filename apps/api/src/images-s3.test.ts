import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3ImageStore } from './adapters/s3-image-store.ts';
import { buildApp, type App } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { productImages } from './db/schema.ts';
import { UPLOADS_POLICY } from './lib/security-headers.ts';
import { readTar } from './modules/backup/tar.ts';
import { restoreBackup } from './modules/backup/restore.ts';
import { ensureOwner } from './modules/staff/bootstrap.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { productMaker } from './test/shoppers.ts';
import { staffSignIn, type StaffAuth } from './test/staff.ts';

/**
 * Pictures on object storage (issue 50 item 4, decision 031): IMAGE_STORE=s3 against s3rver, an S3 server run in
 * this process on loopback. Two instances of the store on one database (PGlite here, PostgreSQL with DATABASE_URL)
 * and one bucket, each with an uploads folder it must never write to.
 */
const PASSWORD = 'Bucket-of-pictures-2024';
const BUCKET = 'store-pictures';
const serverUrl = process.env.DATABASE_URL;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'images-s3-'));
const disk = { a: path.join(tmp, 'a-uploads'), b: path.join(tmp, 'b-uploads') };
let s3: S3rver;
let endpoint: string;
let t: TestApp;
let second: { app: App; database: Database | null };
let owner: StaffAuth;
let maker: Awaited<ReturnType<typeof productMaker>>;
const extraDatabases: string[] = [];

const bucketStore = (extra: { prefix?: string; publicUrl?: string } = {}) =>
  new S3ImageStore({
    bucket: BUCKET,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    ...extra,
  });

/** Every object in the bucket (or under a prefix), as s3rver holds them. */
async function bucketKeys(prefix = ''): Promise<string[]> {
  const res = await bucketStore().client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}

/** Every file under a folder, recursively (the instances' own uploads folders). */
const filesUnder = (dir: string) => readdirSync(dir, { recursive: true }).map(String);

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(tmp, 's3rver'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  t = await createTestApp({ uploadsDir: disk.a, images: bucketStore() });
  const database = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 4 }) : null;
  const app = await buildApp({
    database: database ?? t.database,
    clock: t.clock,
    env: 'test',
    catalogCacheMs: 0,
    uploadsDir: disk.b,
    images: bucketStore(),
  });
  await app.ready();
  second = { app, database };
  await ensureOwner(t.database.db, { email: 'owner@store.example', password: PASSWORD }, t.clock.now());
  owner = await staffSignIn(t.app, 'owner@store.example', PASSWORD);
  maker = await productMaker(t.database.db, t.clock.now());
});

afterAll(async () => {
  await second?.app.close();
  await second?.database?.close();
  await t?.close();
  await s3?.close();
  for (const name of extraDatabases) {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
  rmSync(tmp, { recursive: true, force: true, maxRetries: 5 });
});

/** A product with no picture yet (the fixture gives each one a drawing). */
async function bareProduct() {
  const p = await maker(4_999);
  await t.database.db.delete(productImages).where(eq(productImages.productId, p.id));
  return p;
}

interface Image {
  original_url: string;
  thumbnail_url: string;
  medium_url: string;
  large_url: string | null;
  is_3d: boolean;
}

/** The back office's upload: FormData with the files under `file`, to instance `app`. */
async function upload(app: App, productId: number, files: { name: string; data: Buffer; type: string }[]) {
  const form = new FormData();
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const res = await app.inject({
    method: 'POST',
    url: `/v1/admin/products/${productId}/images?locale=en`,
    headers: owner,
    payload: form,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { images: Image[] }).images;
}

const photo = () =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 10, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

describe('pictures in a bucket (IMAGE_STORE=s3)', () => {
  let product: { id: number };
  let image: Image;

  it('a photo uploaded in the back office lands in the bucket, nothing on the instance’s disk, and shoppers get it and its sizes', async () => {
    product = await bareProduct();
    image = (
      await upload(t.app, product.id, [{ name: 'kettle.jpg', data: await photo(), type: 'image/jpeg' }])
    )[0]!;
    const urls = [image.original_url, image.thumbnail_url, image.medium_url, image.large_url!];
    expect(urls.every((u) => u.startsWith(`/uploads/products/${product.id}/`))).toBe(true);
    const inBucket = await bucketKeys(`products/${product.id}/`);
    expect(inBucket).toEqual(urls.map(keyOf).sort());

    // The shop's answer names them, and /uploads serves them from the bucket with the uploads' own headers.
    const shown = await t.app.inject({ method: 'GET', url: `/v1/products/${product.id}?locale=en` });
    expect(JSON.stringify(shown.json())).toContain(image.thumbnail_url);
    const thumb = await t.app.inject({ method: 'GET', url: image.thumbnail_url });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(thumb.headers['content-security-policy']).toBe(UPLOADS_POLICY);
    expect(thumb.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
    const original = await t.app.inject({ method: 'GET', url: image.original_url });
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.equals((await bucketStore().get(keyOf(image.original_url)))!.data)).toBe(true);

    // Its sizes for srcset and its share picture are made from the bucket and kept there.
    const sized = await t.app.inject({ method: 'GET', url: `/img/320.webp/${keyOf(image.original_url)}` });
    expect(sized.statusCode).toBe(200);
    expect(await sharp(sized.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320 });
    const share = await t.app.inject({ method: 'GET', url: `/share/products/${product.id}.jpg` });
    expect(share.statusCode).toBe(200);
    expect(share.headers['content-type']).toBe('image/jpeg');
    const all = await bucketKeys();
    expect(all.some((k) => k.startsWith('.sizes/'))).toBe(true);
    expect(all.some((k) => k.startsWith('.share/'))).toBe(true);

    // A hidden folder, a key outside the uploads and a missing file are the ordinary 404.
    const sizesKey = all.find((k) => k.startsWith('.sizes/'))!;
    for (const url of [
      `/uploads/${sizesKey}`,
      '/uploads/products/%2e%2e/%2e%2e/etc/passwd',
      `/uploads/products/${product.id}/nothing.webp`,
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);

    // Nothing was written to either instance's uploads folder (not even made).
    for (const dir of Object.values(disk)) expect(() => filesUnder(dir), dir).toThrow(/ENOENT/);
  });

  it('two instances on one database and one bucket: each shows the other’s uploads', async () => {
    // The photo uploaded on the first, and its sizes, from the second.
    const fromB = await second.app.inject({ method: 'GET', url: image.medium_url });
    expect(fromB.statusCode).toBe(200);
    expect(
      fromB.rawPayload.equals((await t.app.inject({ method: 'GET', url: image.medium_url })).rawPayload),
    ).toBe(true);
    expect(
      (await second.app.inject({ method: 'GET', url: `/img/480.webp/${keyOf(image.original_url)}` }))
        .statusCode,
    ).toBe(200);

    // A 3D model and a category icon uploaded on the second, from the first.
    const other = await bareProduct();
    const json = Buffer.from('{"asset":{"version":"2.0"}}'.padEnd(28, ' '));
    const head = Buffer.alloc(20);
    head.writeUInt32LE(0x46546c67, 0);
    head.writeUInt32LE(2, 4);
    head.writeUInt32LE(20 + json.length, 8);
    head.writeUInt32LE(json.length, 12);
    head.writeUInt32LE(0x4e4f534a, 16);
    const [model] = await upload(second.app, other.id, [
      { name: 'kettle.glb', data: Buffer.concat([head, json]), type: 'model/gltf-binary' },
    ]);
    expect(model!.is_3d).toBe(true);
    const modelRes = await t.app.inject({ method: 'GET', url: model!.original_url });
    expect(modelRes.statusCode).toBe(200);
    expect(modelRes.headers['content-type']).toBe('model/gltf-binary');

    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0a5' } })
      .png()
      .toBuffer();
    const categoryId = (
      (await t.database.db.execute(sql`select id from categories limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id;
    const boundary = `----icon${randomBytes(6).toString('hex')}`;
    const iconRes = await second.app.inject({
      method: 'POST',
      url: `/v1/admin/categories/${categoryId}/icon?locale=en`,
      headers: { ...owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="icon.png"\r\n` +
            'content-type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(iconRes.statusCode, iconRes.body).toBe(200);
    const iconUrl = iconRes.json().category.icon_url as string;
    expect(await bucketKeys('icons/')).toEqual([keyOf(iconUrl)]);
    const icon = await t.app.inject({ method: 'GET', url: iconUrl });
    expect(icon.statusCode).toBe(200);
    expect(icon.rawPayload.equals(png)).toBe(true);
    expect(icon.headers['cache-control']).toBe('public, max-age=604800');

    for (const dir of Object.values(disk)) expect(() => filesUnder(dir), dir).toThrow(/ENOENT/);
  });

  it('with S3_PUBLIC_URL, /uploads sends the browser to the CDN in front of the bucket', async () => {
    const app = await buildApp({
      database: t.database,
      clock: t.clock,
      env: 'test',
      images: bucketStore({ publicUrl: 'https://cdn.store.example/' }),
    });
    try {
      const res = await app.inject({ method: 'GET', url: image.thumbnail_url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`https://cdn.store.example/${keyOf(image.thumbnail_url)}`);
      // The shop's pages may load pictures and 3D models from there (CSP img-src and connect-src).
      const csp = String(
        (await app.inject({ method: 'GET', url: '/v1/categories' })).headers['content-security-policy'],
      );
      expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.store\.example/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/cdn\.store\.example/);
      // The sizes are still the app's: made from the bucket.
      expect(
        (await app.inject({ method: 'GET', url: `/img/160.webp/${keyOf(image.original_url)}` })).statusCode,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a backup holds the bucket’s pictures, and a restore puts them back into an empty bucket', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/admin/backup', headers: owner });
    expect(res.statusCode, res.body).toBe(200);
    const names: string[] = [];
    for await (const e of readTar(Readable.from([gunzipSync(res.rawPayload)]))) names.push(e.name);
    const uploads = (await bucketKeys()).filter((k) => !k.startsWith('.'));
    expect(names.filter((n) => n.startsWith('uploads/')).sort()).toEqual(uploads.map((k) => `uploads/${k}`));

    const file = path.join(tmp, 'backup.tar.gz');
    writeFileSync(file, res.rawPayload);
    let databaseUrl: string | undefined;
    if (serverUrl) {
      const name = `store_s3_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      extraDatabases.push(name);
      const u = new URL(serverUrl);
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
    }
    const restoredStore = bucketStore({ prefix: 'restored' });
    const report = await restoreBackup({
      file,
      dataDir: path.join(tmp, 'restored'),
      databaseUrl,
      images: restoredStore,
    });
    expect(report.uploads).toBe(uploads.length);
    expect(await bucketKeys('restored/')).toEqual(uploads.map((k) => `restored/${k}`).sort());
    const back = await restoredStore.get(keyOf(image.original_url));
    expect(back!.data.equals((await bucketStore().get(keyOf(image.original_url)))!.data)).toBe(true);
    expect(back!.contentType).toBe('image/jpeg');
  });
});

describe('IMAGE_STORE settings', () => {
  it('s3 without the bucket’s settings stops the start, naming each one missing', () => {
    expect(() => loadConfig({ IMAGE_STORE: 's3', S3_BUCKET: 'pictures' })).toThrow(
      /S3_REGION: IMAGE_STORE=s3 needs S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ IMAGE_STORE: 'bucket' })).toThrow(/IMAGE_STORE must be disk or s3/);
    expect(() => loadConfig({ IMAGE_STORE: 's3', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT must be an http/,
    );
    const ok = loadConfig({
      IMAGE_STORE: 's3',
      S3_BUCKET: 'pictures',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(ok).toMatchObject({ IMAGE_STORE: 's3', S3_FORCE_PATH_STYLE: 'false' });
    expect(loadConfig({}).IMAGE_STORE).toBe('disk');
  });
});
