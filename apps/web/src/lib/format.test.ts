import { describe, expect, it } from 'vitest';
import { andList } from './format';

describe('a list of places in a sentence', () => {
  it('reads as Intl.ListFormat joins them in each language', () => {
    const lists = [
      [],
      ['القاهرة'],
      ['القاهرة', 'الجيزة'],
      ['القاهرة', 'الجيزة', 'الإسكندرية', 'أسوان'],
      ['Cairo', 'Giza', 'Alexandria'],
    ];
    for (const locale of ['ar', 'en'] as const) {
      const intl = new Intl.ListFormat(locale, { type: 'conjunction' });
      for (const items of lists) expect(andList(items, locale)).toBe(intl.format(items));
    }
  });
});
