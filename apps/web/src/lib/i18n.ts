import { DEFAULT_LOCALE, FALLBACK_LOCALE } from '@store/contracts/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLocale } from './locale-store';

/**
 * Catalogs: one JSON file per namespace (a feature's name) in src/i18n/ar and src/i18n/en.
 * Keys are used as `ns:key.path`. A test checks both languages have exactly the same keys.
 */
/**
 * Namespaces that only some pages show are left out of the first load; their pages add them with
 * `ensureNamespace` the first time they render: `content` (about, terms, privacy, returns, 404:
 * features/content/use-content-translation.ts), `addresses`, `checkout` and `orders` (account tabs, address form,
 * checkout wizard, order pages: each feature's i18n.ts).
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>(
  [
    '../i18n/*/*.json',
    '!../i18n/*/content.json',
    '!../i18n/*/addresses.json',
    '!../i18n/*/checkout.json',
    '!../i18n/*/orders.json',
    // The back office's texts belong to its own bundle (src/admin/lib/i18n.ts).
    '!../i18n/*/admin.json',
  ],
  { eager: true },
);
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

/** Adds a namespace that is not in the first load (both languages), once. */
export function ensureNamespace(
  ns: string,
  bundles: { ar: Record<string, unknown>; en: Record<string, unknown> },
) {
  if (i18n.hasResourceBundle('en', ns)) return;
  i18n.addResourceBundle('ar', ns, bundles.ar);
  i18n.addResourceBundle('en', ns, bundles.en);
}

export default i18n;
