import { useEffect } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { loadPage } from './lazy-page';
import { RouteErrorBoundary } from './route-error';
import { pagesAt, routes } from './routes';

/**
 * The shop's routes (React Router's declarative routes: the data router's loaders, actions and fetchers are not
 * used by the shop, and would add about 17 KB to the first load; decision 007). A page or its code that fails
 * shows the error page, never a stack; going to another address leaves it.
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  useEffect(loadPagesOnIntent, []);
  return <RouteErrorBoundary pathname={pathname}>{element}</RouteErrorBoundary>;
}

/** Loads the code of the pages at `pathname`, so the first render (server or hydration) renders them at once. */
export async function preloadPages(pathname: string) {
  await Promise.all(pagesAt(pathname).map(loadPage));
}

/**
 * A link's page starts loading when the shopper points at the link, focuses it or touches it, not at the click: a
 * lazy page's chunk names none of the chunks it imports (vite.config.ts), which the browser then fetches once the
 * chunk is in; started 100-300 ms before the click, both are mostly there when it comes.
 */
function loadPagesOnIntent() {
  const warm = (e: Event) => {
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    for (const load of pagesAt(link.pathname)) loadPage(load).catch(() => undefined);
  };
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of events) document.addEventListener(type, warm, { passive: true });
  return () => {
    for (const type of events) document.removeEventListener(type, warm);
  };
}
