/**
 * The server's renderer of the shop's pages (decision 021), built by `vite build --ssr` into dist/server and called
 * by the API (apps/api/src/web.ts) for the pages of its SHOP_PAGES list.
 *
 * The page is rendered with the same routes and components as in the browser. Components ask for their data with
 * React Query; on the server a render pass records the queries it asked for, those are fetched from the API's own
 * services in-process (`read`, no HTTP), and the page is rendered again with the answers, until nothing new is
 * asked for (at most MAX_PASSES). The answers go into the page for the browser's React Query, so hydration renders
 * exactly what the server did and asks the network for nothing.
 */
import './lib/zod-config';
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  dehydrate,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  skipToken,
  type DehydratedState,
  type Query,
  type QueryOptions,
} from '@tanstack/react-query';
import type { ProductListResponse } from '@store/contracts/catalog';
import type { Locale } from '@store/contracts/constants';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { loadPage } from './app/lazy-page';
import { AppRoutes, preloadPages } from './app/router';
import { pagesAt } from './app/routes';
import { cardProduct } from './features/catalog/card-product';
import arTexts from './i18n/first-load-ar';
import enTexts from './i18n/first-load-en';
import { apiHooks } from './lib/api-client';
import i18n, { addTexts } from './lib/i18n';
import { serverLocale, useLocaleStore } from './lib/locale-store';
import { HydrationDone, serverHead } from './lib/ssr';

/** An API read answered in-process: path after /v1/ (`products/12`), its query, the page's language. */
export type ServerRead = (
  path: string,
  query: URLSearchParams,
  locale: Locale,
) => Promise<{ status: number; body: unknown }>;

export interface RenderResult {
  /** The rendered page (the content of #root). */
  html: string;
  /** What the page asked to have in the head: preloads of its largest picture (React puts them first). */
  head: string;
  /** What the browser needs to hydrate it, as JSON (put in a data block, never run). */
  data: string;
  title?: string;
  description?: string;
  /**
   * The modules of the browser's build the page asks for once it is drawn, by source file as the build's manifest
   * names them: its pages' (each says which file it is in the server's build, vite.ssr.config.ts) and its
   * language's texts (main.tsx loads `src/i18n/first-load-{locale}.ts`).
   */
  modules: string[];
}

/**
 * What the page carries of a product list: only what its cards show (a list draws nothing else). Descriptions in
 * both languages and every picture were half of home's data, sent before its first paint. The browser asks for the
 * whole list again only if it asks again (a new page, a stale list), as it would anyway.
 */
function forCards(key: readonly unknown[], data: unknown): unknown {
  if (key[0] !== 'products' || !data || typeof data !== 'object') return data;
  const list = data as ProductListResponse;
  return Array.isArray(list.products) ? { ...list, products: list.products.map(cardProduct) } : data;
}

/** Render passes at most: a page asks for its data, then for what depends on it (a product, then its related). */
const MAX_PASSES = 4;

const requestContext = new AsyncLocalStorage<{ locale: Locale; read: ServerRead }>();

serverLocale.current = () => requestContext.getStore()?.locale ?? 'ar';

// The server renders in either language: it has both languages' texts (a browser loads its page's only).
addTexts('ar', arTexts);
addTexts('en', enTexts);

// Calls of the components' query functions (lib/api-client.ts) reach the API's services in-process. Only reads:
// a server render changes nothing.
apiHooks.fetch = async (input, init) => {
  const ctx = requestContext.getStore();
  const url = new URL(String(input), 'http://store.invalid');
  if (!ctx || (init?.method ?? 'GET') !== 'GET' || !url.pathname.startsWith('/v1/'))
    return new Response('{"errors":[]}', { status: 405 });
  const { status, body } = await ctx.read(url.pathname.slice(4), url.searchParams, ctx.locale);
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
};

type Asked = Map<string, { query: Query; enabled: boolean }>;

