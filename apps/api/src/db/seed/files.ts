/**
 * Where the demo catalog's pictures live: files under `demo/` in the image store (`<uploadsDir>/demo/`, or the
 * bucket), served by the API at `/uploads/demo/`. Everything is generated here (no internet), deterministically,
 * so any instance can regenerate the same files.
 */
import { contentTypeOf, type ImageStore } from '../../adapters/image-store.ts';
import { BRAND_BY_KEY } from './brands.ts';
import { productSvg, type Shape } from './svg.ts';

/** Bump when the generated files change, so existing installs write the new ones. */
export const DEMO_FILES_VERSION = 2;
export const DEMO_URL = '/uploads/demo';

/** A picture in three sizes (spec §3: original, versions.thumbnail, versions.medium). */
export interface ImageUrls {
  original: string;
  thumbnail: string;
  medium: string;
}

export const PRODUCT_SIZES = { thumbnail: 200, medium: 600, original: 1200 } as const;

/** Four views of a kind of product per brand: three angles and one in another finish. */
export const PRODUCT_VIEWS = 4;
const ALT_FINISH = '#475569';

const productBase = (shape: Shape, brand: string, view: number) => `products/${shape}-${brand}-${view}`;

export function productImageUrls(shape: Shape, brand: string, view: number): ImageUrls {
  const base = `${DEMO_URL}/${productBase(shape, brand, view)}`;
  return { original: `${base}.svg`, thumbnail: `${base}-thumb.svg`, medium: `${base}-medium.svg` };
}

/** The relative paths and contents of a product view's three files. */
export function productImageFiles(shape: Shape, brand: string, view: number): [string, string][] {
  const b = BRAND_BY_KEY.get(brand);
  if (!b) throw new Error(`unknown brand ${brand}`);
  const tint = view === 3 ? ALT_FINISH : b.color;
  const base = productBase(shape, brand, view);
  return [
    [`${base}.svg`, productSvg(shape, b.en, tint, view, PRODUCT_SIZES.original)],
    [`${base}-thumb.svg`, productSvg(shape, b.en, tint, view, PRODUCT_SIZES.thumbnail)],
    [`${base}-medium.svg`, productSvg(shape, b.en, tint, view, PRODUCT_SIZES.medium)],
  ];
}

/** The marker written once every file is in place (a hidden key: never served, never backed up from a bucket). */
const MARKER = `demo/.complete-v${DEMO_FILES_VERSION}`;

export const demoFilesPresent = (store: ImageStore) => store.has(MARKER);

/**
 * Writes the files (relative to `demo/`) through the image store, which never shows half a file (the disk store
 * writes beside and renames; a bucket's object appears whole), so a reader or a second instance writing the same
 * file is safe; then the marker.
 */
export async function writeDemoFiles(store: ImageStore, files: Map<string, string>): Promise<void> {
  const list = [...files];
  const CHUNK = 32;
  for (let i = 0; i < list.length; i += CHUNK) {
    await Promise.all(
      list
        .slice(i, i + CHUNK)
        .map(([rel, content]) => store.put(`demo/${rel}`, Buffer.from(content), contentTypeOf(rel))),
    );
  }
  await store.put(MARKER, Buffer.from(`${files.size} files\n`), 'text/plain');
}
