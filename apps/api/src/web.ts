import fastifyStatic from '@fastify/static';
import { apiMessage, idParam, type Locale } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { requestLocale } from './lib/locale.ts';
import { inlineScriptHashes } from './lib/security-headers.ts';
import { productShareMeta } from './modules/catalog/service.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The hash sources of the built pages' inline scripts (index.html sets the language before the first paint): the
 * Content-Security-Policy allows exactly these (lib/security-headers.ts), so a rebuilt page needs no edit here.
 */
export function webScriptHashes(distDir: string): string[] {
  return ['index.html', 'admin.html'].flatMap((name) => {
    const file = path.join(distDir, name);
    return existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
  });
}

/** Serves the built storefront: files as they are, every other page path gets index.html (SPA). */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const root = path.resolve(distDir);
  const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');
  // The back office (/admin, /admin/*) is a page of its own with its own bundle (apps/web/admin.html).
  const adminFile = path.join(root, 'admin.html');
  const adminHtml = existsSync(adminFile) ? readFileSync(adminFile, 'utf8') : null;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (/^\/(v1|uploads|dev|health)(\/|$)/.test(url) || /\.[a-z0-9]{2,5}$/i.test(url)) {
      return reply.status(404).send({ errors: [apiMessage('route_not_found', requestLocale(req))] });
    }
    if (/^\/admin(\/|$)/.test(url) && adminHtml) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex, nofollow')
        .send(adminHtml);
    }
    let html = indexHtml;
    const m = /^\/products\/(\d+)$/.exec(url);
    // An id no product can have (past PostgreSQL's integer) gets the page without share tags: the app says 404.
    if (m && idParam.safeParse(m[1]).success) {
      const locale: Locale = /[?&]lang=en\b/.test(req.url) ? 'en' : 'ar';
      const meta = await productShareMeta(app.ctx.db, Number(m[1]), locale);
      if (meta) {
        const base = app.ctx.publicUrl;
        const image = meta.image ? new URL(meta.image, base).toString() : '';
        const tags = [
          `<title>${escapeHtml(meta.title)}</title>`,
          `<meta name="description" content="${escapeHtml(meta.description)}">`,
          `<meta property="og:type" content="product">`,
          `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
          `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
          image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
          `<meta property="og:url" content="${escapeHtml(base + url)}">`,
          `<meta name="twitter:card" content="summary_large_image">`,
        ].join('');
        html = html.replace(/<title>[^<]*<\/title>/, '').replace('</head>', `${tags}</head>`);
      }
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
