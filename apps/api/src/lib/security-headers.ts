/**
 * Security headers on every answer, and who may call the API from another origin (issue 12, item 5).
 *
 * The headers are computed once at start-up with `helmet` (its defaults, our choices) and set by one `onRequest`
 * hook, so JSON, error answers, the storefront's pages, its assets, the uploads and 304s all carry them at no cost
 * per request. A route that serves a different kind of document (the sandbox gateway's page, the uploads) replaces
 * the Content-Security-Policy with its own.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The storefront's default map tiles (apps/web reads VITE_MAP_TILE_URL at build time with the same default). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The players the home page's video banner may embed (apps/web/src/features/content/home-links.ts turns YouTube
 * and Vimeo links into these).
 */
const VIDEO_PLAYERS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/** A CSP hash source of a script or style element's text. */
export const sha256Source = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The hash sources of the inline `<script>` elements (no `src`) of an HTML page, such as Vite's index.html. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!/\bsrc\s*=/i.test(m[1]!)) hashes.push(sha256Source(m[2]!));
  }
  return hashes;
}

/**
 * The CSP source a Leaflet tile URL template loads from: `https://tile.openstreetmap.org/{z}/{x}/{y}.png` gives
 * `https://tile.openstreetmap.org`; a placeholder in the host (`https://{s}.tile.example.com/…`) becomes a wildcard
 * (`https://*.tile.example.com`); a path on this server (`/tiles/{z}/{x}/{y}.png`) needs nothing ('self').
 * Undefined when the template is not an http(s) address or a path.
 */
