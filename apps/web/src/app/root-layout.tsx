import { PAGE_TRANSITION_MS } from '@store/contracts/constants';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { Footer } from './shell/footer';
import { Header } from './shell/header';

/** Every page: header, the page (fading in after a navigation), footer. New pages start at the top. */
export function RootLayout() {
  useFocusOnNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <NavigationProgress />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <PageTransition>
          <Outlet />
        </PageTransition>
      </main>
      <Footer />
      {/* Scrolls to the top on a new navigation, restores the position on back/forward. */}
      <ScrollRestoration />
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
  const busy = useNavigation().state !== 'idle';
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
