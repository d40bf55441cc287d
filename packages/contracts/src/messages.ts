import type { Locale } from './constants.ts';

/**
 * Messages the API sends to users, in both languages. English texts are the spec's own words.
 * A message key lives here once; the API picks the request's locale, the web shows what it gets.
 */
export const apiMessages = {
  not_found: { en: 'Not found', ar: 'غير موجود' },
  route_not_found: { en: 'This page does not exist', ar: 'الصفحة دي مش موجودة' },
  product_not_found: { en: 'Product not found', ar: 'المنتج ده مش موجود' },
  brand_not_found: { en: 'Brand not found', ar: 'الماركة دي مش موجودة' },
  promotion_not_found: { en: 'Promotion not found', ar: 'العرض ده مش موجود' },
  server_error: { en: 'Something went wrong', ar: 'حصلت مشكلة، حاول تاني' },
  invalid_request: { en: 'The request is not valid', ar: 'الطلب ده مش صحيح' },
  must_be_whole_number: { en: 'must be a whole number', ar: 'لازم يكون رقم صحيح' },
  must_be_at_least: { en: 'must be at least {min}', ar: 'لازم يكون {min} أو أكتر' },
  must_be_at_most: { en: 'must be at most {max}', ar: 'لازم ميزيدش عن {max}' },
  must_be_boolean: { en: 'must be true or false', ar: 'لازم يكون true أو false' },
  must_be_one_of: { en: 'must be one of: {values}', ar: 'لازم يكون واحد من: {values}' },
  too_long: { en: 'is too long (at most {max} characters)', ar: 'طويل أوي (أقصى حد {max} حرف)' },
  required: { en: 'is required', ar: 'مطلوب' },
  invalid_value: { en: 'is not valid', ar: 'قيمة غير صحيحة' },
  price_digits_only: {
    en: 'Only numbers are allowed in the price field.',
    ar: 'مسموح بالأرقام بس في خانة السعر.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type ApiMessageKey = keyof typeof apiMessages;

export function apiMessage(
  key: ApiMessageKey,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  const text: string = apiMessages[key][locale] ?? apiMessages[key].en;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
