import { DEFAULT_LOCALE, FALLBACK_LOCALE } from '@store/contracts/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLocale } from './locale-store';

/**
 * Catalogs: one JSON file per namespace (a feature's name) in src/i18n/ar and src/i18n/en.
 * Keys are used as `ns:key.path`. A test checks both languages have exactly the same keys.
 */
/**
 * Namespaces of long texts that only some pages show (the `content` pages: about, terms, privacy, returns, 404)
 * are left out of the first load; their pages add them (features/content/use-content-translation.ts).
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>(['../i18n/*/*.json', '!../i18n/*/content.json'], {
  eager: true,
});
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, mod] of Object.entries(files)) {
  const m = /i18n\/(\w+)\/([\w-]+)\.json$/.exec(file);
  if (!m) continue;
  const [, lng, ns] = m as unknown as [string, string, string];
  (resources[lng] ??= {})[ns] = mod.default;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: currentLocale() ?? DEFAULT_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  defaultNS: 'common',
  ns: Object.keys(resources.en ?? {}),
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
