/**
 * Share pictures for link previews (issue 14): WhatsApp and Facebook show JPEG or PNG, never the SVG the demo
 * catalog draws. GET /share/products/{id}.jpg is the product's first picture on white, 1200×630 (the size link
 * previews use), made with sharp the first time it is asked for and kept on disk next to the uploads; a changed
 * picture (another address) makes a new file.
 */
import { idParam } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { productShareMeta } from './modules/catalog/service.ts';

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

/** The address of a product's share picture (what og:image names). */
export const shareImagePath = (productId: number) => `/share/products/${productId}.jpg`;

export async function registerShareImages(app: FastifyInstance, uploadsDir: string) {
  const root = path.resolve(uploadsDir);
  const cacheDir = path.join(root, '.share');
  // One rendering at a time per picture, however many previews ask at once.
  const inflight = new Map<string, Promise<Buffer>>();

  async function render(source: string, file: string): Promise<Buffer> {
    try {
      return await readFile(file);
    } catch {
      // not made yet
    }
    const picture = await sharp(source, { density: 150 })
      .resize(SHARE_IMAGE.height - 60, SHARE_IMAGE.height - 60, { fit: 'inside', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .toBuffer();
    const jpeg = await sharp({
      create: { ...SHARE_IMAGE, channels: 3, background: '#ffffff' },
    })
      .composite([{ input: picture, gravity: 'center' }])
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    await mkdir(cacheDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, jpeg);
    await rename(tmp, file);
    return jpeg;
  }

  app.get('/share/products/:file', { schema: { hide: true } }, async (req, reply) => {
    const m = /^(\d{1,10})\.jpg$/.exec((req.params as { file: string }).file);
    const notFound = () => reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    if (!m || !idParam.safeParse(m[1]).success) return notFound();
    const meta = await productShareMeta(app.ctx.db, Number(m[1]), 'ar');
    const url = meta?.originalImage;
    // Only pictures under /uploads, and only inside the uploads folder.
    if (!url?.startsWith('/uploads/')) return notFound();
    const source = path.resolve(root, decodeURIComponent(url.slice('/uploads/'.length)));
    if (!source.startsWith(root + path.sep)) return notFound();
    const key = createHash('sha256').update(url).digest('hex').slice(0, 32);
    const file = path.join(cacheDir, `${key}.jpg`);
    let job = inflight.get(key);
    if (!job) {
      job = render(source, file).finally(() => inflight.delete(key));
      inflight.set(key, job);
    }
    let jpeg: Buffer;
    try {
      jpeg = await job;
    } catch {
      return notFound();
    }
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').send(jpeg);
  });
}
