import { describe, expect, it } from 'vitest';
import { orderedCategories, choiceName } from './api';
import { filtersQuery, readFilters, writeFilters } from './filters';

describe('the products list’s filters in the address', () => {
  it('a shared address gives back the same filters, and the API reads them without the page', () => {
    const p = new URLSearchParams(
      'query=ثلاجة&category_id=12&promotion_id=0&level=low&visibility=hidden&page=3',
    );
    const f = readFilters(p);
    expect(f).toEqual({
      query: 'ثلاجة',
      category_id: 12,
      brand_id: undefined,
      promotion_id: 0,
      level: 'low',
      visibility: 'hidden',
      page: 3,
    });
    expect(readFilters(writeFilters(f))).toEqual(f);
    expect(filtersQuery(f)).toEqual({
      query: 'ثلاجة',
      category_id: 12,
      brand_id: undefined,
      promotion_id: 0,
      level: 'low',
      visibility: 'hidden',
    });
  });

  it('a hand-edited address falls back to the whole list instead of failing', () => {
    const f = readFilters(new URLSearchParams('category_id=abc&brand_id=-1&level=none&visibility=x&page=0'));
    expect(f).toMatchObject({
      category_id: undefined,
      brand_id: undefined,
      level: 'all',
      visibility: 'all',
      page: 1,
    });
    expect(writeFilters(f).toString()).toBe('');
  });
});

describe('the category choices', () => {
  it('read as a tree, each with its parents’ names in the staff member’s language', () => {
    const list = orderedCategories([
      { id: 3, name_en: 'Cookers', name_ar: 'بوتاجازات', parent_id: 1 },
      { id: 1, name_en: 'Kitchen', name_ar: 'المطبخ', parent_id: null },
      { id: 2, name_en: 'TVs', name_ar: 'شاشات', parent_id: null },
    ]);
    expect(list.map((c) => c.id)).toEqual([1, 3, 2]);
    expect(choiceName(list[1]!, 'en')).toBe('Kitchen › Cookers');
    expect(choiceName(list[1]!, 'ar')).toBe('المطبخ › بوتاجازات');
  });
});
