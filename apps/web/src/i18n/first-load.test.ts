import { describe, expect, it } from 'vitest';
import ar from './first-load-ar';
import en from './first-load-en';

/** Every source file of the web app, as text. */
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The namespaces that come with the pages using them: added when they render, or imported by the back office. */
function namespacesLoadedByPages(): Set<string> {
  const out = new Set<string>();
  for (const [file, text] of Object.entries(sources)) {
    for (const m of text.matchAll(/(?:useNamespace|ensureNamespace)\(\s*'([\w-]+)'/g)) out.add(m[1]!);
    // The back office's own (it shares the shop's `common`).
    if (file.includes('/admin/'))
      for (const m of text.matchAll(/i18n\/(?:ar|en)\/([\w-]+)\.json'/g))
        if (m[1] !== 'common') out.add(m[1]!);
  }
  return out;
}

describe('the texts of a first load', () => {
  it('carry none of the namespaces that come with their pages, the same in both languages', () => {
    const own = namespacesLoadedByPages();
    // The scan finds what it must (the cart page's, the returns', the back office's).
    expect([...own]).toEqual(expect.arrayContaining(['cart-page', 'returns', 'admin']));
    for (const texts of [ar, en]) for (const ns of Object.keys(texts)) expect(own.has(ns), ns).toBe(false);
    expect(Object.keys(en).sort()).toEqual(Object.keys(ar).sort());
  });
});
