/**
 * A product's images in the back office (issue 17, images; contracts: admin-images.ts). An upload is checked by
 * content (sharp's reading of a photo, the header of a 3D model), every file of it before anything is kept; each
 * photo is kept as uploaded and made into WebP versions from one whole decode, in the instance's picture queue, a
 * photo of more than IMAGE_MAX_PIXELS refused from its header (lib/pictures.ts, issue 42); the files go to the
 * ImageStore and the rows to
 * product_images in one transaction with the audit entry, and a failure anywhere removes the files already written.
 * Writes to product_images bump the catalog version by trigger, so the store shows the change at once.
 */
import {
  apiMessage,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIDE,
  IMAGE_MIN_SIDE,
  IMAGE_VERSION_WIDTHS,
  IMAGES_PER_UPLOAD,
  isGlb,
  megabytes,
  MODEL_MAX_BYTES,
  type AdminProductImage,
  type ApiMessageKey,
  type ImageFormat,
  type Locale,
} from '@store/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Metadata } from 'sharp';
import type { ImageStore } from '../../adapters/image-store.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { productImages } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeForVersions, MAX_MEGAPIXELS, readHeader, tooManyPixels } from '../../lib/pictures.ts';
import type { UploadedFile } from '../../lib/uploaded-files.ts';
import { audit, type AuditActor } from '../staff/index.ts';

/** A file of an upload, checked and made ready: what to write, under which names. */
interface Prepared {
  name: string;
  is3d: boolean;
  /** The original as uploaded, with the extension of what it really is. */
  original: { data: Buffer; ext: string; type: string };
  /** The WebP versions of a photo (none for a 3D model). */
  versions: { thumbnail: Buffer; medium: Buffer; large: Buffer } | null;
}

const CONTENT_TYPES: Record<ImageFormat | 'glb', string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  glb: 'model/gltf-binary',
};
const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

/** The file's name for a message or the audit log: no control characters, not endless. */
function displayName(filename: string, index: number) {
  // eslint-disable-next-line no-control-regex
  const clean = filename.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (!clean) return `#${index + 1}`;
  return clean.length > 80 ? `${clean.slice(0, 77)}…` : clean;
}

/** A file whose first bytes say glTF: a 3D model, valid or not. */
const looksLikeGltf = (data: Buffer) => data.length >= 4 && data.toString('latin1', 0, 4) === 'glTF';

/** The photo format sharp read, if it is one we take (AVIF is HEIF with AV1 inside; HEIC is not taken). */
function photoFormat(meta: Metadata): ImageFormat | null {
  if (meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp') return meta.format;
  if (meta.format === 'heif' && meta.compression === 'av1') return 'avif';
  return null;
}

/**
 * Checks every file and makes the photos' versions, in memory. Throws 422 `{ file: [...] }` with one message per
 * bad file, each naming it, in the user's language; nothing has been written then.
 */
export async function prepareUploads(
  files: UploadedFile[],
  productHasModel: boolean,
  locale: Locale,
): Promise<Prepared[]> {
  if (!files.length) throw AppError.field('file', 'images_file_required');
  if (files.length > IMAGES_PER_UPLOAD)
    throw AppError.field('file', `images_too_many_files:${IMAGES_PER_UPLOAD}`);
  const problems: string[] = [];
  const prepared: Prepared[] = [];
  let models = 0;
  // One file at a time, each decoded once in the picture queue: a few large photos decoded at once would hold a lot
  // of memory on a small machine.
  for (const [i, f] of files.entries()) {
    const name = displayName(f.filename, i);
    const problem = (key: ApiMessageKey, params: Record<string, string | number> = {}) =>
      void problems.push(apiMessage(key, locale, { name, ...params }));
    if (looksLikeGltf(f.data)) {
      if (f.data.length > MODEL_MAX_BYTES) problem('file_too_large', { max: megabytes(MODEL_MAX_BYTES) });
      else if (!isGlb(f.data)) problem('model_invalid');
      else if (productHasModel) problem('model_already_present');
      else if (++models > 1) problem('model_only_one');
      else
        prepared.push({
          name,
          is3d: true,
          original: { data: f.data, ext: 'glb', type: CONTENT_TYPES.glb },
          versions: null,
        });
      continue;
    }
    if (f.data.length > IMAGE_MAX_BYTES) {
      problem('file_too_large', { max: megabytes(IMAGE_MAX_BYTES) });
      continue;
    }
    const meta: Metadata | null = await readHeader(f.data);
    const format = meta && photoFormat(meta);
    if (!format) {
      problem('image_type_not_allowed');
      continue;
    }
    // The sides as the photo is shown, turned by its EXIF orientation.
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = meta.autoOrient?.height ?? meta.height ?? 0;
    if (width < IMAGE_MIN_SIDE || height < IMAGE_MIN_SIDE) {
      problem('image_too_small', { width, height, min: IMAGE_MIN_SIDE });
      continue;
    }
    if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) {
      problem('image_too_large_pixels', { width, height, max: IMAGE_MAX_SIDE });
      continue;
    }
    // Within the sides but too many pixels in all (7,999 × 7,999): refused before any decoding.
    if (tooManyPixels(width, height)) {
      problem('image_too_many_pixels', { width, height, max: MAX_MEGAPIXELS });
      continue;
    }
    const versions = await decodeForVersions(f.data, IMAGE_VERSION_WIDTHS);
    // The header was readable but the picture is not (cut short, damaged).
    if (!versions) problem('image_unreadable');
    else
      prepared.push({
        name,
        is3d: false,
        original: { data: f.data, ext: EXTENSIONS[format], type: CONTENT_TYPES[format] },
        versions,
      });
  }
  if (problems.length) throw new AppError(422, 'invalid', { file: problems });
  return prepared;
}

