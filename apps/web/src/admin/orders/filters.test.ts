import { describe, expect, it } from 'vitest';
import { apiQuery, pageCount, readFilters, sortingOf, sortOf, withFilters } from './filters';

const p = (s: string) => new URLSearchParams(s);

describe("the orders list's filters in the address", () => {
  it('an empty address is the newest orders, first page, 20 a page', () => {
    expect(readFilters(p(''))).toEqual({ sort: 'newest', page: 1, per_page: 20 });
  });

  it('every filter of the API is read back from the address', () => {
    const f = readFilters(
      p(
        'status=pending&payment_method=cash&from=2026-05-01&to=2026-05-31&governorate=Cairo&query=0101&sort=total_desc&page=3&per_page=50',
      ),
    );
    expect(f).toEqual({
      status: 'pending',
      payment_method: 'cash',
      from: '2026-05-01',
      to: '2026-05-31',
      governorate: 'Cairo',
      query: '0101',
      sort: 'total_desc',
      page: 3,
      per_page: 50,
    });
    expect(apiQuery(f)).toMatchObject({ status: 'pending', page: 3, per_page: 50, sort: 'total_desc' });
  });

  it('values the API would refuse are left out instead of failing the list', () => {
    const f = readFilters(
      p('status=cart&payment_method=bitcoin&from=2026-13-45&page=-1&per_page=7&sort=random&query=%20%20'),
    );
    expect(f).toEqual({ sort: 'newest', page: 1, per_page: 20 });
  });

  it('the refunds to do are a filter of their own, in the address and to the API', () => {
    const f = readFilters(p('refund_required=true'));
    expect(f).toMatchObject({ refund_required: true });
    expect(apiQuery(f)).toMatchObject({ refund_required: 'true' });
    expect(withFilters(p('refund_required=true'), { refund_required: false }).toString()).toBe('');
    expect(readFilters(p('refund_required=maybe'))).toEqual({ sort: 'newest', page: 1, per_page: 20 });
  });

  it('how an order was paid online (card, wallet, kiosk, BNPL) is a filter in the address and to the API', () => {
    const f = readFilters(p('paid_with=kiosk'));
    expect(f).toMatchObject({ paid_with: 'kiosk' });
    expect(apiQuery(f)).toMatchObject({ paid_with: 'kiosk' });
    expect(withFilters(p(''), { paid_with: 'bnpl' }).toString()).toBe('paid_with=bnpl');
    expect(withFilters(p('paid_with=bnpl&page=2'), { paid_with: undefined }).toString()).toBe('');
    expect(readFilters(p('paid_with=cheque'))).toEqual({ sort: 'newest', page: 1, per_page: 20 });
  });

  it('a range typed backwards is read the right way round', () => {
    expect(readFilters(p('from=2026-06-10&to=2026-06-01'))).toMatchObject({
      from: '2026-06-01',
      to: '2026-06-10',
    });
  });

  it('changing a filter goes back to the first page; defaults and blanks leave the address', () => {
    const next = withFilters(p('page=4&status=pending'), { status: 'confirmed', query: '' });
    expect(next.toString()).toBe('status=confirmed');
    expect(withFilters(p('status=pending'), { page: 2 }).toString()).toBe('page=2&status=pending');
    expect(withFilters(p('page=2&sort=oldest'), { sort: 'newest' }).toString()).toBe('');
    expect(withFilters(p('status=pending'), { status: undefined }).toString()).toBe('');
  });

  it("the table's sorting and the API's sort names are the same four choices", () => {
    for (const s of ['newest', 'oldest', 'total_desc', 'total_asc'] as const)
      expect(sortOf(sortingOf(s))).toBe(s);
    expect(sortOf([])).toBe('newest');
    expect(sortOf([{ id: 'customer', desc: true }])).toBe('newest');
  });

  it('page count: at least one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });
});
