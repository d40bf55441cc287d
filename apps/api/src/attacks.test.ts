import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { call } from './test/shoppers.ts';
import { ownerCatalogClerk } from './test/staff.ts';

/**
 * Issue 42, finding 2: catalog text holding `$'`, `` $` ``, `$&` or `$$` broke every server-rendered page (a
 * replacement string reads them as patterns: the data block stopped parsing, a title made a 301 MB page), and any
 * visitor could force fresh renders by adding `?a=1`, `?a=2`, … to an address.
 *
 * The page is assembled by web.ts around what the server renderer gives it. The renderer here is a small stand-in
 * for apps/web's (which needs the web build; e2e/dollar-text.spec.ts runs the real one in Chromium): it reads the
 * page's data through the API's own in-process reads, as the real one does, and returns it the same way (the page's
 * markup with the text escaped as React escapes it, the answers as JSON for the data block). It counts its renders.
 */
const RENDERER = `
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]);
globalThis.__dollarRenders = [];
export async function render(url, locale, read) {
  globalThis.__dollarRenders.push(url);
  const u = new URL(url, 'http://store.invalid');
  const queries = [];
  const ask = async (queryKey, p, q = {}) => {
    const { status, body } = await read(p, new URLSearchParams(q), locale);
    if (status === 200) queries.push({ queryKey, state: { status: 'success', data: body } });
    return body;
  };
  const tree = await ask(['categories', locale], 'categories');
  const asked = [tree];
  let title;
  const product = /^\\/products\\/(\\d+)$/.exec(u.pathname);
  if (u.pathname === '/') asked.push(await ask(['home', locale], 'page_settings', { group: 'home_page' }));
  else if (product) asked.push(await ask(['product', locale, product[1]], 'products/' + product[1]));
  else if (u.pathname === '/products') {
    const q = Object.fromEntries(u.searchParams);
    asked.push(await ask(['products', locale, q], 'products', q));
    title = tree.categories.find((c) => String(c.id) === q.category_id)?.name;
  }
  return {
    html: '<main>' + asked.map((a) => '<p>' + esc(JSON.stringify(a)) + '</p>').join('') + '</main>',
    head: '',
    data: JSON.stringify({ queries }),
    title,
  };
}
`;

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'Dollar-signs-2026';
/** Every pattern a replacement string reads: the text before the match, after it, the match, a dollar. */
const DOLLARS = "$' $` $& $$";
const TITLE = `Cooker ${DOLLARS} ${'$`'.repeat(25)}`;
const CATEGORY = `Offers ${DOLLARS}`;
const SLIDE = `Eid prices ${DOLLARS} $$$ $'`;
/** A page of this small catalog is a few KB; the attack made pages of hundreds of MB. */
const PAGE_MAX = 64 * 1024;

let t: TestApp;
let web: App;
let distDir: string;
let categoryId: number;
let productId: number;

const renders = () => (globalThis as { __dollarRenders?: string[] }).__dollarRenders ?? [];

