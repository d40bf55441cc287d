import type { Catalogs } from '../lib/i18n';

/**
 * The English texts a page needs from its first render (lib/i18n.ts loads one language's file, the page's).
 * The namespaces of some pages only are left out: they come with those pages, which add them when they render
 * (`ensureNamespace`, `useNamespace`): content, addresses, checkout, orders, auth, account, product, listing,
 * cart-page and alerts; so are the back office's (src/admin/lib/i18n.ts; insights, settlements). The list is the
 * same in first-load-ar.ts.
 */
const files = import.meta.glob<Catalogs[string]>(
  [
    './en/*.json',
    '!./en/content.json',
    '!./en/addresses.json',
    '!./en/checkout.json',
    '!./en/orders.json',
    '!./en/auth.json',
    '!./en/account.json',
    '!./en/product.json',
    '!./en/listing.json',
    '!./en/cart-page.json',
    '!./en/admin.json',
    '!./en/alerts.json',
    '!./en/insights.json',
    '!./en/settlements.json',
  ],
  { eager: true, import: 'default' },
);

const texts: Catalogs = {};
for (const [file, namespace] of Object.entries(files)) texts[/([\w-]+)\.json$/.exec(file)![1]!] = namespace;

export default texts;
