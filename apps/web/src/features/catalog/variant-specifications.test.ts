import { describe, expect, it } from 'vitest';
import { chosenOptionValues, specificationRows } from './variant-specifications';

const spec = (id: number, key_en: string, key_ar: string, value_en: string, value_ar: string) => ({
  id,
  key: key_en,
  value: value_en,
  key_en,
  key_ar,
  value_en,
  value_ar,
});
// A fridge sold by colour (the demo's Samsung): no row names a colour, one names its capacity.
const specs = [
  spec(1, 'Capacity', 'السعة', '617 L', '617 لتر'),
  spec(2, 'Colour ', 'اللون', 'Silver', 'فضي'),
];
const black = {
  name: 'Color',
  name_en: 'Color',
  name_ar: 'اللون',
  value: 'Black',
  value_en: 'Black',
  value_ar: 'أسود',
};
const size = {
  name: 'Size',
  name_en: 'Size',
  name_ar: 'المقاس',
  value: 'XL',
  value_en: 'XL',
  value_ar: 'إكس لارج',
};

describe("the specifications of a product's chosen variant", () => {
  it("put the variant's value in the row of its option, spelt either way, and add a row for an option no row names", () => {
    expect(specificationRows(specs, [black, size]).map((r) => [r.key, r.value, r.option])).toEqual([
      ['Capacity', '617 L', false],
      ['Colour ', 'Black', true],
      ['Size', 'XL', true],
    ]);
  });

  it("are the product's own rows for a product sold as one item", () => {
    expect(specificationRows(specs, chosenOptionValues({}, null, []))).toEqual([
      { id: 'spec-1', key: 'Capacity', value: '617 L', option: false },
      { id: 'spec-2', key: 'Colour ', value: 'Silver', option: false },
    ]);
  });

  it('take the values chosen when no variant sells the combination', () => {
    const options = [{ name: 'Color', name_en: 'Color', name_ar: 'اللون', values: [black, size] }];
    expect(chosenOptionValues({ options }, null, ['XL'])).toEqual([
      {
        name: 'Color',
        name_en: 'Color',
        name_ar: 'اللون',
        value: 'XL',
        value_en: 'XL',
        value_ar: 'إكس لارج',
      },
    ]);
  });
});
