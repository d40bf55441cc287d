import { useMemo, useSyncExternalStore } from 'react';

/** One MediaQueryList per query for the page's life: React reads the answer at every render of every user. */
const lists = new Map<string, MediaQueryList>();
function mediaList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) lists.set(query, (list = window.matchMedia(query)));
  return list;
}

/** Subscribes to a media query's changes (for useSyncExternalStore). */
const subscribeTo = (query: string) => (onChange: () => void) => {
  const list = mediaList(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/** True while the media query matches (re-renders when it changes). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useMemo(() => subscribeTo(query), [query]);
  return useSyncExternalStore(
    subscribe,
    () => mediaList(query).matches,
    () => false,
  );
}

/**
 * Like useMediaQuery, but null while the page is server-rendered or hydrating (the server cannot know the screen):
 * render both variants then, each shown by CSS at its width, so nothing moves when the answer arrives.
 */
export function useMediaMatch(query: string): boolean | null {
  const subscribe = useMemo(() => subscribeTo(query), [query]);
  return useSyncExternalStore<boolean | null>(
    subscribe,
    () => mediaList(query).matches,
    () => null,
  );
}

export const usePrefersReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)');
