import './lib/zod-config';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './index.css';
import { App, queryClient } from './app/app';
import { preloadPages } from './app/router';
import i18n, { loadLanguage, setTextsLoader } from './lib/i18n';
import { HydrationDone, hydrationDone } from './lib/ssr';

// One language's texts at a time: the page's first, the other when the shopper switches (lib/i18n.ts).
setTextsLoader((lng) =>
  (lng === 'en' ? import('./i18n/first-load-en') : import('./i18n/first-load-ar')).then((m) => m.default),
);

/** What a server-rendered page carries for its hydration (entry-server.tsx writes it). */
interface ServerData {
  queries: DehydratedState;
}

/**
 * Resolves once the browser has drawn the server's page (its first contentful paint), so that the route's code and
 * texts are asked for after it (the script in index.html has asked for them at that paint already, from the list
 * the server put in the page: the imports below then find them on their way or in). Lighthouse's simulation counts
 * in LCP every request that ended before the paint it saw, and on its unthrottled load these ended a few
 * milliseconds before it or after it, by chance (decision 021).
 * A phone on mobile data has drawn the page before its scripts arrive: it goes on at once (the paint is already in
 * the browser's timeline), with no task in between, so the route's requests leave as soon as before. A fast
 * connection waits for one paint. At once too in a hidden tab (it paints nothing) or a browser without paint
 * timing; after 3 s at most.
 */
const firstPaint = () =>
  new Promise<void>((resolve) => {
    if (
      document.hidden ||
      !PerformanceObserver.supportedEntryTypes.includes('paint') ||
      performance.getEntriesByName('first-contentful-paint').length
    )
      return resolve();
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) resolve();
    }).observe({ type: 'paint' });
    setTimeout(resolve, 3000);
  });

async function start() {
  const root = document.getElementById('root')!;
  const dataEl = document.getElementById('ssr-data');
  const data = dataEl?.textContent ? (JSON.parse(dataEl.textContent) as ServerData) : null;
  if (data && root.firstElementChild) await firstPaint();
  // The page's texts load beside its route's code (no extra round trip): both are needed for the first render.
  const texts = loadLanguage(i18n.language).then(
    () => true,
    () => false,
  );
  // The page's code first, so the first render is the page itself (the server's, when it rendered it). It may fail
  // to arrive (a tab left open across an update): the browser then renders the page itself, and the error page
  // takes over (app/route-error.tsx).
  const code = await preloadPages(window.location.pathname).then(
    () => true,
    () => false,
  );
  // Without its texts the app would show keys: a server-rendered page then stays as the server made it (its links
  // still work, as plain links; the next page brings the texts).
  if (!(await texts) && data && root.firstElementChild) return;
  if (data && code && root.firstElementChild) {
    hydrate(queryClient, data.queries);
    // As a transition, hydration works in slices and lets the browser answer a tap in between (a phone's main
    // thread is never blocked for the whole page at once).
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App />
          {/* The remembered session, cart and language are read once the first render is committed. */}
          <HydrationDone />
        </StrictMode>,
      );
    });
  } else {
    hydrationDone();
    root.replaceChildren();
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
}

void start();
