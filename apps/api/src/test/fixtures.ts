import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { brands, categories, productImages, products, promotions, specifications } from '../db/schema.ts';
import { refreshCurrentPrices } from '../modules/catalog/prices.ts';
import { productSearchText } from '../modules/catalog/search-text.ts';

export async function addCategory(
  db: DbOrTx,
  nameEn: string,
  nameAr: string,
  parentId: number | null = null,
  extra = {},
) {
  const [c] = await db
    .insert(categories)
    .values({ nameEn, nameAr, parentId, ...extra })
    .returning();
  return c!;
}
export async function addBrand(db: DbOrTx, nameEn: string, nameAr: string, extra = {}) {
  const [b] = await db
    .insert(brands)
    .values({ nameEn, nameAr, ...extra })
    .returning();
  return b!;
}
export async function addPromotion(db: DbOrTx, slug: string, startsAt: Date | null, endsAt: Date | null) {
  const [p] = await db
    .insert(promotions)
    .values({ nameEn: `Promo ${slug}`, nameAr: `عرض ${slug}`, slug, startsAt, endsAt })
    .returning();
  return p!;
}

export interface ProductInput {
  titleEn: string;
  titleAr: string;
  categoryId: number;
  brandId: number;
  priceEgp: number;
  promotionId?: number;
  promotedEgp?: number;
  stock?: number;
  maximumPerOrder?: number;
  featured?: boolean;
  specialOffer?: boolean;
  model?: string;
  createdAt?: Date;
}

/** Inserts a product the way the store does: search text from its names, current price from its promotion. */
export async function addProduct(db: DbOrTx, p: ProductInput, now = new Date()) {
  const [brand] = await db.select().from(brands).where(eq(brands.id, p.brandId));
  const [category] = await db.select().from(categories).where(eq(categories.id, p.categoryId));
  const [row] = await db
    .insert(products)
    .values({
      titleEn: p.titleEn,
      titleAr: p.titleAr,
      descriptionEn: `${p.titleEn} description`,
      descriptionAr: `وصف ${p.titleAr}`,
      categoryId: p.categoryId,
      brandId: p.brandId,
      model: p.model ?? null,
      pricePiastres: Math.round(p.priceEgp * 100),
      currentPricePiastres: Math.round(p.priceEgp * 100),
      promotionId: p.promotionId ?? null,
      promotedPricePiastres: p.promotedEgp === undefined ? null : Math.round(p.promotedEgp * 100),
      stock: p.stock ?? 10,
      maximumPerOrder: p.maximumPerOrder ?? null,
      featured: p.featured ?? false,
      specialOffer: p.specialOffer ?? false,
      createdAt: p.createdAt ?? now,
      searchText: productSearchText({
        titleEn: p.titleEn,
        titleAr: p.titleAr,
        brandEn: brand?.nameEn ?? '',
        brandAr: brand?.nameAr ?? '',
        model: p.model,
        category: { en: category?.nameEn ?? '', ar: category?.nameAr ?? '' },
      }),
    })
    .returning();
  await db.insert(productImages).values({
    productId: row!.id,
    originalUrl: `/uploads/test/${row!.id}.svg`,
    thumbnailUrl: `/uploads/test/${row!.id}-t.svg`,
    mediumUrl: `/uploads/test/${row!.id}-m.svg`,
  });
  await db.insert(specifications).values([
    {
      productId: row!.id,
      position: 0,
      keyEn: 'Warranty',
      keyAr: 'الضمان',
      valueEn: '2 years',
      valueAr: 'سنتين',
    },
  ]);
  await refreshCurrentPrices(db, now, [row!.id]);
  return row!;
}
