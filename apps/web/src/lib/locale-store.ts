import { DEFAULT_LOCALE, type Locale } from '@store/contracts/constants';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { afterHydration, isServer, serverRendered } from './ssr';

interface LocaleState {
  locale: Locale;
  setLocale(locale: Locale): void;
}

/** The cookie the server reads to render a page in the shopper's language (apps/api/src/web.ts). */
export const LOCALE_COOKIE = 'store-locale';

/** The language a server-rendered page was rendered in: the browser's first render must be the same. */
const renderedLocale = (): Locale =>
  !isServer && serverRendered && document.documentElement.lang === 'en' ? 'en' : DEFAULT_LOCALE;

/** The shopper's language, remembered across visits (index.html reads the same key before first paint). */
export const useLocaleStore = create<LocaleState>()(
  persist((set) => ({ locale: renderedLocale(), setLocale: (locale) => set({ locale }) }), {
    name: 'store-locale',
    skipHydration: serverRendered,
  }),
);

/** On the server, the language of the page being rendered (set per request by entry-server.tsx). */
export const serverLocale: { current: (() => Locale) | null } = { current: null };

export const currentLocale = (): Locale => serverLocale.current?.() ?? useLocaleStore.getState().locale;

/** The language an address asks for (`?lang=en`, `?lang=ar`; the server's seo.ts reads it the same way). */
export function urlLocale(search: string): Locale | null {
  const lang = new URLSearchParams(search).get('lang');
  return lang === 'en' || lang === 'ar' ? lang : null;
}

function writeCookie(locale: Locale) {
  // Written only when it changes: writing a cookie waits for the browser, on every page's first load otherwise.
  if (document.cookie.split('; ').includes(`${LOCALE_COOKIE}=${locale}`)) return;
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

// A page opened at an address in a language (a shared English link, a search result) shows that language, and
// the shopper keeps it as their choice. The cookie tells the server which language to render the next page in.
if (!isServer) {
  const applyAddress = () => {
    const asked = urlLocale(location.search);
    if (asked && asked !== useLocaleStore.getState().locale) useLocaleStore.getState().setLocale(asked);
    writeCookie(useLocaleStore.getState().locale);
  };
  useLocaleStore.subscribe((s, before) => {
    if (s.locale !== before.locale) writeCookie(s.locale);
  });
  if (serverRendered) {
    // The remembered choice is read after hydration; the address still wins over it.
    afterHydration(() => {
      void Promise.resolve(useLocaleStore.persist.rehydrate()).then(applyAddress);
    });
  } else applyAddress();
}
