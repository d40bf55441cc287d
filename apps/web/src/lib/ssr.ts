/**
 * Server rendering (decision 021). The shop's pages come from the server already rendered (`<html data-ssr>`); the
 * browser then hydrates them. For that first render to equal the server's, what the browser remembers (session,
 * guest cart, recently viewed, payment, language) is read only once hydration is over: persisted stores start
 * with `skipHydration: serverRendered` and register their rehydration here, which main.tsx runs afterwards.
 */
import { useEffect } from 'react';

export const isServer = typeof document === 'undefined';

/** True on the server, and in a browser showing a server-rendered page. */
export const serverRendered = isServer || document.documentElement.hasAttribute('data-ssr');

const afterHydrationTasks: (() => void)[] = [];

/** Runs `fn` once the server-rendered page is hydrated (at once when the page was not server rendered). */
export function afterHydration(fn: () => void) {
  if (isServer) return;
  if (!serverRendered || (hydrated && !draining)) fn();
  else afterHydrationTasks.push(fn);
}

let hydrated = false;
/** The tasks queued for after hydration are still being run, one per turn of the event loop. */
let draining = false;

/**
 * True in the browser while its first render hydrates the server's page: the page's DOM is still the server's, and
 * its data is in the page (nothing to fetch for it).
 */
export function hydrating() {
  return !isServer && serverRendered && !hydrated;
}

/**
 * Calls `hydrationDone` once the first render is committed. The server renders it in the same place as the browser
 * (after the app, main.tsx and entry-server.tsx), so that both trees have the same shape and `useId` gives the
 * same ids on both sides.
 */
export function HydrationDone() {
  useEffect(() => hydrationDone(), []);
  return null;
}

/** Called when hydration is over (HydrationDone), or at once when the browser renders the page itself. */
export function hydrationDone() {
  if (hydrated) return;
  hydrated = true;
  if (!serverRendered) {
    document.documentElement.setAttribute('data-hydrated', '');
    for (const fn of afterHydrationTasks.splice(0)) fn();
    return;
  }
  // A remembered store read here re-renders the components that show it, synchronously (useSyncExternalStore):
  // one store per task, so a phone's main thread is not held for all of them at once. `data-hydrated` (which the
  // browser tests wait for) once they are all read; tasks queued meanwhile run after them, in order.
  draining = true;
  const next = () => {
    const fn = afterHydrationTasks.shift();
    if (!fn) {
      draining = false;
      document.documentElement.setAttribute('data-hydrated', '');
      return;
    }
    fn();
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

/**
 * What the server collects while rendering a page: its title and description (set by useDocumentTitle and
 * usePageMeta, which only touch `document` in the browser). Set by entry-server.tsx around each render.
 */
export const serverHead: { current: { title?: string; description?: string } | null } = { current: null };
