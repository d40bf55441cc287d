import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(fileURLToPath(import.meta.url));
const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object'
    ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
const load = (lng: string, f: string) => JSON.parse(readFileSync(path.join(dir, lng, f), 'utf8')) as unknown;

describe('translation catalogs', () => {
  const files = readdirSync(path.join(dir, 'en')).sort();
  it('every namespace exists in Arabic and English', () => {
    expect(readdirSync(path.join(dir, 'ar')).sort()).toEqual(files);
  });
  it.each(files)('%s has the same keys in both languages, none empty', (f) => {
    const en = keys(load('en', f)).sort();
    const ar = keys(load('ar', f)).sort();
    expect(ar).toEqual(en);
    const empty = (lng: string) =>
      keys(load(lng, f)).filter((k) => {
        const v = k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], load(lng, f));
        return typeof v !== 'string' || v.trim() === '';
      });
    expect(empty('ar')).toEqual([]);
    expect(empty('en')).toEqual([]);
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
