/**
 * Decoding pictures with sharp, bounded (issue 42). A picture small in bytes can be huge in pixels (a 7,999 × 7,999
 * PNG of one colour is 186 KB and 256 MB once decoded), so:
 * - its header is read first (`readHeader`, no pixels), and one with more than IMAGE_MAX_PIXELS is refused before
 *   any decoding; every decode also passes sharp that limit (`limitInputPixels`);
 * - an upload is decoded once (`decodeWhole` to check a file kept as sent, `decodeForVersions` for a product
 *   photo's versions), whole, so a file cut short is refused (sharp's `failOn: 'warning'`);
 * - decodes take turns in a small queue, PICTURE_WORKERS at a time per instance (uploads and the pictures made for
 *   the shop, image-sizes.ts and share-images.ts), and libvips uses one thread per picture: pictures never take
 *   both cores of a small machine from the shop's requests.
 */
import { IMAGE_MAX_PIXELS } from '@store/contracts';
import type Sharp from 'sharp';
import type { Metadata, OutputInfo } from 'sharp';

let sharpLoaded: Promise<typeof Sharp> | undefined;
/**
 * sharp (libvips), loaded with the first picture rather than at every start-up (about 0.3 s), with libvips's threads
 * per picture at one (its default is one per core): pictures run side by side instead, in turns.
 */
export const loadSharp = () =>
  (sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  }));

/** Pictures decoded at once per instance. */
export const PICTURE_WORKERS = 2;

/** Runs work `concurrency` at a time, the rest waiting in order. */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly concurrency: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else await new Promise<void>((start) => this.waiting.push(start));
    try {
      return await work();
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** The instance's picture queue. */
export const pictureQueue = new WorkQueue(PICTURE_WORKERS);

/** Counts for tests and the log: whole decodes of uploads since the start. */
export const pictureCounts = { decodes: 0 };

/** sharp's input options for an upload: at most IMAGE_MAX_PIXELS, and any warning (a file cut short) fails. */
const UPLOAD_INPUT = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning' } as const;

/** The header of a picture (format, sides), no pixels decoded; null when sharp does not know the file. */
export async function readHeader(data: Buffer): Promise<Metadata | null> {
  const sharp = await loadSharp();
  try {
    // No pixel limit here: the caller says how big the picture is (a clearer message than sharp's error).
    return await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
}

/**
 * The most pixels a picture the shop is drawn from may have (image-sizes.ts, share-images.ts): photos uploaded before
 * the IMAGE_MAX_PIXELS cap were up to 8000 × 8000, and they are still shown.
 */
export const SHOP_PICTURE_MAX_PIXELS = 8000 * 8000;

/** Whether a picture's sides, as its header gives them, are more pixels than any upload may have. */
export const tooManyPixels = (width: number, height: number) => width * height > IMAGE_MAX_PIXELS;

/** Megapixels for messages: 40. */
export const MAX_MEGAPIXELS = Math.round(IMAGE_MAX_PIXELS / 1_000_000);

/**
 * Decodes every pixel of a picture kept as sent (an icon, a home page picture), in the queue: true when it reads
 * to its end, false when it is cut short or damaged.
 */
export async function decodeWhole(data: Buffer): Promise<boolean> {
  const sharp = await loadSharp();
  return pictureQueue.run(async () => {
    pictureCounts.decodes++;
    try {
      await sharp(data, UPLOAD_INPUT).stats();
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * A product photo's WebP versions from one decode, in the queue: the photo is decoded once, turned upright and
 * brought down to the widest version; the others are made from that. Null when it is cut short or damaged.
 */
export async function decodeForVersions<W extends Record<string, number>>(
  data: Buffer,
  widths: W,
  quality = 80,
): Promise<Record<keyof W, Buffer> | null> {
  const sharp = await loadSharp();
  return pictureQueue.run(async () => {
    pictureCounts.decodes++;
    let base: { data: Buffer; info: OutputInfo };
    try {
      base = await sharp(data, UPLOAD_INPUT)
        .rotate()
        .resize({ width: Math.max(...Object.values(widths)), withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      return null;
    }
    const { width, height } = base.info;
    const raw = { raw: { width, height, channels: base.info.channels as 1 | 2 | 3 | 4 } };
    const entries = await Promise.all(
      Object.entries(widths).map(async ([name, w]) => {
        const version = await sharp(base.data, raw)
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality })
          .toBuffer();
        return [name, version] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<keyof W, Buffer>;
  });
}
