/**
 * A product's options and variants in the back office (issue 49, decision 034): PUT /v1/admin/products/{id}/variants
 * replaces them whole. Each variant names its value of every option (both languages, one of that option's values);
 * two variants may not share a combination or a SKU. An empty `variants` makes the product one item again.
 */
import { z } from 'zod';
import { STOCK_MAX } from './admin-stock.ts';
import { egpAmount, PRODUCT_SKU_MAX } from './admin-catalog.ts';
import { idParam } from './catalog.ts';
import { text, wholeNumber } from './text.ts';

export const OPTION_NAME_MAX = 60;
export const OPTIONS_MAX = 3;
export const OPTION_VALUES_MAX = 30;
export const VARIANTS_MAX = 100;

const name = text()
  .min(1, { error: 'required', abort: true })
  .max(OPTION_NAME_MAX, { error: `too_long:${OPTION_NAME_MAX}` })
  // The export writes a variant's values as "en | ar ; en | ar": a ; or | inside one could not be read back.
  .refine((v) => !/[;|]/.test(v), { message: 'variant_text_separator' });
const valueSchema = z.object({ en: name, ar: name });

export const adminVariantsBodySchema = z
  .object({
    options: z
      .array(
        z.object({
          name_en: name,
          name_ar: name,
          values: z
            .array(valueSchema)
            .min(1, { message: 'required' })
            .max(OPTION_VALUES_MAX, { message: `too_many:${OPTION_VALUES_MAX}` }),
        }),
      )
      .max(OPTIONS_MAX, { message: `too_many:${OPTIONS_MAX}` }),
    variants: z
      .array(
        z.object({
          /** An existing variant kept (its id); absent: a new one. */
          id: idParam.optional(),
          /** Its value of each option, in the options' order (the English value names it). */
          values: z.array(name).max(OPTIONS_MAX),
          sku: text()
            .max(PRODUCT_SKU_MAX, { error: `too_long:${PRODUCT_SKU_MAX}` })
            .nullish()
            .transform((v) => (v ? v : null)),
          price: egpAmount,
          price_after_promotion: egpAmount.nullish().transform((v) => v ?? null),
          stock: wholeNumber(0, STOCK_MAX),
        }),
      )
      .max(VARIANTS_MAX, { message: `too_many:${VARIANTS_MAX}` }),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    const skus = new Set<string>();
    v.variants.forEach((variant, i) => {
      if (variant.values.length !== v.options.length)
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'values'], message: 'variant_values_invalid' });
      variant.values.forEach((value, j) => {
        const option = v.options[j];
        if (option && !option.values.some((o) => o.en === value))
          ctx.addIssue({
            code: 'custom',
            path: ['variants', i, 'values', j],
            message: 'variant_values_invalid',
          });
      });
      const key = variant.values.join('\u0000');
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'values'], message: 'variant_repeated' });
      seen.add(key);
      if (variant.sku) {
        if (skus.has(variant.sku))
          ctx.addIssue({ code: 'custom', path: ['variants', i, 'sku'], message: 'variant_repeated' });
        skus.add(variant.sku);
      }
      if (variant.price_after_promotion !== null && variant.price_after_promotion >= variant.price)
        ctx.addIssue({
          code: 'custom',
          path: ['variants', i, 'price_after_promotion'],
          message: 'promotion_price_not_below',
        });
    });
    if (v.variants.length && !v.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'required' });
  });
export type AdminVariantsBody = z.infer<typeof adminVariantsBodySchema>;

/** GET and PUT /v1/admin/products/{id}/variants: the options and the variants (prices in EGP). */
export const adminVariantsResponseSchema = z.object({
  options: z.array(
    z.object({
      name_en: z.string(),
      name_ar: z.string(),
      values: z.array(z.object({ en: z.string(), ar: z.string() })),
    }),
  ),
  variants: z.array(
    z.object({
      id: z.number().int(),
      values: z.array(z.object({ en: z.string(), ar: z.string() })),
      sku: z.string().nullable(),
      price: z.number(),
      price_after_promotion: z.number().nullable(),
      stock: z.number().int(),
      title_en: z.string(),
      title_ar: z.string(),
    }),
  ),
});
export type AdminVariantsResponse = z.infer<typeof adminVariantsResponseSchema>;
