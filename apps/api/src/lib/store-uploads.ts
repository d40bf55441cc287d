import type { FastifyInstance } from 'fastify';
import { uploadCacheControl, type ImageStore } from '../adapters/image-store.ts';
import { pathOf } from './probes.ts';
import { headersHook, UPLOADS_HEADERS } from './security-headers.ts';

/**
 * /uploads/{key} from an image store that is not the app's folder (IMAGE_STORE=s3, decision 031): the file read from
 * the bucket and sent with the headers the folder's files get (the uploads' own sandboxed policy, a year for a
 * product picture, a week for the rest), or, when the store has a public address (S3_PUBLIC_URL, a CDN), a redirect
 * there. A hidden folder (`.sizes/`), `..` or a missing file answer the ordinary 404, as the folder does.
 */
export async function registerStoreUploads(app: FastifyInstance, store: ImageStore) {
  await app.register(async (uploads) => {
    // Uploaded files are data, never a page: a policy of their own (lib/security-headers.ts).
    uploads.addHook('onRequest', headersHook(UPLOADS_HEADERS));
    uploads.get('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
      const key = store.keyOf(pathOf(req.raw.url));
      if (!key) return reply.callNotFound();
      const elsewhere = store.publicUrl(key);
      // The CDN's address for this key never changes what it holds for long: browsers may remember the way there.
      if (elsewhere) return reply.header('cache-control', 'public, max-age=3600').redirect(elsewhere, 302);
      const file = await store.get(key);
      if (!file) return reply.callNotFound();
      return reply
        .type(file.contentType)
        .header('cache-control', uploadCacheControl(key))
        .header('last-modified', file.modifiedAt.toUTCString())
        .send(file.data);
    });
  });
}
