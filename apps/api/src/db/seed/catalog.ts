/**
 * The demo catalog as the store sells it: every product of products-*.ts with its stock, per-order limit, featured
 * and special-offer flags, age, promotion and pictures. Decided by a seeded generator, so every install gets the
 * same store; then a few guarantees the storefront relies on are checked (out of stock, 1–3 left, a per-order cap).
 */
import { BRAND_BY_KEY } from './brands.ts';
import { productImageUrls, PRODUCT_VIEWS, type ImageUrls } from './files.ts';
import { appliances } from './products-appliances.ts';
import { electronics } from './products-electronics.ts';
import { leafCategory, type ProductSeed } from './products.ts';
import { PROMOTIONS, type PromotionSeed } from './promotions.ts';
import { Rng, shopPrice } from './rng.ts';

export interface PlannedImage extends ImageUrls {
  is3d: boolean;
}

export interface PlannedProduct extends ProductSeed {
  stock: number;
  maximumPerOrder: number | null;
  featured: boolean;
  specialOffer: boolean;
  createdAt: Date;
  promotion: string | null;
  promotedPriceEgp: number | null;
  images: PlannedImage[];
  sku: string;
}

export const MODEL_URLS = { phone: '/uploads/demo/models/phone.gltf', tv: '/uploads/demo/models/tv.gltf' };

const DAY = 86_400_000;
/** Sections where shoppers buy a few of the same thing at most (a per-order cap is common). */
const LIMITED = new Set([
  'android-phones',
  'iphones',
  'consoles',
  'cooling-only-acs',
  'hot-cold-acs',
  'inverter-acs',
]);

function promotionFor(p: ProductSeed, rng: Rng): PromotionSeed | null {
  const cat = leafCategory(p.category);
  const covering = PROMOTIONS.filter(
    (pr) => pr.categories?.includes(p.category) || pr.departments?.includes(cat.department),
  ).sort(
    (a, b) => Number(!!b.categories?.includes(p.category)) - Number(!!a.categories?.includes(p.category)),
  );
  for (const pr of covering) if (rng.chance(pr.share)) return pr;
  return null;
}

/** Every product of the demo catalog, oldest first (ids follow the order products were added). */
export function demoCatalog(now: Date): PlannedProduct[] {
  const all = [...electronics(), ...appliances()];
  const models = new Set<string>();
  for (const p of all) {
    if (models.has(p.model)) throw new Error(`duplicate model ${p.model}`);
    models.add(p.model);
    if (!BRAND_BY_KEY.has(p.brand)) throw new Error(`unknown brand ${p.brand}`);
  }
  const planned = all.map((p): PlannedProduct => {
    const rng = new Rng(`demo:${p.model}`);
    const brand = BRAND_BY_KEY.get(p.brand)!;
    // Stock: about 7% sold out, 12% with 1 to 3 left, the rest plenty (fewer of the dear ones).
    const s = rng.float();
    const stock =
      s < 0.07 ? 0 : s < 0.19 ? rng.int(1, 3) : p.priceEgp > 50_000 ? rng.int(4, 25) : rng.int(5, 150);
    const limitChance = p.hot ? 0.75 : LIMITED.has(p.category) ? 0.3 : 0.05;
    const maximumPerOrder = rng.chance(limitChance) ? rng.pick([2, 2, 3, 3, 5]) : null;
    // Newer products are more likely: about one in eight arrived in the last two weeks.
    const ageDays = 400 * Math.pow(rng.float(), 1.6);
    const createdAt = new Date(now.getTime() - Math.max(ageDays * DAY, 3_600_000));
    const promo = promotionFor(p, rng);
    let promotedPriceEgp: number | null = null;
    let discount = 0;
    if (promo) {
      discount = rng.between(promo.discount[0], promo.discount[1]) / 100;
      promotedPriceEgp = shopPrice(p.priceEgp * (1 - discount));
      if (promotedPriceEgp >= p.priceEgp) promotedPriceEgp = p.priceEgp - (p.priceEgp < 1000 ? 10 : 50);
    }
    const running = promo && promo.endsInDays > 0;
    const featured = rng.chance(brand.featured ? 0.2 : 0.09);
    const specialOffer = rng.chance(0.05) || (!!running && discount >= 0.18);
    const n = rng.float();
    const count = n < 0.12 ? 1 : n < 0.5 ? 2 : n < 0.8 ? 3 : PRODUCT_VIEWS;
    const images: PlannedImage[] = Array.from({ length: count }, (_, v) => ({
      ...productImageUrls(p.shape, p.brand, v),
      is3d: false,
    }));
    if (p.model3d) {
      // The 3D model comes last, with the first picture as its poster.
      const poster = images[0]!;
      images.push({
        original: MODEL_URLS[p.model3d],
        thumbnail: poster.thumbnail,
        medium: poster.medium,
        is3d: true,
      });
    }
    return {
      ...p,
      stock,
      maximumPerOrder,
      featured: featured || !!p.model3d,
      specialOffer,
      createdAt,
      promotion: promo?.slug ?? null,
      promotedPriceEgp,
      images,
      sku: '',
    };
  });

  // What the storefront is expected to show, whatever the generator drew.
  const showcase = planned.filter((p) => p.model3d);
  for (const p of showcase) {
    p.stock = Math.max(p.stock, 12);
    p.maximumPerOrder = 3;
  }
  if (!planned.some((p) => p.stock === 0)) planned.find((p) => !p.model3d)!.stock = 0;
  if (!planned.some((p) => p.stock >= 2 && p.stock <= 3 && (p.maximumPerOrder ?? 99) >= p.stock)) {
    const p = planned.find((x) => !x.model3d && x.stock > 3)!;
    p.stock = 2;
    p.maximumPerOrder = null;
  }

  planned.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.model.localeCompare(b.model));
  planned.forEach((p, i) => {
    p.sku = `SAP-${String(100_001 + i)}`;
  });
  return planned;
}
