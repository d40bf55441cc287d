/**
 * The demo store, loaded on first start (DESIGN.md "Data"): categories, brands, 500+ products with specifications
 * and pictures, promotions, page settings, branches, delivery zones, banks and installment plans.
 *
 * Idempotent: does nothing once the database has products. Safe when several instances start at once: the rows go
 * in one transaction behind an advisory lock, and whoever gets the lock second finds the products and stops.
 * The pictures are files under `<uploadsDir>/demo/`, written (atomically, identically) by every instance that
 * serves the demo catalog and does not have them yet.
 */
import { sql } from 'drizzle-orm';
import { DiskImageStore, type ImageStore } from '../../adapters/image-store.ts';
import type { Db, DbOrTx } from '../client.ts';
import { rows } from '../rows.ts';
import {
  bankInstallments,
  banks,
  branches,
  brands,
  categories,
  deliveryZones,
  pageSettings,
  productImages,
  products,
  promotions,
  specifications,
} from '../schema.ts';
import { refreshCurrentPrices } from '../../modules/catalog/prices.ts';
import { productSearchText } from '../../modules/catalog/search-text.ts';
import { insertDefaultSynonyms } from '../../modules/catalog/search/synonyms.ts';
import { BANKS, planMinimumEgp, planTitles } from './banks.ts';
import { BRANDS } from './brands.ts';
import { demoCatalog, type PlannedProduct } from './catalog.ts';
import { CATEGORY_TREE, DEPARTMENT_TINTS, flattenCategories } from './categories.ts';
import { pageSettingsSeed } from './content.ts';
import { DEMO_URL, demoFilesPresent, productImageFiles, writeDemoFiles } from './files.ts';
import { BRANCHES, DELIVERY_ZONES, deliveryDaysFor } from './places.ts';
import { PROMOTIONS } from './promotions.ts';
import { seedVariants } from './variants.ts';
import { brandLogoSvg, categoryIconSvg, phoneModel, tvModel, type Shape } from './svg.ts';

export interface SeedOptions {
  /** Folder served at /uploads (the pictures go to its demo/ folder), unless `images` names another store. */
  uploadsDir: string;
  /** The image store the pictures go to (IMAGE_STORE=s3: the bucket); default the disk store on uploadsDir. */
  images?: ImageStore;
  /** The seed's clock: promotions run around it, products were added before it. */
  now: Date;
}

/** pg_advisory_xact_lock key of the demo seed (any constant shared by every instance). */
export const SEED_LOCK_KEY = 7_270_001;

const DAY = 86_400_000;

const hasProducts = async (db: DbOrTx) => (await rows(db, sql`select 1 from products limit 1`)).length > 0;
const usesDemoFiles = async (db: DbOrTx) =>
  (await rows(db, sql`select 1 from product_images where original_url like ${`${DEMO_URL}/%`} limit 1`))
    .length > 0;

/** Every file the demo catalog points at, by path under `<uploadsDir>/demo/`. */
export function demoFiles(catalog: PlannedProduct[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const c of flattenCategories()) {
    files.set(
      `categories/${c.key}.svg`,
      categoryIconSvg(c.shape, DEPARTMENT_TINTS[c.department] ?? '#2563eb'),
    );
  }
  for (const b of BRANDS) files.set(`brands/${b.key}.svg`, brandLogoSvg(b.en, b.color));
  const views = new Set<string>();
  for (const p of catalog) {
    p.images.forEach((im, v) => {
      if (!im.is3d) views.add(`${p.shape}|${p.brand}|${v}`);
    });
  }
  for (const key of views) {
    const [shape, brand, v] = key.split('|') as [Shape, string, string];
    for (const [rel, content] of productImageFiles(shape, brand, Number(v))) files.set(rel, content);
  }
  files.set('models/phone.gltf', phoneModel());
  files.set('models/tv.gltf', tvModel());
  for (const [rel, content] of pageSettingsSeed(() => 0).files) files.set(rel, content);
  return files;
}

