/**
 * The demo's products sold in variants (issue 49, decision 034): an iPhone by colour and storage (one combination
 * not sold, one variant sold out) and fridges by colour. Each is a demo product that becomes the variants' product:
 * its title loses the colour and storage its variants name, and each variant shows the product's pictures.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { productImages, products } from '../schema.ts';
import { settleVariantProduct } from '../../modules/catalog-admin/variants-service.ts';
import { COLORS } from './products.ts';

interface VariantPlan {
  /** The demo product's model that becomes the variants' product. */
  model: string;
  title: { en: string; ar: string };
  options: { name_en: string; name_ar: string; values: { en: string; ar: string }[] }[];
  variants: { values: string[]; sku: string; priceEgp: number; stock: number }[];
}

const colour = (key: keyof typeof COLORS) => ({ en: COLORS[key][0], ar: COLORS[key][1] });
const COLOUR = { name_en: 'Colour', name_ar: 'اللون' };

export const VARIANT_PLANS: VariantPlan[] = [
  {
    model: 'MYE73AA/A',
    title: { en: 'Apple iPhone 16 5G', ar: 'أبل آيفون 16 5G' },
    options: [
      { ...COLOUR, values: [colour('black'), colour('blue'), colour('pink')] },
      {
        name_en: 'Storage',
        name_ar: 'المساحة',
        values: [
          { en: '128 GB', ar: '128 جيجا' },
          { en: '256 GB', ar: '256 جيجا' },
        ],
      },
    ],
    variants: [
      { values: ['Black', '128 GB'], sku: 'IP16-BLK-128', priceEgp: 49999, stock: 12 },
      { values: ['Black', '256 GB'], sku: 'IP16-BLK-256', priceEgp: 56999, stock: 5 },
      { values: ['Blue', '128 GB'], sku: 'IP16-BLU-128', priceEgp: 49999, stock: 8 },
      { values: ['Blue', '256 GB'], sku: 'IP16-BLU-256', priceEgp: 56999, stock: 0 },
      { values: ['Pink', '128 GB'], sku: 'IP16-PNK-128', priceEgp: 50499, stock: 3 },
    ],
  },
  {
    model: 'RS64T5F01B4',
    title: { en: 'Samsung Side by Side Refrigerator 617 Liters', ar: 'ثلاجة سامسونج سايد باي سايد 617 لتر' },
    options: [{ ...COLOUR, values: [colour('black'), colour('silver'), colour('inox')] }],
    variants: [
      { values: ['Black'], sku: 'RS64T5F01B4-BK', priceEgp: 54999, stock: 6 },
      { values: ['Silver'], sku: 'RS64T5F01B4-SL', priceEgp: 53999, stock: 9 },
      { values: ['Stainless Steel'], sku: 'RS64T5F01B4-SS', priceEgp: 56499, stock: 2 },
    ],
  },
];

/**
 * Gives the planned demo products their options and variants; a product already sold in variants (a second start)
 * or not in the catalog is left as it is. Runs in the seed's transaction, after prices are set.
 */
export async function seedVariants(tx: DbOrTx, now: Date): Promise<void> {
  for (const plan of VARIANT_PLANS) {
    const [p] = await tx
      .select()
      .from(products)
      .where(and(eq(products.model, plan.model), isNull(products.variantOf), isNull(products.variantOptions)))
      .limit(1);
    if (!p) continue;
    await tx
      .update(products)
      .set({
        titleEn: plan.title.en,
        titleAr: plan.title.ar,
        variantOptions: plan.options,
        stock: 0,
        sku: null,
      })
      .where(eq(products.id, p.id));
    const images = await tx.select().from(productImages).where(eq(productImages.productId, p.id));
    for (const v of plan.variants) {
      const price = v.priceEgp * 100;
      const [row] = await tx
        .insert(products)
        .values({
          titleEn: plan.title.en,
          titleAr: plan.title.ar,
          categoryId: p.categoryId,
          brandId: p.brandId,
          pricePiastres: price,
          currentPricePiastres: price,
          stock: v.stock,
          sku: v.sku,
          active: false,
          variantOf: p.id,
          variantValues: v.values.map((en, j) => plan.options[j]!.values.find((o) => o.en === en)!),
          createdAt: p.createdAt,
          updatedAt: now,
        })
        .returning({ id: products.id });
      if (images.length)
        await tx
          .insert(productImages)
          .values(images.map(({ id: _id, productId: _p, ...im }) => ({ ...im, productId: row!.id })));
    }
    await settleVariantProduct(tx, p.id, now);
  }
}
