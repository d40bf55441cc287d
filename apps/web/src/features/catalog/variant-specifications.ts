import type { OptionValue, Product, ProductDetail } from '@store/contracts/catalog';

/** A row of the product page's specifications table, in the request's language. */
export interface SpecificationRow {
  id: string;
  key: string;
  value: string;
  /** The row says the chosen variant's value of this option (not the product's own row). */
  option: boolean;
}

/**
 * An attribute's name as a specification row and a variant option may both spell it: case and spaces aside, and
 * "Colour" as "Color" (the demo's specifications say "Color", its options "Colour"; both "اللون").
 */
const nameKey = (name: string) =>
  name
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(/colour/g, 'color');

/** A specification row is about an option when their names match in English or in Arabic. */
const sameAttribute = (
  s: ProductDetail['specifications'][number],
  o: Pick<OptionValue, 'name_en' | 'name_ar'>,
) =>
  (!!o.name_en && nameKey(s.key_en) === nameKey(o.name_en)) ||
  (!!o.name_ar && nameKey(s.key_ar) === nameKey(o.name_ar));

/**
 * The option values the product page shows (issue 49): the chosen variant's, else, on a combination no variant
 * sells, the values chosen (as the variant picker shows them); none for a product sold as one item.
 */
export function chosenOptionValues(
  product: Pick<ProductDetail, 'options'>,
  variant: Pick<Product, 'option_values'> | null,
  selection: string[],
): OptionValue[] {
  if (variant?.option_values?.length) return variant.option_values;
  return (product.options ?? []).flatMap((o, i) => {
    const v = o.values.find((x) => x.value_en === selection[i]);
    if (!v) return [];
    return [
      {
        name: o.name,
        name_en: o.name_en,
        name_ar: o.name_ar,
        value: v.value,
        value_en: v.value_en,
        value_ar: v.value_ar,
      },
    ];
  });
}

/**
 * The specifications table of a product sold in variants: each of the product's rows about an option (colour,
 * storage...) says the chosen variant's value in its place, and an option no row names gets a row of its own,
 * after the product's rows. Without option values, the product's rows as they are.
 */
export function specificationRows(
  specifications: ProductDetail['specifications'],
  values: OptionValue[],
): SpecificationRow[] {
  const chosen = values.filter((v) => v.value);
  const named = new Set<OptionValue>();
  const rows = specifications.map((s): SpecificationRow => {
    const o = chosen.find((v) => sameAttribute(s, v));
    if (o) named.add(o);
    return { id: `spec-${s.id}`, key: s.key, value: o ? o.value : s.value, option: !!o };
  });
  const extra = chosen
    .filter((v) => !named.has(v))
    .map((v): SpecificationRow => ({ id: `option-${v.name_en}`, key: v.name, value: v.value, option: true }));
  return [...rows, ...extra];
}