type ImageRow = typeof productImages.$inferSelect;

const toImage = (r: ImageRow): AdminProductImage => ({
  id: r.id,
  position: r.position,
  original_url: r.originalUrl,
  thumbnail_url: r.thumbnailUrl,
  medium_url: r.mediumUrl,
  large_url: r.largeUrl,
  is_3d: r.is3d,
});

/** The product's images, the main one first. */
export async function listImages(db: DbOrTx, productId: number): Promise<AdminProductImage[]> {
  const rows = await db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return rows.map(toImage);
}

/** Locks the product's row for this transaction (uploads, reorders and deletes of one product take turns); 404. */
async function lockProduct(tx: DbOrTx, productId: number) {
  const res = await tx.execute(sql`select id from products where id = ${productId} for update`);
  if (!(res as unknown as { rows: unknown[] }).rows.length) throw AppError.notFound('product_not_found');
}

/**
 * A change of the product's images is a staff edit of what the products file holds (its image_urls): an import
 * of an export made before it gives way (issue 42 finding 6).
 */
async function markEdited(tx: DbOrTx, productId: number, now: Date) {
  await tx.execute(
    sql`update products set edited_at = ${now.toISOString()}::timestamptz where id = ${productId}`,
  );
}

async function productExists(db: DbOrTx, productId: number) {
  const res = await db.execute(sql`select 1 from products where id = ${productId}`);
  return (res as unknown as { rows: unknown[] }).rows.length > 0;
}

async function hasModel(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({ id: productImages.id })
    .from(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.is3d, true)))
    .limit(1);
  return !!row;
}

/** The keys of the files a row names that this store holds for this product (never the seed's shared files). */
function ownKeys(store: ImageStore, productId: number, r: ImageRow) {
  const urls = new Set([r.originalUrl, r.thumbnailUrl, r.mediumUrl, r.largeUrl]);
  return [...urls]
    .map((u) => (u ? store.keyOf(u) : null))
    .filter((k): k is string => !!k && k.startsWith(`products/${productId}/`));
}

/**
 * POST /v1/admin/products/{id}/images: checks every file (422 naming the bad ones, nothing kept), then writes the
 * files and the rows, after the product's images, with the audit entry. Answers all of the product's images.
 */
