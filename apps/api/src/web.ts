import fastifyStatic from '@fastify/static';
import { apiMessage, type Locale } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompress, brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { InProcessReads } from './lib/in-process-reads.ts';
import { pageChunks, readBuildManifest } from './lib/page-chunks.ts';
import { requestLocale } from './lib/locale.ts';
import { inlineScriptHashes } from './lib/security-headers.ts';
import { catalogVersion } from './modules/catalog/index.ts';
import { escapeHtml, pageHead, type PageHead } from './pages/index.ts';
import { isPrivatePage, languageLinks, pageAddress, urlLocale } from './seo.ts';

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

/**
 * `html` with the first `target` replaced by `text` exactly as it is. A replacement string would read `$&`, `$'`,
 * `` $` `` and `$$` in it as patterns: catalog text holding them broke the page's data block, or multiplied the
 * page (25 `` $` `` in a title made it 301 MB). So a page is only ever assembled with a replacer function.
 */
const put = (html: string, target: string | RegExp, text: string) => html.replace(target, () => text);

/** Where a page's own preloads go: right after the template's first tags (the encoding and the viewport). */
const FIRST_IN_HEAD = /<meta\s+name="viewport"[^>]*>/;

/**
 * The chunks of a rendered page's own code and texts, which index.html's inline script asks for once the page is
 * drawn (before, they waited for the app's scripts to arrive and run: one more round trip on mobile data). A data
 * block, never run, escaped as the page's data is.
 */
const pageModules = (files: string[]) =>
  files.length
    ? `<script id="page-modules" type="application/json">${JSON.stringify(files).replace(/</g, '\\u003c')}</script>`
    : '';

/** The server renderer built from apps/web/src/entry-server.tsx (dist-server, next to dist). */
interface ServerRenderer {
  /** The browser build's modules the page at `url` needs first, by source file; null if its code fails to load. */
  pageModules?(url: string, locale: Locale): Promise<string[] | null>;
  render(url: string, locale: Locale, read: InProcessReads['get']): Promise<Rendered | null>;
}

/** A page rendered on the server. */
interface Rendered {
  html: string;
  head: string;
  data: string;
  title?: string;
  description?: string;
  /** The browser build's modules the page asks for once drawn, by source file (entry-server.tsx). */
  modules?: string[];
}

/** The language a page is rendered in: the address's (`lang=`), else the shopper's choice (cookie), else Arabic. */
function pageLocale(url: string, cookie: string | undefined): { locale: Locale; asked: Locale | null } {
  const asked = urlLocale(url);
  const chosen = /(?:^|;\s*)store-locale=(ar|en)(?:;|$)/.exec(cookie ?? '')?.[1] as Locale | undefined;
  return { locale: asked ?? chosen ?? 'ar', asked };
}

/** Server renders at once per instance (each takes a core for 20-50 ms; 4 keep a 2-core machine answering). */
const MAX_RENDERS = 4;

/** How long a catalog version read is trusted by the page cache: a change shows on cached pages within this. */
const VERSION_READ_MS = 250;

/**
 * Rendered pages for guests, kept per language and catalog version (decision 009): a popular page is rendered
 * once, and any change to the catalog makes a new version, so no page outlives it. Stock is not in the version, so
 * an entry also lives at most `ttlMs` (the API's own cache's bound on how old a stock figure may be).
 */
export class PageCache {
  private entries = new Map<string, PageEntry>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}
  get enabled() {
    return this.ttlMs > 0;
  }
  get(key: string, now = Date.now()) {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (now - e.stored >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }
  set(key: string, status: number, html: string, now = Date.now()) {
    if (!this.enabled) return;
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { stored: now, status, html, encoded: {} });
  }
}

interface PageEntry {
  stored: number;
  status: number;
  html: string;
  /** The page compressed, once per encoding a browser asked for (compressing costs more than the rest of a hit). */
  encoded: { br?: Buffer; gzip?: Buffer };
  /** Its Brotli copy has been compressed again at the better quality (below). */
  brRecompressed?: boolean;
}

const brotliAt = (quality: number) => ({
  params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
});

/** A page being compressed again at a better quality: one at a time, so they never fill libuv's threads. */
let recompressing = false;

