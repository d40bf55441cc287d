import { PAGE_TRANSITION_MS } from '@store/contracts/constants';
import { Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { usePageLoading } from './lazy-page';
import { Footer } from './shell/footer';
import { Header } from './shell/header';

/** Every page: header, the page (fading in after a navigation), footer. New pages start at the top. */
export function RootLayout() {
  useFocusOnNavigation();
  useScrollRestoration();
  return (
    <div className="flex min-h-screen flex-col">
      <NavigationProgress />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* Shows its fallback only for a page whose code was not loaded before the first render (main.tsx loads
            the first page's first). Outside the page's keyed transition, so it is the same boundary from page to
            page: a navigation (a transition) keeps the page on screen until the next page's code is in. */}
        <Suspense fallback={<div className="min-h-[60vh]" aria-busy="true" />}>
          <PageTransition>
            <Outlet />
          </PageTransition>
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

/**
 * The page fades in over PAGE_TRANSITION_MS after each navigation (not on the first load, so the first paint is
 * not held back). `.page-enter` animates only when the shopper has not asked for reduced motion.
 */
function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [initial] = useState(pathname);
  const [moved, setMoved] = useState(false);
  if (!moved && pathname !== initial) setMoved(true);
  return (
    <div
      key={pathname}
      className={moved ? 'page-enter' : undefined}
      style={moved ? { animationDuration: `${PAGE_TRANSITION_MS}ms` } : undefined}
    >
      {children}
    </div>
  );
}

/** A thin bar at the top while the next page's code is loading. */
function NavigationProgress() {
  const busy = usePageLoading();
  return (
    <div
      aria-hidden="true"
      className={`fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden ${busy ? '' : 'hidden'}`}
    >
      <div className="h-full w-1/3 animate-pulse bg-accent-500" />
    </div>
  );
}

/**
 * Where each visited entry of the history was scrolled to, kept for the tab's life (a reload included). Read from
 * the tab's storage the first time it is needed, not as the page starts: the first use of `sessionStorage` waits
 * for the browser (10-20 ms measured on a first load here), and a first visit never needs it.
 */
const SCROLL_KEY = 'store-scroll-positions';
let kept: Record<string, number> | null = null;
function positions(): Record<string, number> {
  if (kept) return kept;
  try {
    kept = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
  } catch {
    kept = {};
  }
  return kept;
}

/**
 * Scrolls to a place kept for an entry with every part of the page drawn: the parts below a page's first screen
 * are drawn only near the screen (theme.css, .below-fold), holding an estimated height until then, so a place
 * measured on the drawn page would land elsewhere. Drawn once, each part keeps its real height when it is left
 * undrawn again (two frames later, once the browser has recorded the heights).
 */
function scrollToPlace(top: number) {
  const html = document.documentElement;
  html.setAttribute('data-drawing-all', '');
  window.scrollTo(0, top);
  requestAnimationFrame(() => requestAnimationFrame(() => html.removeAttribute('data-drawing-all')));
}

/**
 * Gives the tab's first entry a key of its own before the router reads it (call before the router is made). The
 * router calls an entry without one 'default', so a list opened directly (the tab's first page) had no place kept
 * for it, and Back from a product returned to its top (issue 43, item 14). The key stays with the entry in the
 * browser's history: a reload, or Back from another site, finds the entry's place again.
 */
export function keyFirstEntry() {
  const state = window.history.state as { key?: string } | null;
  if (state?.key) return;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ usr: null, ...state, key }, '');
}

/**
 * A new page starts at the top (or at its `#anchor`); Back and Forward return to where the shopper was on that
 * entry. A navigation that only changes a list's filters keeps the place when it asks to (`state.keepScroll`).
 */
function useScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const first = useRef(true);
  // The entry on screen. Set when a navigation commits, before the page scrolls: a scroll event comes a frame
  // later, and must not write the new page's position over the entry the shopper left.
  const shown = useRef(location.key);
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      // Once a navigation has started the address is the next entry's while the page left is still on screen
      // (a transition): its place is kept as it was when the shopper left, not moved by a scroll still running.
      const addressKey = (window.history.state as { key?: string } | null)?.key ?? 'default';
      if (addressKey !== shown.current) return;
      positions()[shown.current] = window.scrollY;
    };
    const save = () => {
      if (!kept) return;
      try {
        sessionStorage.setItem(SCROLL_KEY, JSON.stringify(kept));
      } catch {
        // Storage full or off: positions are kept for this page's life only.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
    };
  }, []);
  useLayoutEffect(() => {
    shown.current = location.key;
    // An entry without a key of its own ('default', the router's name for one) has no place to return to.
    const saved = location.key === 'default' ? undefined : positions()[location.key];
    if (first.current) {
      first.current = false;
      // A reload returns where the shopper was; a first visit stays where the browser put it.
      if (action === 'POP' && saved !== undefined) scrollToPlace(saved);
      return;
    }
    if (action === 'POP' && saved !== undefined) {
      scrollToPlace(saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if ((location.state as { keepScroll?: boolean } | null)?.keepScroll) return;
    window.scrollTo(0, 0);
  }, [location, action]);
}

/**
 * After a navigation to another page (not the first load, not a filter of the same page), focus goes to the new
 * page's heading, so a screen reader announces where the shopper is instead of staying on the link they followed.
 * The heading may arrive a moment after the page (its data): it is looked for for up to a second.
 */
function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let frame = 0;
    const until = performance.now() + 1000;
    const look = () => {
      // The shopper (or a test) already went on inside the new page: their focus stays where it is.
      const active = document.activeElement;
      if (active && active !== document.body && document.getElementById('main')?.contains(active)) return;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      } else if (performance.now() < until) frame = requestAnimationFrame(look);
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
