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
