import { DEFAULT_LOCALE, type Locale } from '@store/contracts/constants';
import { useMemo, useSyncExternalStore } from 'react';
import { hydrateAllParts, partsWaiting } from './later-hydration';
import { currentLocale, useLocaleStore } from './locale-store';
import { isServer } from './ssr';

/**
 * The shop's texts. Catalogs: one JSON file per namespace (a feature's name) in src/i18n/ar and src/i18n/en, used
 * as `t('ns:key.path', { name: value })`; a test checks both languages have exactly the same keys.
 *
 * A translator of our own rather than i18next and react-i18next (about 18 KB gzipped of the home page's first
 * load, decision 007): the shop uses keys, `{{name}}` values, objects of texts (`returnObjects`) and a language
 * switch, which take a few lines. The back office keeps i18next in its own bundle (src/admin/lib/i18n.ts).
 *
 * A page loads the texts of its own language only (src/i18n/first-load-ar.ts, first-load-en.ts); the other
 * language's come when the shopper switches (the switch fetches them before it changes anything, so the page
 * turns over at once). The server has both (entry-server.tsx adds them) and sets the language before each render.
 *
 * Namespaces that only some pages show are left out of the first load; their pages add them with
 * `ensureNamespace` the first time they render: `content` (about, terms, privacy, returns, 404:
 * features/content/use-content-translation.ts), `addresses`, `checkout` and `orders` (account tabs, address form,
 * checkout wizard, order pages: each feature's i18n.ts), and with `useNamespace` `auth`, `account`, `product`,
 * `listing` and `cart-page` (sign-in and password pages, account area, product page, the lists' titles, filters,
 * sort and pagination, the cart page and quantity counter: src/i18n/<namespace>.ts, imported by the components
 * that show them). A file that imports a namespace's JSON must not be reachable by static imports from a module
 * of the first load's `shared` chunk (vite.config.ts), a feature's index.ts with code of its own included: that
 * chunk takes in all it imports, and the texts would be back in the home page's first load (decision 007).
 */

/** A namespace's texts: strings, nested by key (arrays of them in the content pages). */
export type Texts = { [key: string]: unknown };
/** A language's namespaces. */
export type Catalogs = Record<string, Texts>;

export interface TOptions {
  /** Another language than the page's (its texts must be loaded). */
  lng?: Locale;
  /** Given back when the key has no text. */
  defaultValue?: string;
  /** The key names an object (or array) of texts: given back whole, its strings filled in. */
  returnObjects?: boolean;
  /** Values for the text's `{{name}}` places. */
  [name: string]: unknown;
}
export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

declare const __LANGUAGE_NAMES__: Record<Locale, string>;
/**
 * Each language's own name (`shell:language.name` of its catalog), which the language switch shows for the other
 * language. A page holds one language's texts, so vite.config.ts builds both names in from the catalogs.
 */
export const languageNames: Record<Locale, string> =
  // The unit tests run without vite.config.ts (none renders the switch).
  typeof __LANGUAGE_NAMES__ === 'undefined' ? { ar: 'ar', en: 'en' } : __LANGUAGE_NAMES__;

const catalogs: Record<Locale, Catalogs> = { ar: {}, en: {} };
/** Languages whose first-load texts are in. */
const loaded = new Set<Locale>();
const loading = new Map<Locale, Promise<void>>();
let loader: ((lng: Locale) => Promise<Catalogs>) | null = null;
let language: Locale = currentLocale() ?? DEFAULT_LOCALE;
/** The language last asked for: a slower load of an earlier choice must not win over it. */
let wanted: Locale = language;
/** Changes when the language does or its texts arrive; components that translate render again. */
let version = 0;
const listeners = new Set<() => void>();

function changed() {
  version++;
  for (const fn of listeners) fn();
}

const plurals: Partial<Record<Locale, Intl.PluralRules>> = {};

function lookup(lng: Locale, ns: string, path: string): unknown {
  let node: unknown = catalogs[lng][ns];
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Texts)[part];
  }
  return node;
}

/** `{{name}}` places take the option of that name (a missing one leaves nothing, as i18next did). */
function fill(text: string, values: TOptions | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const v = values[name];
    return v === undefined || v === null ? '' : String(v);
  });
}

function fillAll(node: unknown, values: TOptions | undefined): unknown {
  if (typeof node === 'string') return fill(node, values);
  if (Array.isArray(node)) return node.map((n) => fillAll(n, values));
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fillAll(v, values)]));
  return node;
}

