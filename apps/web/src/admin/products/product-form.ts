import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminProductBodySchema,
  type AdminProduct,
  type AdminProductBody,
  type AdminProductInput,
} from '@store/contracts/admin-catalog';
import { apiMessages } from '@store/contracts/messages';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';

/**
 * The editor's form: the contract's fields, numbers as the inputs hold them (text), empty optional fields as null.
 * The same schema as the API (adminProductBodySchema), so a refused value is refused here with the API's words.
 */
export type ProductForm = AdminProductInput;

/** The fields the form shows, for the server's field errors (anything else is shown above the form). */
export const FORM_FIELDS = [
  'title_en',
  'title_ar',
  'description_en',
  'description_ar',
  'category_id',
  'brand_id',
  'model',
  'series',
  'sku',
  'price',
  'promotion_id',
  'price_after_promotion',
  'stock',
  'maximum_number_per_order',
  'tax_class',
  'vat_rate',
  'featured',
  'special_offer',
  'active',
  'specifications',
] as const;

/** A new product's empty form: shown in the store, stock 0, no specifications. */
export const emptyForm = (): ProductForm => ({
  title_en: '',
  title_ar: '',
  description_en: '',
  description_ar: '',
  category_id: '',
  brand_id: '',
  model: '',
  series: '',
  sku: '',
  price: '',
  promotion_id: null,
  price_after_promotion: null,
  stock: '0',
  maximum_number_per_order: null,
  tax_class: 'standard',
  vat_rate: null,
  featured: false,
  special_offer: false,
  active: true,
  specifications: [],
});

/** A saved product as the form holds it. */
export const toForm = (p: AdminProduct): ProductForm => ({
  title_en: p.title_en,
  title_ar: p.title_ar,
  description_en: p.description_en,
  description_ar: p.description_ar,
  category_id: String(p.category_id),
  brand_id: String(p.brand_id),
  model: p.model ?? '',
  series: p.series ?? '',
  sku: p.sku ?? '',
  price: String(p.price),
  promotion_id: p.promotion_id === null ? null : String(p.promotion_id),
  price_after_promotion: p.price_after_promotion === null ? null : String(p.price_after_promotion),
  stock: String(p.stock),
  maximum_number_per_order: p.maximum_number_per_order === null ? null : String(p.maximum_number_per_order),
  tax_class: p.tax_class,
  vat_rate: p.tax_class === 'other' ? String(p.vat_rate) : null,
  featured: p.featured,
  special_offer: p.special_offer,
  active: p.active,
  specifications: p.specifications.map((s) => ({
    key_en: s.key_en,
    key_ar: s.key_ar,
    value_en: s.value_en,
    value_ar: s.value_ar,
  })),
});

/** An empty input of an optional field is "none" (null), as the API reads it. */
export const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const isKey = (m: string | undefined) => !!m && m.split(':', 1)[0]! in apiMessages;
const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A message of the contracts for a zod issue: zod's own words for a value no branch of a union accepts ("Invalid
 * input") become 'required' when the field is empty and `fallback` otherwise (the API does the same, lib/errors.ts).
 */
export const issueKey = (message: string | undefined, value: unknown, fallback = 'invalid_value') =>
  isKey(message) ? message! : isEmpty(value) ? 'required' : fallback;

const WHOLE = new Set(['category_id', 'brand_id', 'promotion_id', 'stock', 'maximum_number_per_order']);

const valueAt = (values: unknown, path: string[]) =>
  path.reduce<unknown>(
    (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
    values,
  );

/** zodResolver(adminProductBodySchema), with every message one of the contracts' keys. */
const base = zodResolver(adminProductBodySchema);
export const productResolver: Resolver<ProductForm, unknown, AdminProductBody> = async (
  values,
  ctx,
  opts,
) => {
  const result = await base(values, ctx, opts);
  const fix = (errors: FieldErrors, path: string[]) => {
    for (const [k, e] of Object.entries(errors)) {
      // `ref` is the input itself: never walked.
      if (!e || typeof e !== 'object' || k === 'ref') continue;
      const here = [...path, k];
      if ('type' in e || 'message' in e) {
        if (typeof (e as FieldError).message !== 'string') continue;
        const fe = e as FieldError;
        const value = valueAt(values, here);
        // A field refused while empty is a required one, whatever its rule's own words.
        fe.message = isEmpty(value)
          ? 'required'
          : issueKey(fe.message, value, WHOLE.has(k) ? 'must_be_whole_number' : 'invalid_value');
      } else fix(e as FieldErrors, here);
    }
  };
  fix(result.errors as FieldErrors, []);
  return result;
};
