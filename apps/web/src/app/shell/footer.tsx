import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { hydrating } from '../../lib/ssr';
import { FOOTER_CLASS, FOOTER_SELECTOR } from './footer-frame';
import { ServerFooter } from './server-footer';

// The footer's code (its links and icons) is its own chunk in the browser, fetched only when the browser has to
// render the footer itself. The server renders it directly (ServerFooter, server-footer.ts).
const BrowserFooter = lazy(() => import('./footer-content').then((m) => ({ default: m.FooterContent })));

/**
 * The footer. On a server-rendered page the browser keeps the server's footer as it is, without hydrating it: it
 * holds only texts and links, and a click on one of its links of the shop is followed by the router, as a `Link`
 * would. The browser renders the footer (fetching its code) when it renders the page itself, and when the
 * language changes.
 */
export function Footer() {
  if (ServerFooter) return <ServerFooter />;
  return <KeptFooter />;
}

function KeptFooter() {
  const { i18n } = useTranslation('shell');
  const navigate = useNavigate();
  // The server's footer, read while the browser's first render hydrates the page (null when there is none, or when
  // this is a later render).
  const [server] = useState(() =>
    hydrating() ? (document.querySelector(FOOTER_SELECTOR)?.innerHTML ?? null) : null,
  );
  // Once the language changes, the browser renders the footer (and goes on rendering it).
  const [language] = useState(i18n.language);
  const [rendered, setRendered] = useState(false);
  if (!rendered && i18n.language !== language) setRendered(true);
  const kept = server !== null && (
    <footer
      className={FOOTER_CLASS}
      data-site-footer=""
      // React leaves the children of an element with inner HTML alone while hydrating, and rewrites them only if
      // the HTML changes: this is the server's, unchanged.
      dangerouslySetInnerHTML={{ __html: server }}
      suppressHydrationWarning
      onClick={(e) => followShopLink(e, navigate)}
    />
  );
  if (kept && !rendered) return kept;
  return (
    <Suspense fallback={kept || null}>
      <BrowserFooter />
    </Suspense>
  );
}

/** A click on a link of the shop (a path, same tab, no modifier key): the router follows it without a reload. */
function followShopLink(e: MouseEvent, navigate: (to: string) => void) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
  const link = (e.target as Element).closest('a');
  const href = link?.getAttribute('href');
  if (!link || link.target || !href?.startsWith('/') || href.startsWith('//')) return;
  e.preventDefault();
  navigate(href);
}
