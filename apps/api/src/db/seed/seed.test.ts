import {
  categoriesResponseSchema,
  normalizeSearchText,
  pageSettingsResponseSchema,
  productListResponseSchema,
  productResponseSchema,
  type Category,
  type PageSettings,
  type Product,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBankInstallments, listBanks } from '../../modules/checkout/service.ts';
import { productSearchText } from '../../modules/catalog/search-text.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addGeneratedProducts } from './bulk.ts';
import { demoCatalog } from './catalog.ts';
import { seedDemo } from './index.ts';

type Row = Record<string, unknown>;
const query = async (t: TestApp, q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: Row[] }).rows;

async function get<T>(t: TestApp, url: string, schema?: { parse(v: unknown): T }): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return schema ? schema.parse(res.json()) : (res.json() as T);
}

/** Every product through the public list, page by page (what the storefront can reach). */
async function allProducts(t: TestApp): Promise<Product[]> {
  const out: Product[] = [];
  for (let page = 1; ; page++) {
    const r = await get(t, `/v1/products?per_page=100&page=${page}&locale=en`, productListResponseSchema);
    out.push(...r.products);
    if (r.meta.next_page === null) return out;
  }
}

describe('the demo catalog loaded on first start', () => {
  let t: TestApp;
  let uploads: string;
  let first: { seeded: boolean };
  let products: Product[];
  const fileOf = (url: string) => path.join(uploads, url.replace(/^\/uploads\//, ''));

  beforeAll(async () => {
    t = await createTestApp();
    uploads = await mkdtemp(path.join(tmpdir(), 'seed-test-'));
    // Two instances starting at once: one loads the catalog, the other finds it there.
    const both = await Promise.all([
      seedDemo(t.database.db, { uploadsDir: uploads, now: t.clock.now() }),
      seedDemo(t.database.db, { uploadsDir: uploads, now: t.clock.now() }),
    ]);
    first = both[0]!.seeded ? both[0]! : both[1]!;
    expect(both.filter((b) => b.seeded)).toHaveLength(1);
    products = await allProducts(t);
  });
  afterAll(async () => {
    await t?.close();
    if (uploads) await rm(uploads, { recursive: true, force: true });
  });

  it('has hundreds of products in a three-level category tree, from twenty brands and more', async () => {
    expect(first.seeded).toBe(true);
    expect(products.length).toBeGreaterThanOrEqual(300);
    const { categories } = await get(t, '/v1/categories?locale=ar', categoriesResponseSchema);
    expect(categories.length).toBeGreaterThanOrEqual(6);
    const depth = (c: Category): number => 1 + Math.max(0, ...c.children.map(depth));
    expect(Math.max(...categories.map(depth))).toBe(3);
    for (const c of categories) {
      expect(c.name).toMatch(/[\u0600-\u06FF]/);
      expect(c.icon_url).toMatch(/^\/uploads\/demo\/categories\/.+\.svg$/);
      expect(existsSync(fileOf(c.icon_url!))).toBe(true);
    }
    const home = await get(t, '/v1/categories?show_on_homepage=true', categoriesResponseSchema);
    expect(home.categories.length).toBeGreaterThanOrEqual(4);
    expect(home.categories.length).toBeLessThanOrEqual(10);

    const brands = await get<{ brands: { id: number; icon_url: string | null }[] }>(
      t,
      '/v1/brands?show_all=true',
    );
    expect(brands.brands.length).toBeGreaterThanOrEqual(20);
    for (const b of brands.brands) expect(existsSync(fileOf(b.icon_url!))).toBe(true);
    const homeBrands = await get<{ brands: unknown[] }>(t, '/v1/brands?show_on_homepage=true&per_page=6');
    expect(homeBrands.brands).toHaveLength(6);
    // Every brand sells something, and every product sits in a leaf category.
    expect(new Set(products.map((p) => p.brand.id)).size).toBe(brands.brands.length);
    const [{ n: inner }] = (await query(
      t,
      sql`select count(*) as n from products p where exists (select 1 from categories c where c.parent_id = p.category_id)`,
    )) as [{ n: number }];
    expect(Number(inner)).toBe(0);
  });

  it('is written in both languages, with specifications in both, and brands that fit the category', async () => {
    const [p] = products.filter((x) =>
      x.title_en.startsWith('Samsung 55 Inch 4K UHD Smart LED TV UA55CU7000'),
    );
    expect(p).toBeTruthy();
    expect(p!.title_ar).toBe('شاشة سامسونج 55 بوصة سمارت 4K UHD UA55CU7000');
    expect(p!.model).toBe('UA55CU7000');
    for (const x of products) {
      expect(x.title_ar).toMatch(/[\u0600-\u06FF]/);
      expect(x.description_ar).toMatch(/[\u0600-\u06FF]/);
      expect(x.description_en.length).toBeGreaterThan(40);
      expect(x.model).toBeTruthy();
    }
    const { product } = await get(t, `/v1/products/${p!.id}?locale=ar`, productResponseSchema);
    expect(product.specifications.length).toBeGreaterThanOrEqual(6);
    for (const s of product.specifications) {
      expect(s.key_ar).toMatch(/[\u0600-\u06FF]/);
      expect(s.key_en).toMatch(/[A-Za-z]/);
    }
    expect(product.category.path.map((c) => c.name)).toEqual([
      'الشاشات والصوتيات',
      'شاشات التليفزيون',
      'شاشات سمارت',
    ]);
    // No Apple fridges: brands stay with what they make.
    const brandsOf = (section: string) =>
      new Set(products.filter((x) => x.category.name_en === section).map((x) => x.brand.name_en));
    expect(brandsOf('Two-Door Refrigerators').has('Apple')).toBe(false);
    expect([...brandsOf('iPhone')]).toEqual(['Apple']);
    expect(brandsOf('Consoles')).toEqual(new Set(['Sony', 'Microsoft', 'Nintendo']));
  });

  it('no title says a word twice in a row (the seed once wrote "Midea Portable Portable Air Conditioner")', () => {
    for (const p of products) expect(p.title_en, p.title_en).not.toMatch(/\b([a-z]+) \1\b/i);
  });

  it('prices run from a few hundred pounds to over 100,000, many at 25,000 or more', () => {
    const prices = products.map((p) => p.price);
    for (const p of prices) expect(Number.isInteger(p)).toBe(true);
    expect(Math.min(...prices)).toBeLessThan(1000);
    expect(Math.max(...prices)).toBeGreaterThan(100_000);
    expect(prices.filter((p) => p >= 25_000).length).toBeGreaterThanOrEqual(60);
  });

  it('has products out of stock, with 1 to 3 left, plenty, and some limited per order', () => {
    expect(products.filter((p) => p.stock === 0).length).toBeGreaterThan(0);
    expect(products.filter((p) => p.stock >= 1 && p.stock <= 3).length).toBeGreaterThan(0);
    expect(products.filter((p) => p.stock > 20).length).toBeGreaterThan(products.length / 2);
    const capped = products.filter((p) => p.maximum_number_per_order !== null);
    expect(capped.length).toBeGreaterThan(0);
    expect(capped.some((p) => p.maximum_number_per_order! < p.stock)).toBe(true);
    expect(
      products.some((p) => p.stock >= 2 && p.stock <= 3 && (p.maximum_number_per_order ?? 99) >= p.stock),
    ).toBe(true);
    expect(products.filter((p) => p.featured).length).toBeGreaterThanOrEqual(8);
    expect(products.filter((p) => p.special_offer).length).toBeGreaterThanOrEqual(8);
  });

  it('new arrivals are spread over time, the newest from the last days', () => {
    const ages = products.map((p) => (t.clock.now().getTime() - Date.parse(p.created_at)) / 86_400_000);
    expect(Math.min(...ages)).toBeLessThan(7);
    expect(Math.max(...ages)).toBeGreaterThan(180);
    expect(ages.every((a) => a > 0)).toBe(true);
  });

  it('every product has 1 to 4 pictures in three sizes on disk, and a phone and a TV have a 3D model', () => {
    for (const p of products) {
      const photos = p.images.filter((i) => !i.is_3d_image);
      expect(photos.length).toBeGreaterThanOrEqual(1);
      expect(photos.length).toBeLessThanOrEqual(4);
      for (const im of p.images) {
        for (const url of [im.original, im.versions.thumbnail, im.versions.medium]) {
          expect(url).toMatch(/^\/uploads\/demo\//);
          expect(existsSync(fileOf(url)), url).toBe(true);
        }
      }
    }
    expect(products.filter((p) => p.images.filter((i) => !i.is_3d_image).length >= 2).length).toBeGreaterThan(
      100,
    );
    const with3d = products.filter((p) => p.images.some((i) => i.is_3d_image));
    expect(with3d.map((p) => p.category.name_en).sort()).toEqual(['4K, QLED & OLED TVs', 'Android Phones']);
    for (const p of with3d) {
      const model = p.images.find((i) => i.is_3d_image)!;
      expect(model.original).toMatch(/\.gltf$/);
      const gltf = JSON.parse(readFileSync(fileOf(model.original), 'utf8')) as { asset: { version: string } };
      expect(gltf.asset.version).toBe('2.0');
      // Its poster is a picture, and the gallery opens on a picture.
      expect(model.versions.medium).toMatch(/\.svg$/);
      expect(p.images[0]!.is_3d_image).toBe(false);
    }
    const svg = readFileSync(fileOf(products[0]!.images[0]!.versions.medium), 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="600"/);
  });

  it('promotions run now, with promoted prices below the price; an ended one no longer applies', async () => {
    const { promotions } = await get<{ promotions: { id: number; slug: string }[] }>(
      t,
      '/v1/promotions?locale=ar',
    );
    expect(promotions.map((p) => p.slug)).toEqual(
      expect.arrayContaining(['white-friday', 'ramadan-offers', 'back-to-school']),
    );
    const promoted = await get(
      t,
      '/v1/products?in_active_promotion=true&per_page=100&locale=en',
      productListResponseSchema,
    );
    expect(promoted.meta.total_entries).toBeGreaterThanOrEqual(30);
    for (const p of promoted.products) {
      expect(p.promotion).not.toBeNull();
      expect(p.price_after_promotion!).toBeLessThan(p.price);
      expect(p.checkout_price).toBe(p.price_after_promotion);
    }
    for (const slug of ['white-friday', 'ramadan-offers', 'back-to-school']) {
      const list = await get(t, `/v1/products?promotion_slug=${slug}&per_page=1`, productListResponseSchema);
      expect(list.meta.total_entries, slug).toBeGreaterThan(0);
    }
    // The ended Eid offers: its products sell at their price.
    const ended = await query(
      t,
      sql`select p.price_piastres, p.current_price_piastres from products p join promotions pr on pr.id = p.promotion_id
          where pr.slug = 'eid-al-adha-offers'`,
    );
    expect(ended.length).toBeGreaterThan(0);
    for (const r of ended) expect(Number(r.current_price_piastres)).toBe(Number(r.price_piastres));
    expect(promotions.map((p) => p.slug)).not.toContain('eid-al-adha-offers');
  });

  it('an Arabic search finds products, however the shopper spells it', async () => {
    for (const q of [
      'سامسونج',
      'شاشه سامسونج',
      'ثلاجة توشيبا',
      'تكييف كاريير',
      'غساله',
      'ايفون 16',
      'لاب توب لينوفو',
    ]) {
      const r = await get(
        t,
        `/v1/products?query=${encodeURIComponent(q)}&per_page=5&locale=ar`,
        productListResponseSchema,
      );
      expect(r.meta.total_entries, q).toBeGreaterThan(0);
    }
    const samsung = await get(
      t,
      `/v1/products?query=${encodeURIComponent('سامسونج')}&per_page=50`,
      productListResponseSchema,
    );
    expect(samsung.products.every((p) => p.brand.name_en === 'Samsung')).toBe(true);
    const english = await get(t, '/v1/products?query=air%20fryer&per_page=5', productListResponseSchema);
    expect(english.meta.total_entries).toBeGreaterThan(0);
  });

  it('home page and about-us settings come in both languages', async () => {
    const settings = async (group: string, locale: string) =>
      (await get(t, `/v1/page_settings?group=${group}&locale=${locale}`, pageSettingsResponseSchema))
        .page_settings;
    const home: PageSettings = await settings('home_page', 'ar');
    for (const name of [
      'top_slider_first',
      'top_slider_second',
      'explore_first',
      'explore_second',
      'explore_third',
      'explore_fourth',
    ]) {
      for (const n of [name, `${name}_ar`]) {
        const url = home[n]?.attachment_url;
        expect(url, n).toMatch(/^\/uploads\/demo\/banners\/.+\.svg$/);
        expect(existsSync(fileOf(url!)), n).toBe(true);
      }
      expect(home[name]!.attachment_url).not.toBe(home[`${name}_ar`]!.attachment_url);
    }
    const links = ['first', 'second', 'third', 'fourth'].map((n) => home[`explore_${n}_link`]?.value ?? '');
    expect(links.some((l) => /^https:\/\//.test(l))).toBe(true);
    expect(links.some((l) => l.startsWith('/'))).toBe(true);
    const internal = links.find((l) => l.startsWith('/products?category_id='))!;
    const cat = Number(new URL(internal, 'http://x').searchParams.get('category_id'));
    expect(
      (await get(t, `/v1/products?category_id=${cat}&per_page=1`, productListResponseSchema)).meta
        .total_entries,
    ).toBeGreaterThan(0);
    expect(home.video_banner_image?.attachment_url).toMatch(/\.svg$/);
    expect(home.video_banner_link?.value).toMatch(/^https:\/\/www\.youtube\.com\//);

    const aboutAr = await settings('about_us', 'ar');
    const aboutEn = await settings('about_us', 'en');
    for (const name of ['first_title', 'first_paragraph', 'second_title', 'second_paragraph']) {
      expect(aboutAr[name]?.value, name).toMatch(/[\u0600-\u06FF]/);
      expect(aboutEn[name]?.value, name).toMatch(/^[^\u0600-\u06FF]+$/);
    }
  });

  it('three branches with real coordinates, all 27 governorates, and banks with installment plans', async () => {
    const { branches } = await get<{
      branches: { name: string; address: string; lat: number; lng: number; phone_numbers: string[] }[];
    }>(t, '/v1/branches?show_all=true&locale=ar');
    expect(branches).toHaveLength(3);
    for (const b of branches) {
      expect(b.address).toMatch(/[\u0600-\u06FF]/);
      expect(b.lat).toBeGreaterThan(29.9);
      expect(b.lat).toBeLessThan(31.4);
      expect(b.lng).toBeGreaterThan(29.8);
      expect(b.lng).toBeLessThan(31.5);
      expect(b.phone_numbers.length).toBeGreaterThan(0);
    }
    const { delivery_zones: zones } = await get<{
      delivery_zones: { name_en: string; name_ar: string; shipping_fees: number }[];
    }>(t, '/v1/delivery_zones');
    expect(zones).toHaveLength(27);
    const fee = (n: string) => zones.find((z) => z.name_en === n)!.shipping_fees;
    expect(fee('Cairo')).toBeLessThan(fee('Aswan'));
    expect(fee('Giza')).toBeLessThan(fee('South Sinai'));
    for (const z of zones) expect(z.name_ar).toMatch(/[\u0600-\u06FF]/);

    const banks = await listBanks(t.database.db, 'ar');
    expect(banks.map((b) => b.name)).toContain('البنك الأهلي المصري');
    expect(banks.length).toBeGreaterThanOrEqual(4);
    for (const b of banks) {
      const plans = await listBankInstallments(t.database.db, b.id, 'ar');
      expect(plans.length, b.name).toBeGreaterThanOrEqual(2);
    }
    const all = await listBankInstallments(t.database.db, undefined, 'en');
    expect(all.some((p) => /0% interest/.test(p.title))).toBe(true);
    // Latin digits and the month's plural by the number (6 شهور, 12 شهر), and a minimum amount on every plan:
    // no installments on a few hundred pounds (issue 43).
    const ar = await listBankInstallments(t.database.db, undefined, 'ar');
    for (const p of ar) {
      expect(p.title, p.title).not.toMatch(/[\u0660-\u0669\u066A]/);
      expect(p.title.startsWith(`${p.months} ${p.months <= 10 ? 'شهور' : 'شهر'} `), p.title).toBe(true);
      expect(p.minimum_amount, p.title).toBeGreaterThanOrEqual(1_000);
      expect(p.minimum_amount, p.title).toBeLessThanOrEqual(3_000);
    }
  });

  it('a second start adds nothing', async () => {
    const count = async () =>
      Object.fromEntries(
        await Promise.all(
          [
            'products',
            'categories',
            'brands',
            'promotions',
            'page_settings',
            'branches',
            'delivery_zones',
            'banks',
          ].map(async (table) => [
            table,
            Number((await query(t, sql`select count(*) as n from ${sql.identifier(table)}`))[0]!.n),
          ]),
        ),
      );
    const before = await count();
    expect(await seedDemo(t.database.db, { uploadsDir: uploads, now: t.clock.now() })).toEqual({
      seeded: false,
    });
    expect(await count()).toEqual(before);
  });
});

describe("the demo catalog's titles", () => {
  it('name the same connectors in both languages (a charger was Type-A in English and Type-C in Arabic, issue 43)', () => {
    // As the search reads them: USB-C is also type c and تايب سي, USB-A type a and تايب ايه.
    const connectors = (title: string) => {
      const words = ` ${normalizeSearchText(title)} `;
      return [
        /( usb c | type c | تايب سي )/.test(words) ? 'USB-C' : '',
        /( usb a | type a | تايب ايه )/.test(words) ? 'USB-A' : '',
      ].filter(Boolean);
    };
    const products = demoCatalog(new Date());
    expect(products.filter((p) => connectors(p.titleEn).length).length).toBeGreaterThan(10);
    for (const p of products)
      expect([p.titleEn, connectors(p.titleAr)]).toEqual([p.titleEn, connectors(p.titleEn)]);
  });
});

describe('generated products for load tests', () => {
  let t: TestApp;
  let uploads: string;
  let demoCount: number;

  beforeAll(async () => {
    t = await createTestApp();
    uploads = await mkdtemp(path.join(tmpdir(), 'seed-bulk-'));
    await seedDemo(t.database.db, { uploadsDir: uploads, now: t.clock.now() });
    demoCount = Number(
      (await query(t, sql`select count(*) as n from products where variant_of is null`))[0]!.n,
    );
  });
  afterAll(async () => {
    await t?.close();
    if (uploads) await rm(uploads, { recursive: true, force: true });
  });

  it('grow the catalog to the number asked, once, searchable like the rest', async () => {
    const target = demoCount + 1500;
    // rebuildIndexFrom 1: the path a 100,000-product load takes (search index dropped and built again).
    const added = await addGeneratedProducts(t.database.db, target, {
      now: t.clock.now(),
      batch: 600,
      rebuildIndexFrom: 1,
    });
    expect(added).toBe(1500);
    expect(await addGeneratedProducts(t.database.db, target, { now: t.clock.now() })).toBe(0);
    const total = await get(t, '/v1/products?per_page=1', productListResponseSchema);
    expect(total.meta.total_entries).toBe(target);

    // Each one has a picture that exists, a category and brand of its template, and the search text the store writes.
    const sample = await query(
      t,
      sql`select p.id, p.title_en, p.title_ar, p.model, p.series, p.search_text, p.price_piastres,
            p.current_price_piastres, p.promoted_price_piastres, b.name_en as brand_en, b.name_ar as brand_ar,
            c.name_en as category_en, c.name_ar as category_ar,
            (select count(*) from product_images i where i.product_id = p.id) as images,
            (select original_url from product_images i where i.product_id = p.id limit 1) as image
          from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
          where p.sku like 'GEN-%' order by p.id limit 200`,
    );
    expect(sample).toHaveLength(200);
    for (const r of sample) {
      expect(Number(r.images)).toBe(1);
      expect(existsSync(path.join(uploads, String(r.image).replace(/^\/uploads\//, '')))).toBe(true);
      expect(r.search_text).toBe(
        productSearchText({
          titleEn: String(r.title_en),
          titleAr: String(r.title_ar),
          brandEn: String(r.brand_en),
          brandAr: String(r.brand_ar),
          model: String(r.model),
          series: (r.series as string | null) ?? null,
          category: { en: String(r.category_en), ar: String(r.category_ar) },
        }),
      );
      expect(Number(r.price_piastres) % 100).toBe(0);
      if (r.promoted_price_piastres !== null) {
        expect(Number(r.current_price_piastres)).toBe(Number(r.promoted_price_piastres));
        expect(Number(r.current_price_piastres)).toBeLessThan(Number(r.price_piastres));
      }
    }
    // The rebuilt index serves searches, and finds the new editions in Arabic.
    const [idx] = await query(
      t,
      sql`select indexdef from pg_indexes where indexname = 'product_search_texts_trgm_idx'`,
    );
    expect(String(idx!.indexdef)).toMatch(/gin_trgm_ops/);
    const r = await get(
      t,
      `/v1/products?query=${encodeURIComponent('اوبن بوكس')}&per_page=1`,
      productListResponseSchema,
    );
    expect(r.meta.total_entries).toBeGreaterThan(0);
    expect(normalizeSearchText(r.products[0]!.title_ar)).toContain('اوبن بوكس');
  });
});
