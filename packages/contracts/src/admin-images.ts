/**
 * A product's images in the back office (issue 17, images): what an upload may be, the versions made of a photo,
 * and the calls' shapes. The admin app checks a file with the same limits before sending it; the API is the
 * authority (it reads the file's content, never trusts its name or type).
 *
 *   POST   /v1/admin/products/{id}/images             multipart, field `file`, up to IMAGES_PER_UPLOAD files
 *   PUT    /v1/admin/products/{id}/images             { ids }: the new order, the first is the main image
 *   DELETE /v1/admin/products/{id}/images/{imageId}
 *
 * Choices where the spec says nothing:
 * - A photo is JPEG, PNG, WebP or AVIF (by content), IMAGE_MIN_SIDE to IMAGE_MAX_SIDE pixels on each side and at
 *   most IMAGE_MAX_PIXELS in all, at most IMAGE_MAX_BYTES, and decoded whole (a file cut short is refused). It is kept as uploaded (the original) and made into WebP versions IMAGE_VERSION_WIDTHS wide
 *   (never enlarged, turned upright by its EXIF orientation).
 * - A 3D model is a binary glTF 2.0 file (.glb), at most MODEL_MAX_BYTES, one per product; its thumbnail and medium
 *   URLs are the model itself (the store shows it without a poster).
 * - All files of one upload are checked before any is kept: one bad file refuses the whole upload.
 * - New images go after the product's images; every answer lists all of the product's images in order.
 */
import { z } from 'zod';
import { adminProductImageSchema } from './admin-catalog.ts';
import { idParam } from './catalog.ts';

const MB = 1024 * 1024;
/** The photo formats accepted, as sharp names them (AVIF is sharp's `heif` with the `av1` compression). */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
/** The file input's `accept`: photos and 3D models (a hint for the picker; the content decides). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,.glb,model/gltf-binary';
/** A photo's smallest and largest side, in pixels. */
export const IMAGE_MIN_SIDE = 300;
export const IMAGE_MAX_SIDE = 8000;
/**
 * The most pixels any uploaded picture may have (photos, icons, the home page's pictures): 40 megapixels, such as
 * 8000×5000. A picture is decoded whole to be checked, so this caps the memory one upload takes (issue 42).
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** The largest photo file, in bytes (5 MB). */
export const IMAGE_MAX_BYTES = 5 * MB;
/** The largest 3D model file, in bytes (20 MB). */
export const MODEL_MAX_BYTES = 20 * MB;
/** Files one upload may carry. */
export const IMAGES_PER_UPLOAD = 10;
/** The WebP versions made of each photo, and their width in pixels (a narrower photo keeps its width). */
export const IMAGE_VERSION_WIDTHS = { thumbnail: 320, medium: 800, large: 1600 } as const;
/** A product's images a reorder may list. */
export const IMAGES_MAX = 100;

/** Megabytes for messages: 5, 20. */
export const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** True when the bytes start a binary glTF 2.0 file: 'glTF', version 2, and the length the header says. */
export function isGlb(bytes: Uint8Array): boolean {
  if (bytes.length < 20) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getUint32(0, true) === 0x46546c67; // 'glTF'
  return magic && view.getUint32(4, true) === 2 && view.getUint32(8, true) === bytes.length;
}

/**
 * POST /v1/admin/products/{id}/images, for the API reference: multipart with the files under `file` (the API reads
 * them from the form itself, with their names; any other field is ignored).
 */
export const adminProductImagesUploadSchema = z.object({
  file: z
    .any()
    .optional()
    .meta({
      description: `Photos and at most one .glb model, up to ${IMAGES_PER_UPLOAD} files, each a part named file`,
      type: 'array',
      items: { type: 'string', format: 'binary' },
    }),
});

/** PUT /v1/admin/products/{id}/images: every image id of the product, once each, in the new order. */
export const adminProductImagesOrderSchema = z.object({
  ids: z
    .array(idParam, { error: 'required' })
    .min(1, { message: 'required' })
    .max(IMAGES_MAX, { message: `too_many:${IMAGES_MAX}` }),
});
export type AdminProductImagesOrder = z.infer<typeof adminProductImagesOrderSchema>;

/** Every answer of the three calls: all of the product's images, the main one first. */
export const adminProductImagesResponseSchema = z.object({ images: z.array(adminProductImageSchema) });
export type AdminProductImagesResponse = z.infer<typeof adminProductImagesResponseSchema>;
