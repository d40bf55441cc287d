/**
 * The products import's row messages (issue 43 item 17): each refused row says, in the staff member's language,
 * which column is wrong and by which rule ("stock must be a whole number, 0 or more" / "المخزون (stock) لازم يكون
 * رقم صحيح من 0 أو أكتر"). The rules' texts are message keys of apiMessages (these are spread into it); the API
 * puts the column's name in front (importReason).
 */
import type { ImportColumn } from './admin-imports.ts';
import type { Locale } from './constants.ts';

export const importMessages = {
  must_be_whole_number_from: {
    en: 'must be a whole number, {min} or more',
    ar: 'لازم يكون رقم صحيح من {min} أو أكتر',
  },
  import_spec_part_empty: {
    en: 'Specification {n} has an empty part (each needs key_en | key_ar | value_en | value_ar)',
    ar: 'المواصفة رقم {n} فيها جزء فاضي (كل مواصفة محتاجة key_en | key_ar | value_en | value_ar)',
  },
  import_spec_part_too_long: {
    // SPEC_KEY_MAX and SPEC_VALUE_MAX (admin-catalog.ts, not imported: the storefront bundles these messages).
    en: 'Specification {n} has a part that is too long (names at most 120 characters, values at most 300)',
    ar: 'المواصفة رقم {n} فيها جزء طويل أوي (الاسم أقصاه 120 حرف، والقيمة 300)',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/**
 * A column as a message names it: in English the file's own header; in Arabic its name, with the header (what the
 * file says) after it.
 */
export const IMPORT_COLUMN_NAMES: Record<ImportColumn, Record<Locale, string>> = {
  id: { en: 'id', ar: 'رقم المنتج (id)' },
  sku: { en: 'sku', ar: 'كود المنتج (sku)' },
  title_en: { en: 'title_en', ar: 'الاسم بالإنجليزي (title_en)' },
  title_ar: { en: 'title_ar', ar: 'الاسم بالعربي (title_ar)' },
  description_en: { en: 'description_en', ar: 'الوصف بالإنجليزي (description_en)' },
  description_ar: { en: 'description_ar', ar: 'الوصف بالعربي (description_ar)' },
  category: { en: 'category', ar: 'القسم (category)' },
  brand: { en: 'brand', ar: 'الماركة (brand)' },
  model: { en: 'model', ar: 'الموديل (model)' },
  series: { en: 'series', ar: 'السلسلة (series)' },
  price: { en: 'price', ar: 'السعر (price)' },
  price_after_promotion: { en: 'price_after_promotion', ar: 'سعر العرض (price_after_promotion)' },
  promotion: { en: 'promotion', ar: 'العرض (promotion)' },
  stock: { en: 'stock', ar: 'المخزون (stock)' },
  maximum_number_per_order: {
    en: 'maximum_number_per_order',
    ar: 'أقصى عدد في الطلب (maximum_number_per_order)',
  },
  tax_class: { en: 'tax_class', ar: 'فئة الضريبة (tax_class)' },
  featured: { en: 'featured', ar: 'مميز (featured)' },
  special_offer: { en: 'special_offer', ar: 'عرض خاص (special_offer)' },
  active: { en: 'active', ar: 'ظاهر في المتجر (active)' },
  specifications: { en: 'specifications', ar: 'المواصفات (specifications)' },
  image_urls: { en: 'image_urls', ar: 'الصور (image_urls)' },
  variant_of: { en: 'variant_of', ar: 'نوع من المنتج (variant_of)' },
  variant_values: { en: 'variant_values', ar: 'قيم النوع (variant_values)' },
  updated_at: { en: 'updated_at', ar: 'وقت التصدير (updated_at)' },
};

/**
 * One reason of a refused row as the staff member reads it: the column's name, then the message (already in
 * `locale`). A message that goes on from the name ("must be…", "is required": its English starts in lower case)
 * follows it after a space; a sentence of its own ("Category not found") after a colon. A reason of no column (the
 * whole row) is the message alone.
 */
export function importReason(column: string, message: string, english: string, locale: Locale): string {
  const name = (IMPORT_COLUMN_NAMES as Record<string, Record<Locale, string> | undefined>)[column]?.[locale];
  if (!name) return message;
  return /^[a-z]/.test(english) ? `${name} ${message}` : `${name}: ${message}`;
}
