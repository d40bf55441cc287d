import type { Catalogs } from '../lib/i18n';

/**
 * The English texts a page needs from its first render (lib/i18n.ts loads one language's file, the page's): the
 * shell's, the shared words, the cards' and the home page's, named one by one. Every other namespace comes with
 * the pages that use it, which add it when they render (`ensureNamespace`, `useNamespace`), and so does the back
 * office's (src/admin/lib/i18n.ts). A list of what to leave out took in every new namespace by default: the
 * returns' and the back office's returns texts went into every page's first load (issue 46, `npm run bench:web`).
 * The list is the same in first-load-ar.ts.
 */
const files = import.meta.glob<Catalogs[string]>(
  ['./en/common.json', './en/shell.json', './en/cart.json', './en/catalog.json', './en/home.json'],
  { eager: true, import: 'default' },
);

const texts: Catalogs = {};
for (const [file, namespace] of Object.entries(files)) texts[/([\w-]+)\.json$/.exec(file)![1]!] = namespace;

export default texts;