function translate(defaultNs: string, key: string, options?: TOptions): string {
  const lng = options?.lng ?? language;
  const sep = key.indexOf(':');
  const ns = sep > 0 ? key.slice(0, sep) : defaultNs;
  const path = sep > 0 ? key.slice(sep + 1) : key;
  let text: unknown;
  // A `count` picks `key_one`, `key_other`... where the catalog has them (CLDR plural forms), else the key itself.
  if (typeof options?.count === 'number') {
    const rules = (plurals[lng] ??= new Intl.PluralRules(lng));
    text = lookup(lng, ns, `${path}_${rules.select(options.count)}`);
  }
  text ??= lookup(lng, ns, path);
  if (typeof text === 'string') return fill(text, options);
  if (text !== undefined && options?.returnObjects) return fillAll(text, options) as string;
  return options?.defaultValue ?? path;
}

/** Adds a language's texts (namespaces it had before stay unless given again). */
export function addTexts(lng: Locale, texts: Catalogs) {
  Object.assign(catalogs[lng], texts);
  loaded.add(lng);
  if (lng === language) changed();
}

/** Where a language's first-load texts come from in the browser (main.tsx); the server adds them all at start. */
export function setTextsLoader(load: (lng: Locale) => Promise<Catalogs>) {
  loader = load;
}

/** Fetches a language's texts once (at once when they are in); a failed fetch can be tried again. */
export function loadLanguage(lng: Locale): Promise<void> {
  if (loaded.has(lng) || !loader) return Promise.resolve();
  let p = loading.get(lng);
  if (!p) {
    p = loader(lng).then(
      (texts) => addTexts(lng, texts),
      (err: unknown) => {
        loading.delete(lng);
        throw err;
      },
    );
    loading.set(lng, p);
  }
  return p;
}

/**
 * Shows the texts in `lng`, once they are in and the parts of the page still waiting to be hydrated are hydrated
 * with the texts the server wrote (lib/later-hydration.ts). Synchronous when nothing waits (the server, which has
 * both languages, sets the page's language right before each render).
 */
export function changeLanguage(lng: Locale): Promise<void> {
  wanted = lng;
  const apply = () => {
    if (wanted !== lng || language === lng) return;
    language = lng;
    changed();
  };
  if ((loaded.has(lng) || !loader) && !partsWaiting()) {
    apply();
    return Promise.resolve();
  }
  return Promise.all([loadLanguage(lng), hydrateAllParts()]).then(apply);
}

/** Adds a namespace that is not in the first load (both languages), once. */
export function ensureNamespace(ns: string, bundles: Record<Locale, Texts>) {
  if (catalogs.en[ns]) return;
  // No re-render is needed: the page that asks for it renders with it, no other page uses it.
  catalogs.ar[ns] = bundles.ar;
  catalogs.en[ns] = bundles.en;
}

/**
 * `useTranslation(ns)` for a namespace that is not in the first load: `bundles` (both languages) are imported by
 * the component's module, so they come with its page, and are added the first time it renders (on the server too).
 */
export function useNamespace(ns: string, bundles: Record<Locale, Texts>): { t: TFunction; i18n: I18n } {
  ensureNamespace(ns, bundles);
  return useTranslation(ns);
}

const i18n = {
  /** The language the texts are shown in. */
  get language(): Locale {
    return language;
  },
  /** A text in the current language, outside components (`ns:key`, `common` when no namespace is given). */
  t: ((key, options) => translate('common', key, options)) as TFunction,
  changeLanguage,
};
export type I18n = typeof i18n;

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}
const snapshot = () => version;

/**
 * The texts of namespace `ns` (`common` by default) for a component, which renders again when the language
 * changes. Keys of another namespace are written `ns:key`.
 */
export function useTranslation(ns = 'common'): { t: TFunction; i18n: I18n } {
  const v = useSyncExternalStore(subscribe, snapshot, snapshot);
  // A new function when the language changes, as react-i18next did: memos and effects that use it run again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo<TFunction>(() => (key, options) => translate(ns, key, options), [ns, v]);
  return { t, i18n };
}

// In the browser the texts follow the chosen language: the language switch fetches the other language first, so
// its change is immediate; a language chosen otherwise (remembered, in the address) shows once its texts are in.
if (!isServer) {
  useLocaleStore.subscribe((s, before) => {
    if (s.locale !== before.locale) void changeLanguage(s.locale);
  });
}

export default i18n;
