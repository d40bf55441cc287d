import { use, useSyncExternalStore, type ComponentType } from 'react';

/** A page's module: each page is its own chunk and exports its `Component`. */
export type PageModule = { Component: ComponentType };
export type PageLoader = () => Promise<PageModule>;

const loaded = new Map<PageLoader, PageModule>();
const loading = new Map<PageLoader, Promise<PageModule>>();

const failed = new Set<PageLoader>();

/**
 * Starts (once) loading a page's code. A load that failed stays failed (the error page shows, and a render does not
 * ask again in a loop) until `forgetFailedPages`: the shopper went to another address, so the next visit tries again.
 */
export function loadPage(load: PageLoader): Promise<PageModule> {
  let pending = loading.get(load);
  if (!pending) {
    pending = load().then(
      (mod) => {
        loaded.set(load, mod);
        return mod;
      },
      (error: unknown) => {
        failed.add(load);
        throw error;
      },
    );
    loading.set(load, pending);
  }
  return pending;
}

export function forgetFailedPages() {
  for (const load of failed) loading.delete(load);
  failed.clear();
}

/* Pages whose code is on its way, for the bar at the top of the window (root-layout.tsx). */
let waiting = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function track(pending: Promise<unknown>) {
  // Not while React renders (a store change then would update another component mid-render).
  queueMicrotask(() => {
    waiting++;
    notify();
  });
  const done = () =>
    queueMicrotask(() => {
      waiting--;
      notify();
    });
  pending.then(done, done);
}
const tracked = new WeakSet<Promise<unknown>>();

/** True while a page the shopper asked for is still loading its code. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => waiting > 0,
    () => false,
  );
}

/**
 * A page of the route table. Its code, once loaded, renders at once: the server and the browser load the matched
 * pages before their first render (entry-server.tsx, main.tsx), so the server's HTML and the hydration render the
 * page itself, never a placeholder. A page not loaded yet suspends: after a link, the page on screen stays (a
 * navigation is a transition) with the bar at the top until the next page's code is in.
 */
export function LazyPage({ load }: { load: PageLoader }) {
  const mod = loaded.get(load);
  if (mod) return <mod.Component />;
  const pending = loadPage(load);
  if (!tracked.has(pending)) {
    tracked.add(pending);
    track(pending);
  }
  const { Component } = use(pending);
  return <Component />;
}
