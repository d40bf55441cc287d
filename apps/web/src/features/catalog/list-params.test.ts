import { LIST_QUERY_PARAMS } from '@store/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { apiParamsFor, listFiltersToSearch, parseListFilters, withFilter } from './list-params';

const parse = (s: string) => parseListFilters(new URLSearchParams(s));

describe('product list URL', () => {
  it('reads every filter from the URL and writes the same URL back (a shared link shows the same list)', () => {
    const s =
      '?search=tv&category_id=3&brand_id=2,5&min_price=100&max_price=9000&sort=lowest_price&page=3&from=2';
    expect(listFiltersToSearch(parse(s))).toBe(s);
  });

  it('leaves defaults out and ignores malformed values', () => {
    const f = parse('category_id=abc&brand_id=1,x,1&min_price=1e3&sort=cheapest&page=-2');
    expect(f).toEqual({ brand_id: [1], sort: 'default', page: 1, from: 1 });
    expect(listFiltersToSearch(f)).toBe('?brand_id=1');
    // Prices: digits only, at most 7 (the API counts piastres in 32 bits).
    expect(parse('min_price=12345678&max_price=0050').max_price).toBe('50');
    expect(parse('min_price=12345678').min_price).toBeUndefined();
  });

  it('a changed filter goes back to the first page', () => {
    const f = withFilter(parse('page=4&from=2&sort=highest_price'), { min_price: '50' });
    expect(listFiltersToSearch(f)).toBe('?min_price=50&sort=highest_price');
  });

  it('turns filters into the API call for one page', () => {
    const f = parse('search=غسالة&brand_id=9,2&max_price=5000&sort=latest_to_oldest');
    expect(apiParamsFor(f, 2, { in_dedicated_page: true })).toEqual({
      in_dedicated_page: true,
      query: 'غسالة',
      category_id: undefined,
      brand_id: [2, 9],
      min_price: undefined,
      max_price: 5000,
      sort: 'latest_to_oldest',
      page: 2,
    });
  });

  it('reads exactly the parameters the server renders and caches a list by (any other is the same page)', () => {
    const read = new Set<string>();
    class Watched extends URLSearchParams {
      override get(name: string) {
        read.add(name);
        return super.get(name);
      }
      override getAll(name: string) {
        read.add(name);
        return super.getAll(name);
      }
      override has(name: string) {
        read.add(name);
        return super.has(name);
      }
    }
    parseListFilters(new Watched('a=1&utm_source=x'));
    expect([...read].sort()).toEqual([...LIST_QUERY_PARAMS].sort());
  });
});
