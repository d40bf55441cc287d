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
  // A row that adds a variant (issue 49, decision 034): variant_of its product, variant_values its option values.
  import_variant_parent_not_found: {
    en: 'No product has the number or SKU "{values}": a variant’s product must be in the store, or added by an earlier row of this file',
    ar: 'مفيش منتج رقمه أو كوده "{values}": المنتج الأساسي للنوع لازم يكون في المتجر، أو يتضاف في صف قبله في نفس الملف',
  },
  import_variant_parent_ambiguous: {
    en: 'More than one product has this SKU; write the product’s number (id) instead',
    ar: 'فيه أكتر من منتج بالكود ده؛ اكتب رقم المنتج (id) بداله',
  },
  import_variant_parent_later: {
    en: 'The product is added by row {n}, after this one: put the product’s row before its variants’ rows',
    ar: 'المنتج ده بيتضاف في الصف {n}، بعد الصف ده: حط صف المنتج قبل صفوف أنواعه',
  },
  import_variant_parent_refused: {
    en: 'This variant’s product (row {n}) was not imported: fix that row first',
    ar: 'المنتج الأساسي للنوع ده (الصف {n}) متضافش: صلّح الصف ده الأول',
  },
  import_variant_of_variant: {
    en: 'Product {n} is itself a variant: write the number of the product it belongs to',
    ar: 'المنتج {n} هو نفسه نوع من منتج تاني: اكتب رقم المنتج الأساسي',
  },
  import_variant_of_needed: {
    en: 'is needed: the number or SKU of the product this variant belongs to',
    ar: 'لازم يتكتب: رقم أو كود المنتج الأساسي اللي النوع ده تبعه',
  },
  import_variant_values_needed: {
    en: 'is needed: the variant’s value of each option, like "Colour: Black | اللون: أسود ; Storage: 128 GB | المساحة: 128 جيجا"',
    ar: 'لازم يتكتب: قيمة النوع في كل اختيار، زي "Colour: Black | اللون: أسود ; Storage: 128 GB | المساحة: 128 جيجا"',
  },
  import_variant_values_invalid: {
    en: 'Each value needs its English and Arabic, like "Black | أسود" (or with its option’s name, "Colour: Black | اللون: أسود"), values separated by " ; "',
    ar: 'كل قيمة محتاجة الإنجليزي والعربي، زي "Black | أسود" (أو باسم الاختيار، "Colour: Black | اللون: أسود")، والقيم بينها " ; "',
  },
  import_variant_names_needed: {
    en: 'The product has no options yet: write each value with its option’s name, like "Colour: Black | اللون: أسود ; Storage: 128 GB | المساحة: 128 جيجا"',
    ar: 'المنتج لسه ملوش اختيارات: اكتب كل قيمة باسم الاختيار بتاعها، زي "Colour: Black | اللون: أسود ; Storage: 128 GB | المساحة: 128 جيجا"',
  },
  import_variant_options_mismatch: {
    en: 'must give one value of each of the product’s options, and only those: {values}',
    ar: 'لازم يدي قيمة واحدة لكل اختيار من اختيارات المنتج، ومفيش غيرهم: {values}',
  },
  import_variant_repeated: {
    en: 'The product already has a variant with these values (number {n}); to change it, use its row with its id',
    ar: 'المنتج عنده نوع بنفس القيم دي (رقم {n})؛ عشان تعدّله استخدم الصف بتاعه برقمه (id)',
  },
  import_variant_repeated_row: {
    en: 'Row {n} of this file already adds a variant with these values',
    ar: 'الصف {n} في الملف ده بيضيف نوع بنفس القيم دي',
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
