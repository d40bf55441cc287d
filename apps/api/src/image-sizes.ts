/**
 * Pictures in the sizes the layout needs (issue 14, decision 021): GET /img/{width}.webp/{path under /uploads} is
 * the upload at that width (never wider than it is) in WebP, made with sharp the first time it is asked for and
 * kept on disk (uploads/.sizes). The storefront names them in `srcset` for photos (JPEG, PNG, WebP); drawings (SVG)
 * are sent as they are, at any size.
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { DerivedImages } from './lib/derived-images.ts';

/** The widths the storefront asks for (apps/web/src/ui/store-image.tsx names the same). */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const;

const PHOTO = /\.(jpe?g|png|webp)$/i;

export async function registerImageSizes(app: FastifyInstance, uploadsDir: string) {
  const derived = new DerivedImages(uploadsDir, '.sizes');
  app.get('/img/:size/*', { schema: { hide: true } }, async (req, reply) => {
    const { size, '*': rest } = req.params as { size: string; '*': string };
    const notFound = () => reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    const m = /^(\d{2,4})\.webp$/.exec(size);
    const width = m ? Number(m[1]) : NaN;
    if (!(IMAGE_WIDTHS as readonly number[]).includes(width) || !PHOTO.test(rest)) return notFound();
    const url = `/uploads/${rest}`;
    const source = derived.source(url);
    if (!source) return notFound();
    let webp: Buffer;
    try {
      webp = await derived.get(`${url} ${width}`, 'webp', () =>
        sharp(source).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
      );
    } catch {
      // No such file, or not a picture sharp can read.
      return notFound();
    }
    return reply.type('image/webp').header('cache-control', 'public, max-age=604800').send(webp);
  });
}
