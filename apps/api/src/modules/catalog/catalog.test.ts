import {
  brandsResponseSchema,
  categoriesResponseSchema,
  productListResponseSchema,
  productResponseSchema,
  type Product,
} from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct, addPromotion } from '../../test/fixtures.ts';

let t: TestApp;
const ids: Record<string, number> = {};
const day = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const now = t.clock.now();
  const tv = await addCategory(db, 'TVs & Audio', 'تلفزيونات وصوتيات', null, { showOnHomepage: true });
  const screens = await addCategory(db, 'Televisions', 'شاشات', tv.id);
  const smart = await addCategory(db, 'Smart TVs', 'شاشات سمارت', screens.id);
  const kitchen = await addCategory(db, 'Kitchen', 'مطبخ', null);
  const fridges = await addCategory(db, 'Refrigerators', 'ثلاجات', kitchen.id);
  Object.assign(ids, {
    tv: tv.id,
    screens: screens.id,
    smart: smart.id,
    kitchen: kitchen.id,
    fridges: fridges.id,
  });
  const samsung = await addBrand(db, 'Samsung', 'سامسونج', { showOnHomepage: true });
  const lg = await addBrand(db, 'LG', 'ال جي');
  const toshiba = await addBrand(db, 'Toshiba', 'توشيبا');
  Object.assign(ids, { samsung: samsung.id, lg: lg.id, toshiba: toshiba.id });
  const running = await addPromotion(
    db,
    'white-friday',
    new Date(now.getTime() - day),
    new Date(now.getTime() + 10 * day),
  );
  const ended = await addPromotion(
    db,
    'old-promo',
    new Date(now.getTime() - 20 * day),
    new Date(now.getTime() - day),
  );
  Object.assign(ids, { running: running.id, ended: ended.id });

  const p = async (key: string, input: Parameters<typeof addProduct>[1]) => {
    ids[key] = (await addProduct(db, input, now)).id;
  };
  await p('samsungTv', {
    titleEn: 'Samsung 55 inch 4K Smart TV',
    titleAr: 'شاشة سامسونج 55 بوصة 4K سمارت',
    categoryId: smart.id,
    brandId: samsung.id,
    priceEgp: 27999,
    promotionId: running.id,
    promotedEgp: 24999,
    model: 'UA55CU7000',
    featured: true,
    createdAt: new Date(now.getTime() - 5 * day),
  });
  await p('lgTv', {
    titleEn: 'LG 43 inch Full HD TV',
    titleAr: 'شاشة إل جي 43 بوصة',
    categoryId: screens.id,
    brandId: lg.id,
    priceEgp: 12499.5,
    stock: 2,
    createdAt: new Date(now.getTime() - 2 * day),
  });
  await p('toshibaFridge', {
    titleEn: 'Toshiba No Frost Refrigerator 16 ft',
    titleAr: 'ثلاجة توشيبا نوفروست ١٦ قدم',
    categoryId: fridges.id,
    brandId: toshiba.id,
    priceEgp: 41000,
    promotionId: ended.id,
    promotedEgp: 35000,
    stock: 0,
    specialOffer: true,
    createdAt: new Date(now.getTime() - 1 * day),
  });
  await p('samsungFridge', {
    titleEn: 'Samsung Twin Cooling Fridge',
    titleAr: 'ثلاجه سامسونج تون كولينج',
    categoryId: fridges.id,
    brandId: samsung.id,
    priceEgp: 650,
    maximumPerOrder: 2,
    createdAt: new Date(now.getTime() - 10 * day),
    featured: true,
  });
  // Arabic written with diacritics and tatweel in the catalog.
  await p('kettle', {
    titleEn: 'Electric Kettle 1.7 L',
    titleAr: 'غَلّاية كهربـــائية ١٫٧ لتر',
    categoryId: kitchen.id,
    brandId: toshiba.id,
    priceEgp: 899,
    createdAt: new Date(now.getTime() - 3 * day),
  });
});
afterAll(() => t?.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};
const list = async (qs: string) => {
  const res = await get(`/v1/products?${qs}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return productListResponseSchema.parse(res.body);
};
const titles = (ps: Product[]) => ps.map((p) => p.title_en);

describe('product lists', () => {
  it('pages with next_page, null on the last page, and reports the price range', async () => {
    const first = await list('per_page=2&page=1');
    expect(first.products).toHaveLength(2);
    expect(first.meta).toMatchObject({
      per_page: 2,
      total_entries: 5,
      next_page: 2,
      min_price: 650,
      max_price: 41000,
    });
    const last = await list('per_page=2&page=3');
    expect(last.products).toHaveLength(1);
    expect(last.meta.next_page).toBeNull();
  });

  it('a category includes its sub-categories and grandchildren', async () => {
    const r = await list(`category_id=${ids.tv}`);
    expect(titles(r.products).sort()).toEqual(['LG 43 inch Full HD TV', 'Samsung 55 inch 4K Smart TV']);
    const leaf = await list(`category_id=${ids.smart}`);
    expect(titles(leaf.products)).toEqual(['Samsung 55 inch 4K Smart TV']);
  });

  it('filters by brand (one or several), featured, special offers and price', async () => {
    expect((await list(`brand_id=${ids.samsung}`)).meta.total_entries).toBe(2);
    expect((await list(`brand_id=${ids.samsung},${ids.lg}`)).meta.total_entries).toBe(3);
    expect(titles((await list('featured=true')).products).sort()).toEqual([
      'Samsung 55 inch 4K Smart TV',
      'Samsung Twin Cooling Fridge',
    ]);
    expect(titles((await list('in_dedicated_page=true')).products)).toEqual([
      'Toshiba No Frost Refrigerator 16 ft',
    ]);
    const priced = await list('min_price=800&max_price=13000');
    expect(titles(priced.products).sort()).toEqual(['Electric Kettle 1.7 L', 'LG 43 inch Full HD TV']);
    // The slider keeps the whole range of the list, not of the filtered page.
    expect(priced.meta).toMatchObject({ min_price: 650, max_price: 41000, total_entries: 2 });
  });

  it('a running promotion lowers the price; an ended one does not', async () => {
    const promo = await list('in_active_promotion=true');
    expect(titles(promo.products)).toEqual(['Samsung 55 inch 4K Smart TV']);
    const tv = promo.products[0]!;
    expect(tv).toMatchObject({ price: 27999, price_after_promotion: 24999, checkout_price: 24999 });
    expect(tv.promotion?.slug).toBe('white-friday');
    expect(titles((await list('promotion_slug=white-friday')).products)).toEqual([
      'Samsung 55 inch 4K Smart TV',
    ]);
    expect(titles((await list(`promotion_id=${ids.running}`)).products)).toEqual([
      'Samsung 55 inch 4K Smart TV',
    ]);
    const fridge = (await get(`/v1/products/${ids.toshibaFridge}`)).body.product as Product;
    expect(fridge).toMatchObject({
      price: 41000,
      price_after_promotion: null,
      checkout_price: 41000,
      promotion: null,
    });
  });

  it('sorts by price both ways, newest and featured', async () => {
    expect(titles((await list('lowest_price=true')).products)[0]).toBe('Samsung Twin Cooling Fridge');
    expect(titles((await list('lowest_to_highest_price=true')).products).at(-1)).toBe(
      'Toshiba No Frost Refrigerator 16 ft',
    );
    const high = (await list('highest_price=true')).products.map((p) => p.checkout_price);
    expect(high).toEqual([...high].sort((a, b) => b - a));
    expect((await list('highest_to_lowest_price=true')).products.map((p) => p.checkout_price)).toEqual(high);
    expect(titles((await list('latest_to_oldest=true')).products)).toEqual([
      'Toshiba No Frost Refrigerator 16 ft',
      'LG 43 inch Full HD TV',
      'Electric Kettle 1.7 L',
      'Samsung 55 inch 4K Smart TV',
      'Samsung Twin Cooling Fridge',
    ]);
    const featured = (await list('featured_first=true')).products;
    expect(featured.slice(0, 2).every((p) => p.featured)).toBe(true);
    // Default: what can be bought comes before what is out of stock.
    expect((await list('')).products.at(-1)!.stock).toBe(0);
  });

  it('names come in the requested language with both raw fields', async () => {
    const ar = (await list(`brand_id=${ids.lg}&locale=ar`)).products[0]!;
    expect(ar).toMatchObject({
      title: 'شاشة إل جي 43 بوصة',
      title_en: 'LG 43 inch Full HD TV',
      title_ar: 'شاشة إل جي 43 بوصة',
    });
    expect(ar.brand.name).toBe('ال جي');
    const en = (await list(`brand_id=${ids.lg}&locale=en`)).products[0]!;
    expect(en.title).toBe('LG 43 inch Full HD TV');
    expect(en.category.name).toBe('Televisions');
    expect(en.price).toBe(12499.5);
  });
});

describe('search that works for Arabic', () => {
  const search = async (q: string) => titles((await list(`query=${encodeURIComponent(q)}`)).products);

  it('ignores alef forms: اِل / إل / ال', async () => {
    expect(await search('شاشة ال جي')).toContain('LG 43 inch Full HD TV');
    expect(await search('إل جي')).toContain('LG 43 inch Full HD TV');
    expect(await search('أل جى')).toContain('LG 43 inch Full HD TV');
  });
  it('treats taa marbuta and haa alike, both ways', async () => {
    expect(await search('ثلاجه توشيبا')).toContain('Toshiba No Frost Refrigerator 16 ft');
    expect(await search('ثلاجة سامسونج')).toContain('Samsung Twin Cooling Fridge');
  });
  it('treats alef maqsura and yaa alike', async () => {
    expect(await search('توشىبا')).toContain('Toshiba No Frost Refrigerator 16 ft');
  });
  it('ignores diacritics and tatweel on either side', async () => {
    expect(await search('غلايه كهربائيه')).toEqual(['Electric Kettle 1.7 L']);
    expect(await search('سَامْسُونـــج')).toHaveLength(2);
  });
  it('Arabic-Indic digits equal Latin ones', async () => {
    expect(await search('١٦ قدم')).toContain('Toshiba No Frost Refrigerator 16 ft');
    expect(await search('شاشة ٥٥')).toEqual(['Samsung 55 inch 4K Smart TV']);
  });
  it('matches brand, model and category, not only titles', async () => {
    expect(await search('ua55cu7000')).toEqual(['Samsung 55 inch 4K Smart TV']);
    expect((await search('Refrigerators')).sort()).toEqual([
      'Samsung Twin Cooling Fridge',
      'Toshiba No Frost Refrigerator 16 ft',
    ]);
    // A section named whole finds what is under it (the Samsung is in Smart TVs, under Televisions); a word of a
    // department's name of two things does not make its products hold it (تلفزيونات وصوتيات: TVs and audio).
    expect((await search('televisions')).sort()).toEqual([
      'LG 43 inch Full HD TV',
      'Samsung 55 inch 4K Smart TV',
    ]);
    expect(await search('صوتيات')).toEqual([]);
  });
  it('finds the product despite small typos', async () => {
    expect(await search('samsng')).toHaveLength(2);
    expect(await search('refrigirator')).toContain('Toshiba No Frost Refrigerator 16 ft');
    expect(await search('سامسنج')).toHaveLength(2);
  });
  it('drops the Arabic article: الثلاجة finds ثلاجة', async () => {
    expect(await search('الثلاجة')).toHaveLength(2);
  });
  it('ranks the closest match first', async () => {
    expect((await search('samsung tv'))[0]).toBe('Samsung 55 inch 4K Smart TV');
    expect((await search('fridge'))[0]).toBe('Samsung Twin Cooling Fridge');
  });
  it('finds nothing for unrelated words', async () => {
    expect(await search('playstation')).toEqual([]);
  });
});

describe('single product', () => {
  it('returns specifications and the category path; 404 when unknown', async () => {
    const res = await get(`/v1/products/${ids.samsungTv}?locale=en`);
    expect(res.status).toBe(200);
    const { product } = productResponseSchema.parse(res.body);
    expect(product.specifications[0]).toMatchObject({ key: 'Warranty', value: '2 years', key_ar: 'الضمان' });
    expect(product.category.path.map((c) => c.name)).toEqual(['TVs & Audio', 'Televisions', 'Smart TVs']);
    const missing = await get('/v1/products/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual(['المنتج ده مش موجود']);
  });
});

describe('categories, brands, promotions', () => {
  it('categories: a tree by default, flat with show_all, children of one, homepage ones', async () => {
    const tree = categoriesResponseSchema.parse((await get('/v1/categories?locale=en')).body).categories;
    expect(tree.map((c) => c.name)).toEqual(['TVs & Audio', 'Kitchen']);
    expect(tree[0]!.children[0]!.children[0]!.name).toBe('Smart TVs');
    expect(((await get('/v1/categories?show_all=true')).body.categories as unknown[]).length).toBe(5);
    const kids = (await get(`/v1/categories?category_id=${ids.kitchen}&locale=en`)).body.categories as {
      name: string;
    }[];
    expect(kids.map((c) => c.name)).toEqual(['Refrigerators']);
    const home = (await get('/v1/categories?show_on_homepage=true&locale=en')).body.categories as {
      name: string;
    }[];
    expect(home.map((c) => c.name)).toEqual(['TVs & Audio']);
    const special = (await get('/v1/categories?dedicated_page=true&locale=en')).body.categories as {
      name: string;
    }[];
    expect(special.map((c) => c.name)).toEqual(['Refrigerators']);
  });

  it('brands: paged, homepage, by category, by id', async () => {
    const page = brandsResponseSchema.parse((await get('/v1/brands?per_page=2&page=1')).body);
    expect(page.brands).toHaveLength(2);
    expect(page.meta).toMatchObject({ total_entries: 3, next_page: 2 });
    expect(
      ((await get('/v1/brands?per_page=2&page=2')).body.meta as { next_page: null }).next_page,
    ).toBeNull();
    const home = (await get('/v1/brands?show_on_homepage=true&locale=en')).body.brands as { name: string }[];
    expect(home.map((b) => b.name)).toEqual(['Samsung']);
    const inKitchen = (await get(`/v1/brands?category_id=${ids.kitchen}&locale=en`)).body.brands as {
      name: string;
    }[];
    expect(inKitchen.map((b) => b.name).sort()).toEqual(['Samsung', 'Toshiba']);
    expect((await get(`/v1/brands/${ids.lg}?locale=ar`)).body.brand).toMatchObject({
      name: 'ال جي',
      name_en: 'LG',
    });
    expect((await get('/v1/brands/9999')).status).toBe(404);
  });

  it('promotions: only running ones, by id and by slug', async () => {
    const promos = (await get('/v1/promotions?locale=en')).body.promotions as { slug: string }[];
    expect(promos.map((p) => p.slug)).toEqual(['white-friday']);
    expect((await get(`/v1/promotions/${ids.running}`)).body.promotion).toMatchObject({
      slug: 'white-friday',
    });
    expect((await get('/v1/promotions/white-friday')).status).toBe(200);
    expect((await get(`/v1/promotions/${ids.ended}`)).status).toBe(404);
  });
});

describe('bad input gets a clear 4xx, never a 500', () => {
  it.each([
    ['page=abc', 'page'],
    ['per_page=1000', 'per_page'],
    ['per_page=0', 'per_page'],
    ['category_id=-3', 'category_id'],
    ['featured=maybe', 'featured'],
    ['min_price=12a', 'min_price'],
    ['brand_id=1,x', 'brand_id'],
  ])('%s', async (qs, field) => {
    const res = await get(`/v1/products?${qs}&locale=en`);
    expect(res.status).toBe(422);
    const errors = res.body.errors as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]![0]).toMatch(/[a-z]/);
  });
  it('messages follow the locale', async () => {
    expect((await get('/v1/products?per_page=1000&locale=en')).body.errors).toEqual({
      per_page: ['must be at most 100'],
    });
    expect((await get('/v1/products?per_page=1000')).body.errors).toEqual({
      per_page: ['لازم ميزيدش عن 100'],
    });
    expect((await get('/v1/products?min_price=abc&locale=en')).body.errors).toEqual({
      min_price: ['Only numbers are allowed in the price field.'],
    });
  });
  it('unknown routes answer a JSON 404', async () => {
    const res = await get('/v1/nothing-here?locale=en');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: ['This page does not exist'] });
    expect((await get('/v1/products/abc')).status).toBe(422);
  });
});

describe('API reference', () => {
  it('publishes an OpenAPI document generated from the contracts', async () => {
    const res = await get('/v1/openapi.json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, { get?: { parameters?: { name: string }[] } }>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/v1/products',
        '/v1/products/{id}',
        '/v1/categories',
        '/v1/brands',
        '/v1/page_settings',
        '/v1/branches',
      ]),
    );
    const params = paths['/v1/products']!.get!.parameters!.map((p) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['query', 'per_page', 'lowest_price', 'promotion_slug', 'in_dedicated_page']),
    );
  });
});

describe('catalog answers cache', () => {
  it('serves a repeated list from memory until it expires, and never caches errors', async () => {
    const { createTestApp: make } = await import('../../test/app.ts');
    const c = await make({ catalogCacheMs: 60_000 });
    try {
      const url = '/v1/products?per_page=2&locale=en';
      const first = await c.app.inject({ method: 'GET', url });
      expect(first.headers['x-cache']).toBe('miss');
      const second = await c.app.inject({ method: 'GET', url });
      expect(second.headers['x-cache']).toBe('hit');
      expect(second.body).toBe(first.body);
      // The client's cache headers do not send it to the database (issue 12).
      const noCache = await c.app.inject({ method: 'GET', url, headers: { 'cache-control': 'no-cache' } });
      expect(noCache.headers['x-cache']).toBe('hit');
      const bad = await c.app.inject({ method: 'GET', url: '/v1/products?page=x' });
      expect(bad.statusCode).toBe(422);
      expect(c.app.responseCache.size).toBe(1);
    } finally {
      await c.close();
    }
  });
});
