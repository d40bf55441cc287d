import { CATEGORY_MENU_GROUP } from '@store/contracts/constants';
import { describe, expect, it } from 'vitest';
import { chunk } from './chunk';

describe('category menu groups', () => {
  it('shows sub-categories in groups of 4', () => {
    expect(CATEGORY_MENU_GROUP).toBe(4);
    expect(chunk([1, 2, 3, 4, 5, 6, 7, 8, 9], CATEGORY_MENU_GROUP)).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9],
    ]);
    expect(chunk([], CATEGORY_MENU_GROUP)).toEqual([]);
  });
});
