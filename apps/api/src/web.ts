import fastifyStatic from '@fastify/static';
import { apiMessage, idParam, type Locale } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { requestLocale } from './lib/locale.ts';
import { inlineScriptHashes } from './lib/security-headers.ts';
import { productShareMeta } from './modules/catalog/service.ts';
import { SHARE_IMAGE, shareImagePath } from './share-images.ts';
import { isPrivatePage, isShopPage, languageLinks, localeUrl, urlLocale } from './seo.ts';

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

/** JSON-LD in a page's head: a data block (never run, so the Content-Security-Policy has nothing to allow). */
const jsonLd = (data: object) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

type ShareMeta = NonNullable<Awaited<ReturnType<typeof productShareMeta>>>;

/** schema.org Product with its Offer (EGP, in stock or not) and the BreadcrumbList of its category path. */
function productJsonLd(
  meta: ShareMeta,
  ctx: { base: string; pageUrl: string; locale: Locale; image: string },
) {
  const lang = ctx.locale === 'en' ? '?lang=en' : '';
  const home = ctx.locale === 'en' ? 'Home' : 'الرئيسية';
  const trail = [
    { name: home, item: `${ctx.base}/${lang}` },
    ...meta.categories.map((c) => ({
      name: c.name,
      item: `${ctx.base}/products?category_id=${c.id}${ctx.locale === 'en' ? '&lang=en' : ''}`,
    })),
    { name: meta.title, item: ctx.pageUrl },
  ];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: meta.title,
      description: meta.description,
      ...(ctx.image ? { image: [ctx.image] } : {}),
      ...(meta.model ? { sku: meta.model, mpn: meta.model } : {}),
      ...(meta.brand ? { brand: { '@type': 'Brand', name: meta.brand } } : {}),
      offers: {
        '@type': 'Offer',
        url: ctx.pageUrl,
        priceCurrency: 'EGP',
        price: (meta.pricePiastres / 100).toFixed(2),
        availability: meta.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((t, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: t.name,
        item: t.item,
      })),
    },
  ];
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
    // The build's .br and .gz copies (scripts/precompress.mjs), sent to browsers that take them.
    preCompressed: true,
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
    const asked = urlLocale(req.url);
    const locale: Locale = asked ?? 'ar';
    const base = app.ctx.publicUrl;
    const head: string[] = [];
    let status = isShopPage(url) ? 200 : 404;
    let title: string | null = null;
    let description: string | null = null;
    const m = /^\/products\/(\d+)$/.exec(url);
    if (m) {
      // An id no product can have (past PostgreSQL's integer), or a product that is not (or no longer) on sale.
      const meta = idParam.safeParse(m[1]).success
        ? await productShareMeta(app.ctx.db, Number(m[1]), locale)
        : null;
      if (!meta) status = 404;
      else {
        const pageUrl = localeUrl(base, req.url, locale);
        // Link previews take JPEG (share-images.ts); the JSON-LD names the store's own picture.
        const image = meta.image ? new URL(meta.image, base).toString() : '';
        const share = meta.originalImage?.startsWith('/uploads/')
          ? `${base}${shareImagePath(Number(m[1]))}`
          : '';
        title = meta.title;
        description = meta.description;
        head.push(
          `<meta property="og:type" content="product">`,
          `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
          `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
          share
            ? `<meta property="og:image" content="${escapeHtml(share)}">` +
                `<meta property="og:image:type" content="image/jpeg">` +
                `<meta property="og:image:width" content="${SHARE_IMAGE.width}">` +
                `<meta property="og:image:height" content="${SHARE_IMAGE.height}">`
            : '',
          `<meta property="og:url" content="${escapeHtml(pageUrl)}">`,
          `<meta name="twitter:card" content="summary_large_image">`,
          jsonLd(productJsonLd(meta, { base, pageUrl, locale, image })),
        );
      }
    }
    if (status === 200) {
      head.push(languageLinks(base, req.url, locale));
      if (isPrivatePage(url)) head.push('<meta name="robots" content="noindex">');
    } else head.push('<meta name="robots" content="noindex">');
    let html = indexHtml;
    if (asked) {
      html = html.replace(
        /<html lang="[^"]*" dir="[^"]*">/,
        `<html lang="${asked}" dir="${asked === 'ar' ? 'rtl' : 'ltr'}">`,
      );
    }
    if (title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    // One description per page: the product's replaces the store's.
    if (description !== null) {
      html = html.replace(
        /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
        `<meta name="description" content="${escapeHtml(description)}">`,
      );
    }
    html = html.replace('</head>', `${head.join('')}</head>`);
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(html);
  });
}