export function tileSource(template: string): string | null | undefined {
  const t = template.trim();
  if (/^\/(?!\/)/.test(t)) return null;
  const m = /^(https?):\/\/([^/?#@\s]+)(?:[/?#]|$)/i.exec(t);
  if (!m) return undefined;
  const [, scheme, authority] = m;
  const hp = /^([^:]+)(:\d{1,5})?$/.exec(authority!);
  if (!hp) return undefined;
  const labels = hp[1]!.toLowerCase().split('.');
  let last = -1;
  labels.forEach((l, i) => l.includes('{') && (last = i));
  const rest = labels.slice(last + 1);
  if (rest.some((l) => !/^[a-z0-9-]+$/.test(l)) || rest.length < (last >= 0 ? 2 : 1)) return undefined;
  return `${scheme!.toLowerCase()}://${last >= 0 ? '*.' : ''}${rest.join('.')}${hp[2] ?? ''}`;
}

export interface SecurityHeaderOptions {
  /** PUBLIC_URL: an https address turns on HSTS and upgrade-insecure-requests. */
  publicUrl: string;
  env: 'development' | 'production' | 'test';
  /** VITE_MAP_TILE_URL, the template the storefront was built with: its host may serve images. */
  mapTileUrl?: string;
  /** Hash sources of the storefront's inline scripts (web.ts reads them from the built pages). */
  scriptHashes?: string[];
  /** S3_PUBLIC_URL: /uploads redirects there, so pages may load pictures and 3D models from its origin. */
  uploadsOrigin?: string;
}

type Directives = Record<string, string[]>;

/** The storefront's Content-Security-Policy, as directives (also the policy of every JSON answer). */
export function storeDirectives(opts: SecurityHeaderOptions): Directives {
  const tiles = tileSource(opts.mapTileUrl ?? DEFAULT_MAP_TILE_URL);
  const https = servedOverHttps(opts);
  const uploads = opts.uploadsOrigin ? [new URL(opts.uploadsOrigin).origin] : [];
  const directives: Directives = {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    // Nobody may frame the store (clickjacking); X-Frame-Options: DENY says the same to old browsers.
    'frame-ancestors': ["'none'"],
    // Our own forms only. The online payment leaves by `location.assign(unified_checkout_url)` (Paymob's origin,
    // or this server's sandbox page), a navigation CSP does not restrict, so Paymob needs no source here.
    'form-action': ["'self'"],
    // The bundles, and the hashed inline script of index.html that sets the language before the first paint.
    // 'wasm-unsafe-eval' lets WebAssembly compile, and nothing else: the 3D viewer (three.js's meshopt decoder in
    // <model-viewer>) compiles the wasm it carries as soon as it loads. JavaScript eval stays blocked.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...(opts.scriptHashes ?? [])],
    'script-src-attr': ["'none'"],
    // 'unsafe-inline' for styles only, because the libraries insert <style> elements we cannot hash or give a
    // nonce: <model-viewer>'s shadow DOM template carries a <style> block, and Radix dialogs lock the page's
    // scroll with an injected <style> (react-remove-scroll). Scripts stay strict, and style attributes set from
    // script (Leaflet's and React's positions) are not inline styles to CSP.
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the small images Vite inlines into the CSS (Leaflet's controls), blob: for textures the 3D
    // viewer unpacks from a model; the map tiles' host.
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : []), ...uploads],
    'font-src': ["'self'", 'data:'],
    // The API is this origin; data:/blob: for glTF buffers embedded in a model, which three.js fetches.
    'connect-src': ["'self'", 'data:', 'blob:', ...uploads],
    // The home page's video banner: a YouTube/Vimeo player, or a video file from any https address.
    'frame-src': VIDEO_PLAYERS,
    'media-src': ["'self'", 'https:'],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Uploaded files are data, never a page: nothing runs, nothing loads, even when opened directly. */
export const UPLOADS_POLICY = "default-src 'none'; img-src 'self'; frame-ancestors 'none'; sandbox";

export const policyString = (d: Directives) =>
  Object.entries(d)
    .map(([k, v]) => [k, ...v].join(' '))
    .join('; ');

const servedOverHttps = (opts: SecurityHeaderOptions) =>
  opts.env === 'production' || /^https:/i.test(opts.publicUrl);

/** Every header, computed once through helmet (what it sets and removes, e.g. X-Powered-By). */
export function securityHeaders(opts: SecurityHeaderOptions): Record<string, string> {
  const set: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (set[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete set[name.toLowerCase()],
  } as unknown as ServerResponse;
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: storeDirectives(opts) },
    // Pages of this store open no window that must keep a handle on them (the payment leaves in the same tab).
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Other sites may not embed our answers; uploads (public product images) are relaxed below.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // The tiles need the site's origin as Referer (OpenStreetMap's tile policy); never a full path off-site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Only where the store is served over https: a browser that once saw it would refuse http://localhost.
    strictTransportSecurity: servedOverHttps(opts) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  })({} as IncomingMessage, res, (err?: unknown) => {
    if (err) throw err;
  });
  // Fastify never sets it; say so plainly rather than rely on it.
  delete set['x-powered-by'];
  return set;
}

/** What the uploads answer instead: their own strict policy, and any site may show a product image. */
export const UPLOADS_HEADERS = {
  'content-security-policy': UPLOADS_POLICY,
  'cross-origin-resource-policy': 'cross-origin',
};

/** The origins that may call the API from a browser page of another origin: exactly these, never `null`. */
export function corsOrigin(allowed: readonly string[]) {
  const set = new Set(allowed);
  return (origin: string | undefined, cb: (err: Error | null, allow: boolean) => void) =>
    cb(null, origin !== undefined && set.has(origin));
}

/**
 * The store's own files that are never a page nor a script: the build's stylesheets, faces and pictures
 * (`/assets/…`, scripts excepted) and the pictures in the layout's sizes (`/img/…`). A page asks for twenty or
 * thirty of them, and over HTTP/1.1 every answer carries its headers uncompressed.
 */
export const OWN_FILE = /^\/(?:assets\/[^?#]+\.(?:css|woff2?|svg|png|jpe?g|webp|avif)(?:[?#]|$)|img\/)/i;

/** A policy under which nothing runs or loads, should such a file be opened directly. */
export const FILE_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * What those files answer with instead of the page's headers (issue 14): the store's policy (about 700 bytes),
 * X-Frame-Options, the opener and agent-cluster isolation, the referrer policy and the old-browser switches only
 * act on a page, so on a file they were some 800 bytes for nothing: about 20 KB of a phone's first visit to home.
 * What acts on a file stays: nosniff, who may embed it (CORP), HSTS, and a policy of its own. Scripts keep the
 * page's headers: a script may one day start a worker, and a worker takes its policy from its own answer.
 */
export function fileHeaders(headers: Record<string, string>): Record<string, string> {
  const keep = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];
  const files: Record<string, string> = { 'content-security-policy': FILE_POLICY };
  for (const name of keep) if (headers[name] !== undefined) files[name] = headers[name];
  return files;
}

/**
 * An onRequest hook that sets these headers (a route or a later hook may still replace one), or, given the files'
 * own, those on the store's files (OWN_FILE).
 */
export const headersHook =
  (headers: Record<string, string>, files?: Record<string, string>) =>
  (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.headers(files && OWN_FILE.test(req.url) ? files : headers);
    done();
  };
