import type { Catalogs } from '../lib/i18n';

/**
 * The Arabic texts a page needs from its first render (lib/i18n.ts loads one language's file, the page's).
 * The namespaces of some pages only are left out: they come with those pages, which add them when they render
 * (`ensureNamespace`, `useNamespace`): content, addresses, checkout, orders, auth, account, product, listing,
 * cart-page and alerts; so are the back office's (src/admin/lib/i18n.ts; insights, settlements). The list is the
 * same in first-load-en.ts.
 */
const files = import.meta.glob<Catalogs[string]>(
  [
    './ar/*.json',
    '!./ar/content.json',
    '!./ar/addresses.json',
    '!./ar/checkout.json',
    '!./ar/orders.json',
    '!./ar/auth.json',
    '!./ar/account.json',
    '!./ar/product.json',
    '!./ar/listing.json',
    '!./ar/cart-page.json',
    '!./ar/admin.json',
    '!./ar/alerts.json',
    '!./ar/insights.json',
    '!./ar/settlements.json',
  ],
  { eager: true, import: 'default' },
);

const texts: Catalogs = {};
for (const [file, namespace] of Object.entries(files)) texts[/([\w-]+)\.json$/.exec(file)![1]!] = namespace;

export default texts;
