import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(fileURLToPath(import.meta.url));
const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object'
    ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
const load = (lng: string, f: string) => JSON.parse(readFileSync(path.join(dir, lng, f), 'utf8')) as unknown;
/** A plural text's form (i18next: `done_one`, `done_other`; Arabic has zero, one, two, few, many and other). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The keys a text is asked by: a plural's forms are one key (each language has the forms it needs). */
const asked = (o: unknown) => [...new Set(keys(o).map((k) => k.replace(PLURAL, '')))];

describe('translation catalogs', () => {
  const files = readdirSync(path.join(dir, 'en')).sort();
  it('every namespace exists in Arabic and English', () => {
    expect(readdirSync(path.join(dir, 'ar')).sort()).toEqual(files);
  });
  it.each(files)('%s has the same keys in both languages, none empty', (f) => {
    const en = asked(load('en', f)).sort();
    const ar = asked(load('ar', f)).sort();
    expect(ar).toEqual(en);
    const empty = (lng: string) =>
      keys(load(lng, f)).filter((k) => {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], load(lng, f));
        return typeof v !== 'string' || v.trim() === '';
      });
    expect(empty('ar')).toEqual([]);
    expect(empty('en')).toEqual([]);
  });
  it.each(files)('%s: a plural text has every form its language needs', (f) => {
    for (const lng of ['ar', 'en']) {
      const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
      const plurals = keys(load(lng, f)).filter((k) => PLURAL.test(k));
      for (const base of new Set(plurals.map((k) => k.replace(PLURAL, ''))))
        expect(
          forms.filter((form) => !plurals.includes(`${base}_${form}`)),
          `${lng}/${f}: ${base}`,
        ).toEqual([]);
    }
  });
  it('a count of one reads in the singular, and Arabic counts read as Arabic counts them', async () => {
    const t = async (lng: string) => {
      const i = i18next.createInstance();
      await i.init({
        lng,
        resources: { [lng]: { admin: load(lng, 'admin.json') as object } },
        ns: ['admin'],
      });
      return (key: string, n: number) => i.t(`admin:${key}`, { count: n, n: String(n) });
    };
    const en = await t('en');
    expect(en('products.bulk.confirm', 1)).toBe('This changes 1 product.');
    expect(en('products.bulk.apply', 1)).toBe('Apply to 1 product');
    expect(en('products.bulk.done', 1)).toBe('Done: 1 product changed.');
    expect(en('products.bulk.done', 3)).toBe('Done: 3 products changed.');
    expect(en('outbox.attempts', 1)).toBe('Tried once');
    const ar = await t('ar');
    expect(ar('products.bulk.done', 1)).toBe('تمام: اتغيّر منتج واحد.');
    expect(ar('products.bulk.done', 2)).toBe('تمام: اتغيّر منتجين.');
    expect(ar('products.bulk.done', 3)).toBe('تمام: اتغيّر 3 منتجات.');
    expect(ar('products.bulk.done', 11)).toBe('تمام: اتغيّر 11 منتج.');
    expect(ar('products.bulk.confirm', 100)).toBe('ده هيغيّر 100 منتج.');
  });
  it('Arabic texts are written in Arabic', () => {
    for (const f of files) {
      const ar = load('ar', f);
      const values = keys(ar).map(
        (k) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], ar) as string,
      );
      const latinOnly = values.filter(
        (v) => !/[\u0600-\u06FF]/.test(v) && !/^[\d\s{}.,:/+\-()%A-Z]*$/.test(v),
      );
      expect(latinOnly, f).toEqual([]);
    }
  });
});