/**
 * The entry's body in the best encoding the request takes. Brotli at quality 6 the first time a kept page is asked
 * for (2 ms for the home page), and meanwhile, off the event loop, at quality 10 (40 ms), which later hits get:
 * 11-12% smaller (home 21.8 → 19.3 KB, a product page 15.0 → 13.4 KB). Quality 11 takes three times longer for 1%
 * less. A kept page lives `CATALOG_CACHE_SECONDS` (its data carries the time it was read, so each render differs),
 * so only a page asked for again within that gets the smaller copy: a popular one. A page kept while another is
 * being compressed is compressed again on a later hit.
 */
export function encodedPage(entry: PageEntry, acceptEncoding: string | undefined) {
  const accepts = (name: string) =>
    new RegExp(`(^|[\\s,])${name}(?![\\w-])(?!;q=0(\\.0*)?(,|$))`).test(acceptEncoding ?? '');
  if (accepts('br')) {
    entry.encoded.br ??= brotliCompressSync(entry.html, brotliAt(6));
    if (!entry.brRecompressed && !recompressing) {
      recompressing = true;
      brotliCompress(entry.html, brotliAt(10), (err, best) => {
        recompressing = false;
        if (err) return;
        // Quality 10 is smaller on every page of the shop; on a page that is one phrase many times, 6 can be.
        if (best.length < entry.encoded.br!.length) entry.encoded.br = best;
        entry.brRecompressed = true;
      });
    }
    return { encoding: 'br', body: entry.encoded.br };
  }
  if (accepts('gzip')) {
    entry.encoded.gzip ??= gzipSync(entry.html);
    return { encoding: 'gzip', body: entry.encoded.gzip };
  }
  return { encoding: null, body: entry.html };
}

/**
 * index.html filled with a page: its language, title and description, its head (the page's own, the renderer's
 * preloads, the language links) and, when the server rendered it, its HTML, its data and its modules.
 */
function fillTemplate(
  template: string,
  page: {
    locale: Locale;
    asked: Locale | null;
    own: PageHead;
    rendered: Rendered | null;
    head: string[];
    chunksOf(modules: string[]): string[];
  },
): string {
  const { locale, asked, own, rendered, head, chunksOf } = page;
  let html = template;
  if (rendered || asked) {
    html = put(
      html,
      /<html lang="[^"]*" dir="[^"]*">/,
      `<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"${rendered ? ' data-ssr' : ''}>`,
    );
  }
  const title = own.title ?? rendered?.title ?? null;
  const description = own.description ?? rendered?.description ?? null;
  if (title) html = put(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  // One description per page: the page's replaces the store's.
  if (description !== null) {
    html = put(
      html,
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(description)}">`,
    );
  }
  // A rendered page is drawn once it is parsed whole (expect + blocking=render), not frame by frame as it is
  // parsed: each of those frames laid out the page again, 30-40 ms each unthrottled, five of them on the home
  // page, more than all of its scripts cost at first.
  if (rendered) head.push('<link rel="expect" href="#ssr-data" blocking="render">');
  // The page's largest picture (what the page asked to preload) is asked for first, before the scripts, the
  // stylesheet and the faces: over HTTP/1.1 a browser opens six connections to a host and the others wait, so
  // last in the head it waited for one of them to finish. On a slow line (Lighthouse's applied slow 4G) the home
  // page's banner was drawn 0.5 s after the text; first, with the text (decision 021). A template without the
  // viewport tag gets them at the end of its head, as before.
  const preloads = rendered?.head ?? '';
  const placed = preloads ? html.replace(FIRST_IN_HEAD, (meta) => `${meta}${preloads}`) : html;
  html = put(placed, '</head>', `${placed === html ? preloads : ''}${head.join('')}</head>`);
  if (rendered) {
    // The data block is JSON, never run: `<` is escaped so nothing in it can close the element.
    html = put(
      html,
      '<div id="root"></div>',
      `<div id="root">${rendered.html}</div>` +
        `<script id="ssr-data" type="application/json">${rendered.data.replace(/</g, '\\u003c')}</script>` +
        pageModules(chunksOf(rendered.modules ?? [])),
    );
  }
  return html;
}

/**
 * Serves the built storefront: files as they are; the shop's public pages rendered on the server (decision 021)
 * when the server renderer is built, the others (account, cart, checkout) as index.html for the browser to render.
 */
