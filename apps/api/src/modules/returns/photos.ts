/**
 * A return's photos (at most RETURN_PHOTOS_MAX): checked by content as the back office's product photos are
 * (catalog-admin/images-service.ts): JPEG, PNG, WebP or AVIF by what sharp reads of the header, never by the name or
 * the type the browser claimed; at most IMAGE_MAX_BYTES each; not more pixels than any upload may have. Kept as sent
 * in the ImageStore under returns/<order>/<random>.<ext>: a name nobody can guess, served at /uploads like every
 * upload.
 */
import { apiMessage, IMAGE_MAX_BYTES, megabytes, type Locale } from '@store/contracts';
import { RETURN_PHOTOS_MAX } from '@store/contracts/returns';
import { randomBytes } from 'node:crypto';
import type { ImageStore } from '../../adapters/image-store.ts';
import { AppError } from '../../lib/errors.ts';
import { MAX_MEGAPIXELS, readHeader, tooManyPixels } from '../../lib/pictures.ts';
import type { UploadedFile } from '../../lib/uploaded-files.ts';

export interface CheckedPhoto {
  data: Buffer;
  ext: string;
  type: string;
}

const FORMATS: Record<string, { ext: string; type: string }> = {
  jpeg: { ext: 'jpg', type: 'image/jpeg' },
  png: { ext: 'png', type: 'image/png' },
  webp: { ext: 'webp', type: 'image/webp' },
};

/** The file's name for a message: no control characters, not endless. */
function displayName(filename: string, index: number) {
  // eslint-disable-next-line no-control-regex
  const clean = filename.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (!clean) return `#${index + 1}`;
  return clean.length > 80 ? `${clean.slice(0, 77)}…` : clean;
}

/** Every photo checked; 422 `{ photo: [...] }` naming each bad one, in the shopper's language. */
export async function checkPhotos(files: UploadedFile[], locale: Locale): Promise<CheckedPhoto[]> {
  if (files.length > RETURN_PHOTOS_MAX)
    throw AppError.field('photo', `return_photos_too_many:${RETURN_PHOTOS_MAX}`);
  const problems: string[] = [];
  const checked: CheckedPhoto[] = [];
  for (const [i, f] of files.entries()) {
    const name = displayName(f.filename, i);
    if (f.data.length > IMAGE_MAX_BYTES) {
      problems.push(apiMessage('file_too_large', locale, { name, max: megabytes(IMAGE_MAX_BYTES) }));
      continue;
    }
    const meta = await readHeader(f.data);
    const format =
      meta?.format === 'heif' && meta.compression === 'av1'
        ? { ext: 'avif', type: 'image/avif' }
        : FORMATS[meta?.format ?? ''];
    if (!meta || !format) {
      problems.push(
        apiMessage('return_photo_not_allowed', locale, { name, max: megabytes(IMAGE_MAX_BYTES) }),
      );
      continue;
    }
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (tooManyPixels(width, height)) {
      problems.push(
        apiMessage('image_too_many_pixels', locale, { name, width, height, max: MAX_MEGAPIXELS }),
      );
      continue;
    }
    checked.push({ data: f.data, ...format });
  }
  if (problems.length) throw new AppError(422, 'invalid', { photo: problems });
  return checked;
}

/** Writes the photos; their keys. A failure removes what was written and throws. */
export async function storePhotos(store: ImageStore, orderId: number, photos: CheckedPhoto[]) {
  const keys: string[] = [];
  try {
    for (const p of photos) {
      const key = `returns/${orderId}/${randomBytes(16).toString('hex')}.${p.ext}`;
      await store.put(key, p.data, p.type);
      keys.push(key);
    }
  } catch (err) {
    await removePhotos(store, keys);
    throw err;
  }
  return keys;
}

export async function removePhotos(store: ImageStore, keys: string[]) {
  await Promise.all(keys.map((k) => store.remove(k).catch(() => undefined)));
}
