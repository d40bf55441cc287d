import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../../test/dom';
import { BrandFilter } from './brand-filter';

afterEach(cleanup);

/** A search's brands, with how many of its products each holds. */
const brands = [
  { id: 4, name: 'Samsung', count: 65 },
  { id: 5, name: 'Apple', count: 12 },
];
describe("a search's brand filter", () => {
  it('writes a brand\'s count apart from its name: "Samsung (65)", not "Samsung(65)"', async () => {
    fakeApi({
      'GET brands': () => ({ brands: [], meta: { per_page: 10, current_page: 1, next_page: null } }),
    });
    await renderPage(<BrandFilter selected={[]} onChange={() => {}} counts={brands} />);
    expect(await screen.findByRole('checkbox', { name: 'Samsung (65)' })).toBeTruthy();
    expect(screen.getByText('Apple').closest('label')?.textContent).toBe('Apple (12)');
  });
});