export async function registerWeb(
  app: FastifyInstance,
  distDir: string,
  opts: { reads?: InProcessReads; pageCacheMs?: number } = {},
) {
  const root = path.resolve(distDir);
  const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');
  // The back office (/admin, /admin/*) is a page of its own with its own bundle (apps/web/admin.html).
  const adminFile = path.join(root, 'admin.html');
  const adminHtml = existsSync(adminFile) ? readFileSync(adminFile, 'utf8') : null;
  const rendererFile = path.join(root, '..', 'dist-server', 'entry-server.js');
  const renderer =
    opts.reads && existsSync(rendererFile)
      ? ((await import(pathToFileURL(rendererFile).href)) as ServerRenderer)
      : null;
  const reads = opts.reads;
  // The chunks a rendered page's own code needs, from the build's manifest (none without one).
  const manifest = readBuildManifest(root);
  const chunksOf = manifest ? pageChunks(manifest) : () => [];
  const pageCache = new PageCache(opts.pageCacheMs ?? 0);
  // The catalog version, read at most every VERSION_READ_MS and shared by the requests in between: a cached page
  // then costs no query at all (the embedded database answers one query at a time).
  let versionRead: { at: number; version: Promise<number | null> } | null = null;
  const currentVersion = () => {
    const now = Date.now();
    if (!versionRead || now - versionRead.at >= VERSION_READ_MS)
      versionRead = { at: now, version: catalogVersion(app.ctx.db).catch(() => null) };
    return versionRead.version;
  };
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

  // Renders under way on this instance. Past MAX_RENDERS the page goes as the app's shell for the browser to
  // render: a flood of addresses nobody asked before (each one a render) costs the server a file, not a render.
  let rendering = 0;

  /** The page as the shopper will see it, or null (the browser renders it): never fails the request. */
  async function serverRender(url: string, locale: Locale) {
    if (!renderer || !reads || rendering >= MAX_RENDERS) return null;
    rendering += 1;
    try {
      return await renderer.render(url, locale, (p, q, l) => reads.get(p, q, l));
    } catch (err) {
      app.log.error({ err, url }, 'server rendering failed; the browser renders the page');
      return null;
    } finally {
      rendering -= 1;
    }
  }

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
    const { locale, asked } = pageLocale(req.url, req.headers.cookie);
    const send = (status: number, html: string | Buffer, cache: 'hit' | 'miss' | 'none') =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, cookie')
        .header('x-page-cache', cache)
        .send(html);
    // Public pages render the same for every guest: kept per language and catalog version.
    const cacheable = pageCache.enabled && renderer !== null && !isPrivatePage(url);
    const version = cacheable ? await currentVersion() : null;
    // The page as its code reads it: its path and the query parameters it reads (seo.ts). Anything else in the
    // address (`?a=1`, a campaign's `utm_source`, `fbclid`) changes nothing on the page: no render, no entry.
    const address = pageAddress(req.url);
    const cacheKey = `${locale} ${version} ${address}`;
    if (cacheable && version !== null) {
      const hit = pageCache.get(cacheKey);
      if (hit) {
        const { encoding, body } = encodedPage(hit, req.headers['accept-encoding']);
        if (encoding) reply.header('content-encoding', encoding);
        return send(hit.status, body, 'hit');
      }
    }
    // The page's own word on itself (pages/): its status, and its head for link previews and search engines.
    const base = app.ctx.publicUrl;
    const own = await pageHead({ app, path: url, address, locale, base });
    if (own.status === 301 && own.location)
      return reply.header('cache-control', 'no-cache').redirect(own.location, 301);
    const status = own.status;
    const head = [...(own.tags ?? [])];
    if (status === 200) {
      head.push(languageLinks(base, address, locale));
      if (isPrivatePage(url)) head.push('<meta name="robots" content="noindex">');
    } else head.push('<meta name="robots" content="noindex">');

    // The page itself: public pages, and the 404 page of an unknown path (a page may leave itself to the browser:
    // an unknown product shows the 404 page at its own address).
    const rendered = !isPrivatePage(url) && own.render !== false ? await serverRender(address, locale) : null;
    // A page the browser renders itself (the cart, checkout, the account) can do nothing before its own code is
    // in: its chunks are asked for with the app's scripts, not once those have arrived and run (a round trip
    // later on mobile data). Its texts in the language the page is likely to take (the address's, else the
    // shopper's choice); the other's are asked for by the app if it was not that one.
    if (isPrivatePage(url) && renderer) {
      const modules = await renderer.pageModules?.(req.url, locale).catch(() => null);
      for (const file of chunksOf(modules ?? []))
        head.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`);
    }
    const html = fillTemplate(indexHtml, { locale, asked, own, rendered, head, chunksOf });
    if (rendered && cacheable && version !== null) pageCache.set(cacheKey, status, html);
    return send(status, html, rendered && cacheable ? 'miss' : 'none');
  });
}
