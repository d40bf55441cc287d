/**
 * For the storefront's component tests (*.test.tsx, vitest project `web-components`, happy-dom): a page rendered
 * as the browser renders it, in English, with its router, React Query and the shop's texts, talking to an API that
 * answers only what the test says (`fakeApi`).
 */
import type { Locale } from '@store/contracts/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import arTexts from '../i18n/first-load-ar';
import enTexts from '../i18n/first-load-en';
import { apiHooks } from '../lib/api-client';
import { addTexts, changeLanguage } from '../lib/i18n';
import { useLocaleStore } from '../lib/locale-store';

addTexts('ar', arTexts);
addTexts('en', enTexts);

/** An API call the page made: method, path after /v1/, and its query and JSON body. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What the fake API answers a call: a JSON body (status 200), or a status with its body. */
export type Answer = unknown | { status: number; body: unknown };
type Handler = (call: Call) => Answer | Promise<Answer>;

/**
 * The API for one test: `"GET products/12"` → its answer. A call nobody answers gets a 404 that names it (and is in
 * `calls`), so a page that asks for something new shows up as a failing test rather than a silent loading state.
 */
export function fakeApi(routes: Record<string, Handler>): { calls: Call[] } {
  const calls: Call[] = [];
  apiHooks.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://shop.test');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/v1\//, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, query: url.searchParams, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    const answer = handler ? await handler(call) : { status: 404, body: { errors: [`${method} ${path}`] } };
    const withStatus =
      answer !== null && typeof answer === 'object' && 'status' in answer && 'body' in answer
        ? (answer as { status: number; body: unknown })
        : { status: 200, body: answer };
    return new Response(JSON.stringify(withStatus.body), {
      status: withStatus.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { calls };
}

/** Where the page sent the shopper (any address but its own): `data-path` holds the address. */
function Elsewhere() {
  const at = useLocation();
  return (
    <p
      data-testid="elsewhere"
      data-path={`${at.pathname}${at.search}`}
      data-state={JSON.stringify(at.state ?? null)}
    />
  );
}

/**
 * Renders `page` at `path` (or at every address `route` matches) in `locale`, with a fresh query cache; `state` is
 * the router state the page was opened with (what a link's `state` hands over).
 */
export async function renderPage(
  page: ReactNode,
  {
    path = '/',
    route,
    locale = 'en',
    state,
  }: { path?: string; route?: string; locale?: Locale; state?: unknown } = {},
) {
  useLocaleStore.setState({ locale });
  await changeLanguage(locale);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter
        initialEntries={[
          { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
        ]}
      >
        <Routes>
          {/* Lazy parts (the rating dialog) load as in the app: behind a boundary. */}
          <Route path={route ?? path.split('?')[0]} element={<Suspense fallback={null}>{page}</Suspense>} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
