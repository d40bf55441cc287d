import { DEFAULT_LOCALE, type Locale } from '@store/contracts/constants';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface LocaleState {
  locale: Locale;
  setLocale(locale: Locale): void;
}

/** The shopper's language, remembered across visits (index.html reads the same key before first paint). */
export const useLocaleStore = create<LocaleState>()(
  persist((set) => ({ locale: DEFAULT_LOCALE, setLocale: (locale) => set({ locale }) }), {
    name: 'store-locale',
  }),
);

export const currentLocale = (): Locale => useLocaleStore.getState().locale;

/** The language an address asks for (`?lang=en`, `?lang=ar`; the server's seo.ts reads it the same way). */
export function urlLocale(search: string): Locale | null {
  const lang = new URLSearchParams(search).get('lang');
  return lang === 'en' || lang === 'ar' ? lang : null;
}

// A page opened at an address in a language (a shared English link, a search result) shows that language, and
// the shopper keeps it as their choice.
if (typeof location !== 'undefined') {
  const asked = urlLocale(location.search);
  if (asked && asked !== useLocaleStore.getState().locale) useLocaleStore.getState().setLocale(asked);
}
