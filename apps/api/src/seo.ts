/**
 * What search engines and link previews read (issue 14): robots.txt, the sitemap (both languages, split past
 * 50,000 addresses), one address per page and language with its alternates, and which paths are pages at all.
 *
 * Languages in the address: Arabic, the store's default, has none; English adds `lang=en` (`/products/12?lang=en`).
 * A shopper who opens an English address gets English (and keeps it); one who chose English in the store keeps it
 * on plain addresses too. Search engines, which keep no choice, read each language at its own address.
 */
import { LIST_QUERY_PARAMS, type Locale } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sitemapPages, type SitemapPage } from './modules/catalog/index.ts';

// Which paths are the shop's pages, and which of them are private: the one page table the storefront's router is
// built from too.
export { isPrivatePage, isShopPage } from '@store/contracts/pages';

/** The product lists (all products, a category, a brand, a search; the offers; a promotion): list-params.ts. */
const LIST_PAGE = /^\/(products|special-offers|promotions\/[^/]+)$/;
/** A product's page reads the variant chosen (issue 49: `?variant=`, the address keeps the choice). */
const PRODUCT_PAGE = /^\/products\/\d+$/;
const PRODUCT_QUERY = ['variant'] as const;

/**
 * An address as its page reads it: the path, and of the query only the parameters the page reads, the first of
 * each, in one order. A product list reads its filters (LIST_QUERY_PARAMS); no other page reads any. `lang` is left
 * out too: the language is read from the address before (pageLocale) and kept beside it. The server renders this
 * address and keys its page cache on it, so `?a=1`, `?a=2`, … (or a campaign's `utm_source`) are one page, one
 * render. A page that comes to read a parameter must be named here.
 */
export function pageAddress(url: string): string {
  // The path as it came (a URL would read `//host/x` as another host's `/x`).
  const [path = '/', ...query] = url.split('?');
  const asked = new URLSearchParams(query.join('?'));
  const kept = new URLSearchParams();
  for (const name of LIST_PAGE.test(path)
    ? LIST_QUERY_PARAMS
    : PRODUCT_PAGE.test(path)
      ? PRODUCT_QUERY
      : []) {
    const value = asked.get(name);
    // A variant is a product number: anything else is no choice (no render, no cache entry of its own).
    if (value !== null && (name !== 'variant' || /^\d{1,9}$/.test(value))) kept.set(name, value);
  }
  const q = kept.toString();
  return `${path}${q ? `?${q}` : ''}`;
}

/** The language an address asks for (`lang=en` / `lang=ar`), or none. */
export function urlLocale(url: string): Locale | null {
  const lang = new URL(url, 'http://x').searchParams.get('lang');
  return lang === 'en' || lang === 'ar' ? lang : null;
}

/** The page's address in one language: the same path and query, `lang=en` for English, none for Arabic. */
export function localeUrl(base: string, url: string, locale: Locale): string {
  const u = new URL(url, 'http://x');
  u.searchParams.delete('lang');
  if (locale === 'en') u.searchParams.set('lang', 'en');
  const q = u.searchParams.toString();
  return `${base}${u.pathname}${q ? `?${q}` : ''}`;
}

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
const escapeAttr = escapeXml;

/** <link rel=canonical> and the hreflang alternates of a page, for its HTML head. */
export function languageLinks(base: string, url: string, locale: Locale): string {
  const ar = localeUrl(base, url, 'ar');
  const en = localeUrl(base, url, 'en');
  return [
    `<link rel="canonical" href="${escapeAttr(locale === 'en' ? en : ar)}">`,
    `<link rel="alternate" hreflang="ar" href="${escapeAttr(ar)}">`,
    `<link rel="alternate" hreflang="en" href="${escapeAttr(en)}">`,
    `<link rel="alternate" hreflang="x-default" href="${escapeAttr(ar)}">`,
  ].join('');
}

/** At most this many addresses in one sitemap file (the sitemaps.org limit). */
export const SITEMAP_MAX_URLS = 50_000;

function urlset(base: string, pages: SitemapPage[]): string {
  const entries = pages.flatMap((p) => {
    const ar = localeUrl(base, p.path, 'ar');
    const en = localeUrl(base, p.path, 'en');
    const alternates =
      `<xhtml:link rel="alternate" hreflang="ar" href="${escapeXml(ar)}"/>` +
      `<xhtml:link rel="alternate" hreflang="en" href="${escapeXml(en)}"/>`;
    const lastmod = p.lastmod ? `<lastmod>${p.lastmod}</lastmod>` : '';
    return [ar, en].map((loc) => `<url><loc>${escapeXml(loc)}</loc>${lastmod}${alternates}</url>`);
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    entries.join('\n') +
    '\n</urlset>\n'
  );
}

/** robots.txt and the sitemap: /sitemap.xml, or past 50,000 addresses an index of /sitemap-1.xml, -2, ... */
export async function registerSeo(app: FastifyInstance, opts: { maxUrls?: number } = {}) {
  const max = opts.maxUrls ?? SITEMAP_MAX_URLS;
  // Each page is listed in both languages: a file holds half as many pages as addresses.
  const perFile = Math.max(1, Math.floor(max / 2));
  const base = () => app.ctx.publicUrl;

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Disallow: /admin',
          'Disallow: /v1/',
          'Disallow: /dev/',
          'Disallow: /cart',
          'Disallow: /checkout',
          'Disallow: /my-account',
          'Disallow: /address',
          'Disallow: /auth/',
          'Disallow: /complete-payment',
          'Allow: /',
          '',
          `Sitemap: ${base()}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  const xml = (reply: import('fastify').FastifyReply, body: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const pages = await sitemapPages(app.ctx.db, app.ctx.clock.now());
    if (pages.length <= perFile) return xml(reply, urlset(base(), pages));
    const files = Math.ceil(pages.length / perFile);
    const list = Array.from(
      { length: files },
      (_, i) => `<sitemap><loc>${escapeXml(`${base()}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
    );
    return xml(
      reply,
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        list.join('\n') +
        '\n</sitemapindex>\n',
    );
  });

  app.get('/sitemap-:file', { schema: { hide: true } }, async (req, reply) => {
    const m = /^(\d{1,6})\.xml$/.exec((req.params as { file: string }).file);
    const n = m ? Number(m[1]) : 0;
    const pages = await sitemapPages(app.ctx.db, app.ctx.clock.now());
    const part = Number.isInteger(n) && n >= 1 ? pages.slice((n - 1) * perFile, n * perFile) : [];
    if (!part.length || pages.length <= perFile)
      return reply.status(404).type('text/plain').send('Not found');
    return xml(reply, urlset(base(), part));
  });
}
