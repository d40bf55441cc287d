import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The back office (/admin, its own entry and bundle, built by vite.admin.config.ts): the dev server answers /admin
 * and /admin/* with admin.html.
 */
const adminPages: Plugin = {
  name: 'admin-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const path = req.url?.split('?')[0] ?? '';
      if (/^\/admin(\/[^.]*)?$/.test(path)) req.url = '/admin.html';
      next();
    });
  },
};

/**
 * The store's faces (src/fonts.css) preloaded by every page: asked for with the stylesheet instead of once the
 * first layout finds text in them. Every page's header and footer show both scripts in both weights, so all four
 * are used. A face that came after the first paint swapped in with other metrics and moved what was below it (a
 * list's cards: a layout shift of 0.24 in Lighthouse).
 */
const preloadFonts: Plugin = {
  name: 'preload-fonts',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      // The shop's pages (index.html) only: the back office's are left as they were.
      if (!ctx.bundle || !ctx.path.endsWith('/index.html')) return [];
      return (
        Object.keys(ctx.bundle)
          // The four cut faces (src/fonts), not Fontsource's Latin files for the characters the shop does not write.
          .filter((file) => /\/noto-sans-(?:arabic|latin)-\d{3}-[\w-]{8}\.woff2$/.test(file))
          .sort()
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `/${file}` },
            injectTo: 'head' as const,
          }))
      );
    },
  },
};

/** Each language's own name, from its catalog, for the language switch (src/lib/i18n.ts `languageNames`). */
const languageNames = Object.fromEntries(
  ['ar', 'en'].map((lng) => {
    const shell = JSON.parse(
      readFileSync(new URL(`src/i18n/${lng}/shell.json`, import.meta.url), 'utf8'),
    ) as {
      language: { name: string };
    };
    return [lng, shell.language.name];
  }),
);

/**
 * Modules of the home page's first load that lazy pages share too (see manualChunks). Rolldown puts in the chunk
 * everything these import statically as well (a feature's index.ts with code of its own, and all it re-exports):
 * what they import must be what the home page needs (features/addresses/index.ts gives its components lazily).
 */
const FIRST_LOAD_SHARED = new RegExp(
  [
    'src/lib/(api-client|i18n|locale-store|ssr|format|use-media-query|use-document-title|use-debounced-value|later-hydration)\\.ts',
    'src/ui/(skeleton|dialog|price|store-image|bidi-text|below-fold)\\.tsx',
    'src/features/cart/(use-cart\\.ts|components/cart-error-dialog)',
    'src/features/catalog/(product-text|availability|delivery-zone-store|use-delivery-zone|recently-viewed)\\.ts',
    'src/features/catalog/api/(get-brands|get-products)\\.ts',
    'src/features/catalog/components/(product-card|rating-stars|monthly-price|availability-badge|free-delivery-hint)\\.tsx',
    'src/features/addresses/(match-zone|api/addresses)\\.ts',
    'packages/contracts/src/(arabic|constants|money-format)\\.ts',
  ].join('|'),
);

export default defineConfig({
  plugins: [react(), tailwindcss(), adminPages, preloadFonts],
  define: { __LANGUAGE_NAMES__: JSON.stringify(languageNames) },
  server: {
    port: 5173,
    proxy: { '/v1': api, '/uploads': api, '/dev': api },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunks each module needs, which the server reads to tell a rendered page which
    // chunks its page will ask for (apps/api/src/lib/page-chunks.ts).
    manifest: true,
    // Every browser the shop serves preloads modules itself except Safari before 17, which without the polyfill
    // fetches each module only when it is imported (slower, not broken): not worth 0.6 KB gzipped of every first load.
    modulePreload: {
      polyfill: false,
      // A lazy import names no scripts to fetch beside it (Vite still adds a stylesheet it needs: the address
      // map's), so the first load carries no list of every chunk's name: about 1 KB gzipped of each page's first
      // load. A page's chunks still come at once where it matters: a page the server sends names them all
      // (#page-modules, modulepreload links: apps/api/src/lib/page-chunks.ts), and a link's page starts loading
      // when the shopper points at it or touches it (app/router.tsx), before the click.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps),
    },
    rollupOptions: {
      output: {
        // The libraries every page needs, in one long-cached chunk. Exact package names: a prefix such as
        // "node_modules/react" would also pull react-hook-form and react-remove-scroll into the first load.
        // React Query's parts that only forms and the cart page use (mutations, parallel queries) stay out.
        // i18next is the back office's only (the shop has its own translator, src/lib/i18n.ts).
        manualChunks(id) {
          if (
            /node_modules\/(react|react-dom|scheduler|react-router|zustand|use-sync-external-store|react-i18next|i18next)\//.test(
              id,
            ) ||
            /node_modules\/@tanstack\/(query-core|react-query)\/build\/modern\/(?!mutationObserver|useMutation|queriesObserver|useQueries|infiniteQueryObserver|useInfiniteQuery)/.test(
              id,
            )
          )
            return 'react';
          // What the home page and the lists share beside the entry (product cards, the cart's and the language's
          // helpers), in one file rather than a dozen of less than 1 KB each: every file is compressed alone, and a
          // phone on mobile data pays for each request.
          if (FIRST_LOAD_SHARED.test(id)) return 'shared';
          return undefined;
        },
      },
    },
  },
});