/** A query cache that records the queries a render pass asks for, and whether the component enabled them. */
function recordingCache(): { cache: QueryCache; asked: Asked } {
  const cache = new QueryCache();
  const asked: Asked = new Map();
  const build = cache.build.bind(cache) as (...a: unknown[]) => Query;
  cache.build = ((...args: unknown[]) => {
    const query = build(...args);
    const options = args[1] as QueryOptions & { enabled?: boolean | ((q: Query) => boolean) };
    const enabled =
      options.queryFn !== skipToken &&
      (typeof options.enabled === 'function' ? options.enabled(query) : options.enabled !== false);
    asked.set(query.queryHash, { query, enabled: enabled || !!asked.get(query.queryHash)?.enabled });
    return query;
  }) as QueryCache['build'];
  return { cache, asked };
}

/**
 * The modules of the browser's build the page at `url` needs first, by source file (`RenderResult.modules`), its
 * pages' code loaded here too; null when that code fails to load. For a page the browser renders itself (the cart,
 * checkout, the account), the server preloads them with the app's scripts (apps/api/src/web.ts).
 */
export async function pageModules(url: string, locale: Locale): Promise<string[] | null> {
  const pathname = new URL(url, 'http://store.invalid').pathname;
  try {
    await preloadPages(pathname);
    const pages = await Promise.all(pagesAt(pathname).map(loadPage));
    return [
      ...pages.flatMap((page) => (page as { sourceFile?: string | string[] }).sourceFile ?? []),
      `src/i18n/first-load-${locale}.ts`,
    ];
  } catch {
    return null;
  }
}

/** Renders the page at `url` (path and query) in `locale`; null when it cannot (the browser then renders it). */
export async function render(url: string, locale: Locale, read: ServerRead): Promise<RenderResult | null> {
  return requestContext.run({ locale, read }, async () => {
    // The page's code, so the render below renders it (not a placeholder). Code that fails to load: the browser
    // takes the page from there.
    const modules = await pageModules(url, locale);
    if (!modules) return null;
    const { cache, asked } = recordingCache();
    const queryClient = new QueryClient({
      queryCache: cache,
      defaultOptions: { queries: { retry: false, staleTime: 60_000 } },
    });
    const failed = new Set<string>();

    const pass = () => {
      asked.clear();
      // The page's language, for the components (the store) and the texts (both languages are in, so the change
      // is immediate). Both are set again before each pass: other requests render in between.
      useLocaleStore.setState({ locale });
      // Store hooks read a store's initial state on the server (React's server snapshot), so the language store's
      // initial state is the page's language too.
      Object.assign(useLocaleStore.getInitialState(), { locale });
      void i18n.changeLanguage(locale);
      const head: { title?: string; description?: string } = {};
      serverHead.current = head;
      try {
        const html = renderToString(
          <StrictMode>
            <QueryClientProvider client={queryClient}>
              <StaticRouter location={url}>
                <AppRoutes />
              </StaticRouter>
            </QueryClientProvider>
            {/* As in the browser (main.tsx): the same tree, the same ids. */}
            <HydrationDone />
          </StrictMode>,
        );
        return { html, head };
      } finally {
        serverHead.current = null;
      }
    };

    let result = pass();
    for (let n = 1; n < MAX_PASSES; n++) {
      const wanted = [...asked.values()].filter(
        ({ query, enabled }) => enabled && query.state.status === 'pending' && !failed.has(query.queryHash),
      );
      if (!wanted.length) break;
      await Promise.all(
        wanted.map(({ query }) =>
          query.fetch().catch(() => {
            // What failed here is left to the browser: rendered as loading, as the browser's first render has it.
            failed.add(query.queryHash);
            cache.remove(query);
          }),
        ),
      );
      result = pass();
    }

    const shown = new Set(asked.keys());
    const queries: DehydratedState = dehydrate(queryClient, {
      shouldDehydrateQuery: (q) => q.state.status === 'success' && shown.has(q.queryHash),
    });
    for (const q of queries.queries) q.state.data = forCards(q.queryKey, q.state.data);
    queryClient.clear();
    const hoisted = /^(?:<link [^>]*>)*/.exec(result.html)![0];
    return {
      html: result.html.slice(hoisted.length),
      head: hoisted,
      data: JSON.stringify({ queries }),
      title: result.head.title,
      description: result.head.description,
      modules,
    };
  });
}