export async function addImages(
  db: Db,
  store: ImageStore,
  me: AuditActor,
  productId: number,
  files: UploadedFile[],
  now: Date,
  locale: Locale,
): Promise<AdminProductImage[]> {
  if (!(await productExists(db, productId))) throw AppError.notFound('product_not_found');
  const prepared = await prepareUploads(files, await hasModel(db, productId), locale);
  const written: string[] = [];
  const put = async (key: string, data: Buffer, type: string) => {
    written.push(key);
    await store.put(key, data, type);
    return store.url(key);
  };
  try {
    await db.transaction(async (tx) => {
      await lockProduct(tx, productId);
      // Another upload may have added a model since the check: the rule holds under the lock.
      const model = prepared.find((p) => p.is3d);
      if (model && (await hasModel(tx, productId)))
        throw AppError.field('file', apiMessage('model_already_present', locale, { name: model.name }));
      const added: { id: number; name: string; is_3d: boolean }[] = [];
      let position = await nextPosition(tx, productId);
      for (const p of prepared) {
        const base = `products/${productId}/${randomBytes(12).toString('hex')}`;
        const originalUrl = await put(`${base}-original.${p.original.ext}`, p.original.data, p.original.type);
        const urls = p.versions
          ? {
              thumbnailUrl: await put(`${base}-thumb.webp`, p.versions.thumbnail, 'image/webp'),
              mediumUrl: await put(`${base}-medium.webp`, p.versions.medium, 'image/webp'),
              largeUrl: await put(`${base}-large.webp`, p.versions.large, 'image/webp'),
            }
          : { thumbnailUrl: originalUrl, mediumUrl: originalUrl, largeUrl: null };
        const [row] = await tx
          .insert(productImages)
          .values({ productId, position: position++, originalUrl, ...urls, is3d: p.is3d })
          .returning({ id: productImages.id });
        added.push({ id: row!.id, name: p.name, is_3d: p.is3d });
      }
      await markEdited(tx, productId, now);
      await audit(tx, me, 'product.images_added', { type: 'product', id: productId }, { images: added }, now);
    });
  } catch (err) {
    await Promise.allSettled(written.map((k) => store.remove(k)));
    throw err;
  }
  return listImages(db, productId);
}

async function nextPosition(tx: DbOrTx, productId: number): Promise<number> {
  const res = await tx.execute(
    sql`select coalesce(max(position) + 1, 0)::int as next from product_images where product_id = ${productId}`,
  );
  return Number((res as unknown as { rows: { next: number }[] }).rows[0]?.next ?? 0);
}

/**
 * PUT /v1/admin/products/{id}/images: `ids` are the product's image ids, each once, in the new order (the first is
 * the main image); anything else is 422 and nothing moves.
 */
export async function reorderImages(
  db: Db,
  me: AuditActor,
  productId: number,
  ids: number[],
  now: Date,
): Promise<AdminProductImage[]> {
  await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const before = (await listImages(tx, productId)).map((i) => i.id);
    const same =
      ids.length === before.length &&
      new Set(ids).size === ids.length &&
      ids.every((id) => before.includes(id));
    if (!same) throw AppError.field('ids', 'images_order_mismatch');
    if (ids.every((id, i) => before[i] === id)) return;
    for (const [position, id] of ids.entries())
      await tx
        .update(productImages)
        .set({ position })
        .where(and(eq(productImages.id, id), eq(productImages.productId, productId)));
    await markEdited(tx, productId, now);
    await audit(
      tx,
      me,
      'product.images_reordered',
      { type: 'product', id: productId },
      { before, after: ids },
      now,
    );
  });
  return listImages(db, productId);
}

/** DELETE /v1/admin/products/{id}/images/{imageId}: the row (with the audit entry), then its files. */
export async function deleteImage(
  db: Db,
  store: ImageStore,
  me: AuditActor,
  productId: number,
  imageId: number,
  now: Date,
  log: { warn: (obj: object, msg: string) => void },
): Promise<AdminProductImage[]> {
  const removed = await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [row] = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
      .returning();
    if (!row) throw AppError.notFound('image_not_found');
    await markEdited(tx, productId, now);
    await audit(
      tx,
      me,
      'product.image_deleted',
      { type: 'product', id: productId },
      { image: { id: row.id, original_url: row.originalUrl, is_3d: row.is3d } },
      now,
    );
    return row;
  });
  await removeImageFiles(store, productId, [removed], log);
  return listImages(db, productId);
}

/**
 * Removes the files of image rows already deleted (call it only after their transaction committed): only this
 * product's own files under products/<id>/, never the seed's shared pictures. A file that cannot be removed now is
 * only left over, never shown (no row names it): a warning in the log, no error.
 */
export async function removeImageFiles(
  store: ImageStore,
  productId: number,
  removed: ImageRow[],
  log: { warn: (obj: object, msg: string) => void },
) {
  const keys = [...new Set(removed.flatMap((r) => ownKeys(store, productId, r)))];
  const results = await Promise.allSettled(keys.map((k) => store.remove(k)));
  for (const [i, r] of results.entries())
    if (r.status === 'rejected')
      log.warn({ err: r.reason, productId, key: keys[i] }, 'an image file could not be removed');
}
