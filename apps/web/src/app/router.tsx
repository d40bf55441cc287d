import { createBrowserRouter, matchRoutes, type HydrationState } from 'react-router';
import { routes } from './routes';

/**
 * The browser's router. A server-rendered page (entry-server.tsx) is hydrated: the lazy pages it shows are loaded
 * first and the router starts with the server's loader data, so its first render is the server's.
 */
export async function createRouter(hydrationData?: HydrationState) {
  if (hydrationData) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const mod = await route.lazy();
        Object.assign(route, { ...mod, lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes, { hydrationData });
}

export type StoreRouter = Awaited<ReturnType<typeof createRouter>>;
