/**
 * Share pictures for link previews (issue 14): WhatsApp and Facebook show JPEG or PNG, never the SVG the demo
 * catalog draws. GET /share/products/{id}.jpg is the product's first picture on white, 1200×630 (the size link
 * previews use), made with sharp the first time it is asked for and kept in the image store (`.share/`); a changed
 * picture (another address) makes a new file.
 */
import { idParam } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { ImageStore } from './adapters/image-store.ts';
import { DerivedImages } from './lib/derived-images.ts';
import { loadSharp, pictureQueue, SHOP_PICTURE_MAX_PIXELS } from './lib/pictures.ts';
import { productShareMeta } from './modules/catalog/index.ts';

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** The address of a product's share picture (what og:image names). */
export const shareImagePath = (productId: number) => `/share/products/${productId}.jpg`;

export async function registerShareImages(app: FastifyInstance, store: ImageStore) {
  const derived = new DerivedImages(store, '.share');

  // In the instance's picture queue, within the shop's pixel limit (lib/pictures.ts).
  const render = (source: Buffer): Promise<Buffer> =>
    pictureQueue.run(async () => {
      const sharp = await loadSharp();
      const picture = await sharp(source, { density: 150, limitInputPixels: SHOP_PICTURE_MAX_PIXELS })
        .resize(SHARE_IMAGE.height - 60, SHARE_IMAGE.height - 60, { fit: 'inside', background: '#ffffff' })
        .flatten({ background: '#ffffff' })
        .toBuffer();
      return sharp({ create: { ...SHARE_IMAGE, channels: 3, background: '#ffffff' } })
        .composite([{ input: picture, gravity: 'center' }])
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    });

  app.get('/share/products/:file', { schema: { hide: true } }, async (req, reply) => {
    const m = /^(\d{1,10})\.jpg$/.exec((req.params as { file: string }).file);
    const notFound = () => reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    if (!m || !idParam.safeParse(m[1]).success) return notFound();
    const meta = await productShareMeta(app.ctx.db, Number(m[1]), 'ar');
    const url = meta?.originalImage;
    // Only pictures under /uploads, and only uploads (no hidden folder).
    const source = url ? derived.source(url) : null;
    if (!url || !source) return notFound();
    let jpeg: Buffer;
    try {
      jpeg = await derived.get(url, 'jpg', async () => render(await derived.read(source)));
    } catch {
      return notFound();
    }
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').send(jpeg);
  });
}