/** Loads the demo store when the database has no products yet. */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<{ seeded: boolean }> {
  const empty = !(await hasProducts(db));
  if (!empty && !(await usesDemoFiles(db))) return { seeded: false };
  const catalog = demoCatalog(opts.now);
  // The pictures first, so no page ever shows a product whose picture is missing.
  const images = opts.images ?? new DiskImageStore(opts.uploadsDir);
  if (!(await demoFilesPresent(images))) await writeDemoFiles(images, demoFiles(catalog));
  if (!empty) return { seeded: false };
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasProducts(tx)) return false;
    await insertDemo(tx, catalog, opts.now);
    return true;
  });
  return { seeded };
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

async function insertDemo(tx: DbOrTx, catalog: PlannedProduct[], now: Date) {
  /* categories: one level at a time, parents first */
  const flat = flattenCategories(CATEGORY_TREE);
  const categoryIds = new Map<string, number>();
  for (const depth of [1, 2, 3]) {
    const level = flat.filter((c) => c.depth === depth);
    if (!level.length) continue;
    const inserted = await tx
      .insert(categories)
      .values(
        level.map((c) => ({
          parentId: c.parentKey ? categoryIds.get(c.parentKey)! : null,
          nameEn: c.en,
          nameAr: c.ar,
          iconUrl: `${DEMO_URL}/categories/${c.key}.svg`,
          position: c.position,
          showOnHomepage: !!c.home,
        })),
      )
      .returning({ id: categories.id, nameEn: categories.nameEn, parentId: categories.parentId });
    for (const c of level) {
      const parentId = c.parentKey ? categoryIds.get(c.parentKey)! : null;
      const row = inserted.find((r) => r.nameEn === c.en && r.parentId === parentId);
      if (!row) throw new Error(`category ${c.key} was not inserted`);
      categoryIds.set(c.key, row.id);
    }
  }
  const byKey = new Map(flat.map((c) => [c.key, c]));

  /* brands */
  const brandRows = await tx
    .insert(brands)
    .values(
      BRANDS.map((b, i) => ({
        nameEn: b.en,
        nameAr: b.ar,
        iconUrl: `${DEMO_URL}/brands/${b.key}.svg`,
        featured: !!b.featured,
        showOnHomepage: !!b.home,
        position: i,
      })),
    )
    .returning({ id: brands.id, nameEn: brands.nameEn });
  const brandIds = new Map(BRANDS.map((b) => [b.key, brandRows.find((r) => r.nameEn === b.en)!.id]));
  const brandByKey = new Map(BRANDS.map((b) => [b.key, b]));

  /* promotions */
  await tx
    .insert(promotions)
    .values(
      PROMOTIONS.map((p) => ({
        nameEn: p.nameEn,
        nameAr: p.nameAr,
        slug: p.slug,
        startsAt: new Date(now.getTime() + p.startsInDays * DAY),
        endsAt: new Date(now.getTime() + p.endsInDays * DAY),
        active: true,
      })),
    )
    .onConflictDoNothing({ target: promotions.slug });
  const promoRows = await rows(tx, sql`select id, slug from promotions`);
  const promotionIds = new Map(promoRows.map((r) => [String(r.slug), Number(r.id)]));

  /* products, their specifications and pictures */
  for (const part of chunks(catalog, 200)) {
    const inserted = await tx
      .insert(products)
      .values(
        part.map((p) => {
          const brand = brandByKey.get(p.brand)!;
          const price = p.priceEgp * 100;
          return {
            titleEn: p.titleEn,
            titleAr: p.titleAr,
            descriptionEn: p.descriptionEn,
            descriptionAr: p.descriptionAr,
            categoryId: categoryIds.get(p.category)!,
            brandId: brandIds.get(p.brand)!,
            model: p.model,
            series: p.series,
            pricePiastres: price,
            promotionId: p.promotion ? promotionIds.get(p.promotion)! : null,
            promotedPricePiastres: p.promotedPriceEgp === null ? null : p.promotedPriceEgp * 100,
            currentPricePiastres: price,
            stock: p.stock,
            maximumPerOrder: p.maximumPerOrder,
            featured: p.featured,
            specialOffer: p.specialOffer,
            searchText: productSearchText({
              titleEn: p.titleEn,
              titleAr: p.titleAr,
              brandEn: brand.en,
              brandAr: brand.ar,
              model: p.model,
              series: p.series,
              category: byKey.get(p.category)!,
            }),
            sku: p.sku,
            createdAt: p.createdAt,
            updatedAt: p.createdAt,
          };
        }),
      )
      .returning({ id: products.id, model: products.model });
    const idOf = new Map(inserted.map((r) => [r.model!, r.id]));
    const specRows = part.flatMap((p) =>
      p.specs.map((s, position) => ({ productId: idOf.get(p.model)!, position, ...s })),
    );
    for (const c of chunks(specRows, 1000)) await tx.insert(specifications).values(c);
    await tx.insert(productImages).values(
      part.flatMap((p) =>
        p.images.map((im, position) => ({
          productId: idOf.get(p.model)!,
          position,
          originalUrl: im.original,
          thumbnailUrl: im.thumbnail,
          mediumUrl: im.medium,
          is3d: im.is3d,
        })),
      ),
    );
  }
  await refreshCurrentPrices(tx, now);
  // Some products sold in variants: an iPhone by colour and storage, a fridge by colour (issue 49).
  await seedVariants(tx, now);

  /* page settings */
  const { settings } = pageSettingsSeed((key) => {
    const id = categoryIds.get(key);
    if (!id) throw new Error(`unknown category ${key}`);
    return id;
  });
  await tx
    .insert(pageSettings)
    .values(
      settings.map((s) => ({ group: s.group, name: s.name, value: s.value, attachmentUrl: s.attachmentUrl })),
    )
    .onConflictDoNothing();

  // The Egyptian set of search synonyms (modules/catalog/search/synonyms.ts); rows already there are kept.
  await insertDefaultSynonyms(tx);

  /* branches, delivery zones, banks: only into empty tables (they have no natural key to merge on) */
  if (!(await rows(tx, sql`select 1 from branches limit 1`)).length) {
    await tx.insert(branches).values(BRANCHES.map((b, position) => ({ ...b, position })));
  }
  await tx
    .insert(deliveryZones)
    .values(
      DELIVERY_ZONES.map((z) => ({
        nameEn: z.nameEn,
        nameAr: z.nameAr,
        shippingFeesPiastres: z.feesEgp * 100,
        freeShippingFromPiastres: z.freeFromEgp === undefined ? null : z.freeFromEgp * 100,
        deliveryDaysMin: deliveryDaysFor(z.feesEgp).min,
        deliveryDaysMax: deliveryDaysFor(z.feesEgp).max,
      })),
    )
    .onConflictDoNothing({ target: deliveryZones.nameEn });
  if (!(await rows(tx, sql`select 1 from banks limit 1`)).length) {
    const bankRows = await tx
      .insert(banks)
      .values(BANKS.map((b, position) => ({ nameEn: b.nameEn, nameAr: b.nameAr, position })))
      .returning({ id: banks.id, nameEn: banks.nameEn });
    await tx.insert(bankInstallments).values(
      BANKS.flatMap((b) => {
        const bankId = bankRows.find((r) => r.nameEn === b.nameEn)!.id;
        return b.plans.map((p) => {
          const t = planTitles(p);
          return {
            bankId,
            titleEn: t.en,
            titleAr: t.ar,
            months: p.months,
            interestBasisPoints: p.interest * 100,
            feeBasisPoints: Math.round((p.fee ?? 0) * 100),
            minimumPiastres: planMinimumEgp(p.months) * 100,
          };
        });
      }),
    );
  }
}
