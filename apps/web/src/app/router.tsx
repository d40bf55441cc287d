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
  return <RouteErrorBoundary pathname={pathname}>{element}</RouteErrorBoundary>;
}

/** Loads the code of the pages at `pathname`, so the first render (server or hydration) renders them at once. */
export async function preloadPages(pathname: string) {
  await Promise.all(pagesAt(pathname).map(loadPage));
}