beforeAll(async () => {
  t = await createTestApp();
  const base = mkdtempSync(path.join(tmpdir(), 'store-dollar-'));
  distDir = path.join(base, 'dist');
  mkdirSync(distDir);
  mkdirSync(path.join(base, 'dist-server'));
  // The storefront's own page template, as the build keeps it.
  writeFileSync(path.join(distDir, 'index.html'), readFileSync(path.join(ROOT, 'apps/web/index.html')));
  writeFileSync(path.join(base, 'dist-server', 'entry-server.js'), RENDERER);
  web = await buildApp({
    database: t.database,
    clock: t.clock,
    env: 'test',
    webDistDir: distDir,
    catalogCacheMs: 60_000,
    publicUrl: 'https://store.example',
  });
  await web.ready();

  // The texts are written as the back office writes them.
  const { catalog } = await ownerCatalogClerk(t, PASSWORD);
  const cat = await call(web, 'POST', '/v1/admin/categories?locale=en', catalog, {
    name_en: CATEGORY,
    name_ar: `عروض ${DOLLARS}`,
  });
  expect(cat.status, JSON.stringify(cat.body)).toBe(201);
  categoryId = cat.body.category.id;
  const brand = await call(web, 'POST', '/v1/admin/brands?locale=en', catalog, {
    name_en: 'Tornado',
    name_ar: 'تورنيدو',
  });
  expect(brand.status, JSON.stringify(brand.body)).toBe(201);
  const product = await call(web, 'POST', '/v1/admin/products?locale=en', catalog, {
    title_en: TITLE,
    title_ar: `بوتاجاز ${DOLLARS}`,
    description_en: `Five burners ${DOLLARS}`,
    category_id: categoryId,
    brand_id: brand.body.brand.id,
    price: '8999',
    stock: 5,
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  productId = product.body.product.id;
  const home = await call(web, 'GET', '/v1/admin/page_settings?group=home_page', catalog);
  const saved = await call(web, 'PUT', '/v1/admin/page_settings?locale=en', catalog, {
    group: 'home_page',
    updated_at: home.body.updated_at,
    settings: [
      { name: 'top_slider_first_text', value: SLIDE },
      { name: 'top_slider_first_text_ar', value: `أسعار العيد ${DOLLARS}` },
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(async () => {
  await web?.close();
  await t?.close();
  if (distDir) rmSync(path.dirname(distDir), { recursive: true, force: true, maxRetries: 5 });
});

const get = (url: string) => web.inject({ method: 'GET', url });

/** The page's data block, parsed (it throws if the block is not JSON), and its text. */
function dataBlock(html: string) {
  const m = /<script id="ssr-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'the page has its data block').not.toBeNull();
  const data = JSON.parse(m![1]!) as { queries: unknown[] };
  return { data, text: JSON.stringify(data) };
}

/** The page's JSON-LD blocks, parsed. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as { '@type': string; name?: string; itemListElement?: { name: string }[] }[],
  );

const escaped = (s: string) => s.replace(/&/g, '&amp;').replace(/'/g, '&#39;');

describe("`$'`, `` $` ``, `$&` and `$$` in catalog text (issue 42, finding 2)", () => {
  it('the home page with them in a slide and a category still carries its data, word for word, at its size', async () => {
    for (const [url, slide, category] of [
      ['/?lang=en', SLIDE, CATEGORY],
      ['/', `أسعار العيد ${DOLLARS}`, `عروض ${DOLLARS}`],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body.length).toBeLessThan(PAGE_MAX);
      const { text } = dataBlock(res.body);
      expect(text).toContain(JSON.stringify(slide));
      expect(text).toContain(JSON.stringify(category));
      // The page around it is whole: one root, one data block, the template's scripts after it.
      expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
      expect(res.body.match(/<script id="ssr-data"/g)).toHaveLength(1);
      expect(res.body.trimEnd().endsWith('</html>')).toBe(true);
    }
  });

  it('a product titled with them has that title in its head, share tags, JSON-LD and data, and a page of its size', async () => {
    const res = await get(`/products/${productId}?lang=en`);
    expect(res.statusCode).toBe(200);
    // 25 `` $` `` made this page 301 MB.
    expect(res.body.length).toBeLessThan(PAGE_MAX);
    expect(res.body).toContain(`<title>${escaped(TITLE)}</title>`);
    expect(res.body).toContain(`<meta property="og:title" content="${escaped(TITLE)}">`);
    expect(res.body).toContain(
      `<meta property="og:description" content="${escaped(`Five burners ${DOLLARS}`)}">`,
    );
    const [ld] = jsonLd(res.body);
    expect(ld![0]!.name).toBe(TITLE);
    expect(ld![1]!.itemListElement!.map((i) => i.name)).toEqual(['Home', CATEGORY, TITLE]);
    expect(dataBlock(res.body).text).toContain(JSON.stringify(TITLE));
  });

  it('the category named with them lists its product, its name as the title, its data whole', async () => {
    const res = await get(`/products?category_id=${categoryId}&lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(PAGE_MAX);
    expect(res.body).toContain(`<title>${escaped(CATEGORY)}</title>`);
    const { text } = dataBlock(res.body);
    expect(text).toContain(JSON.stringify(TITLE));
    expect(text).toContain(JSON.stringify(CATEGORY));
  });
});

describe('an address with parameters its page does not read (issue 42, finding 2)', () => {
  it('is the same page from the page cache: `?a=1`, `?a=2` or a campaign tag cause no new render', async () => {
    const before = renders().length;
    const first = await get('/about-us?a=1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    for (const url of ['/about-us?a=2', '/about-us', '/about-us?utm_source=x&fbclid=y']) {
      const res = await get(url);
      expect(res.headers['x-page-cache'], url).toBe('hit');
      expect(res.body).toBe(first.body);
    }
    expect(renders().slice(before)).toEqual(['/about-us']);
    // What the page links to as itself (canonical, alternates) carries none of them.
    expect(first.body).toContain('<link rel="canonical" href="https://store.example/about-us">');
  });

  it('a list is rendered per filter it reads, never per parameter it does not', async () => {
    const before = renders().length;
    const list = `/products?category_id=${categoryId}`;
    expect((await get(`${list}&a=1`)).headers['x-page-cache']).toBe('miss');
    expect((await get(`${list}&a=2`)).headers['x-page-cache']).toBe('hit');
    expect(
      (await get(`/products?a=3&category_id=${categoryId}&category_id=99`)).headers['x-page-cache'],
    ).toBe('hit');
    // Its page, its sort and its search are other pages, each rendered once.
    expect((await get(`${list}&page=2&a=1`)).headers['x-page-cache']).toBe('miss');
    expect((await get(`/products?page=2&a=2&category_id=${categoryId}`)).headers['x-page-cache']).toBe('hit');
    expect((await get(`${list}&sort=lowest_price`)).headers['x-page-cache']).toBe('miss');
    expect((await get(`${list}&search=cooker`)).headers['x-page-cache']).toBe('miss');
    expect(renders().slice(before)).toEqual([
      list,
      `${list}&page=2`,
      `${list}&sort=lowest_price`,
      `/products?search=cooker&category_id=${categoryId}`,
    ]);
  });
});
