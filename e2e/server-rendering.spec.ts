import type { Page } from '@playwright/test';
import { expect, inLocale, test } from './fixtures';

/**
 * Server rendering (issue 14, decision 021): a page fetched without JavaScript already reads like the page in the
 * browser, in its language; the browser hydrates it without a warning and without asking the API again for what
 * the page already holds; a guest page is served from the page cache the second time.
 */

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

/** A price as the store writes it: whole pounds bare, else both digits of the piastres. */
const egp = (n: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(n)
    .replace(/\.00$/, '');

for (const locale of ['ar', 'en'] as const) {
  test(`a product page fetched without JavaScript holds its title, price and specifications (${locale})`, async ({
    request,
  }) => {
    const list = await (await request.get(`/v1/products?per_page=5&locale=${locale}`)).json();
    const id = list.products[0].id as number;
    const p = (await (await request.get(`/v1/products/${id}?locale=${locale}`)).json()).product;
    expect(p.specifications.length, 'the demo product has specifications').toBeGreaterThan(0);

    const res = await request.get(`/products/${id}${locale === 'en' ? '?lang=en' : ''}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`));
    const root = text(html.slice(html.indexOf('<div id="root">')));
    expect(root).toContain(p.title);
    expect(root).toContain(egp(Number(p.price_after_discount ?? p.price)));
    for (const s of p.specifications.slice(0, 3)) {
      expect(root).toContain(s.key);
      expect(root).toContain(s.value);
    }
    // One title and one description, the product's.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });
}

test('the language comes from the address, else from the choice the shopper made (cookie)', async ({
  request,
}) => {
  const plain = await (await request.get('/about-us')).text();
  expect(plain).toMatch(/<html lang="ar" dir="rtl"/);
  const chosen = await (await request.get('/about-us', { headers: { cookie: 'store-locale=en' } })).text();
  expect(chosen).toMatch(/<html lang="en" dir="ltr"/);
  const asked = await (
    await request.get('/about-us?lang=ar', { headers: { cookie: 'store-locale=en' } })
  ).text();
  expect(asked).toMatch(/<html lang="ar" dir="rtl"/);
});

test('a list and a search are rendered with their products; an unknown path is the 404 page', async ({
  request,
}) => {
  const list = await (await request.get('/v1/products?query=laptop&per_page=100&locale=en')).json();
  const html = text(await (await request.get('/products?search=laptop&lang=en')).text());
  expect(list.meta.total_entries).toBeGreaterThan(10);
  expect(html).toContain(`Products found: ${list.meta.total_entries}`);
  // The first page of results, whatever their order: a dozen of the matches, rendered.
  const shown = list.products.filter((p: { title: string }) => html.includes(p.title));
  expect(shown.length).toBeGreaterThanOrEqual(10);
  // The header's search box holds the words, and no "no results" line (it belongs to an open suggestion list).
  expect(html).not.toContain('No results for');

  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  expect(text(await missing.text())).toContain('الصفحة دي مش موجودة');
});

test('a page carries of its product lists only what their cards show; a product page, its whole product', async ({
  request,
}) => {
  type Carried = { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
  const carried = async (path: string) => {
    const html = await (await request.get(path)).text();
    const json = /<script id="ssr-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(json, path).toBeTruthy();
    return (JSON.parse(json!) as Carried).queries.queries;
  };
  type Item = { id: number; title_en: string; description_en: string; images: unknown[] };
  for (const path of ['/', '/products?search=tv', '/products/1']) {
    const lists = (await carried(path)).filter((q) => q.queryKey[0] === 'products');
    expect(lists.length, path).toBeGreaterThan(0);
    for (const q of lists) {
      const { products } = q.state.data as { products: Item[] };
      expect(products.length, path).toBeGreaterThan(0);
      for (const p of products) {
        // What the card shows is there; descriptions and the other pictures are not.
        expect(p.title_en, path).toBeTruthy();
        expect(p.description_en, path).toBe('');
        expect(p.images.length, path).toBeLessThanOrEqual(1);
      }
    }
  }
  const product = (await carried('/products/1')).find((q) => q.queryKey[0] === 'product');
  const full = (await (await request.get('/v1/products/1?locale=ar')).json()).product;
  expect(full.description_en).not.toBe('');
  expect(product?.state.data).toMatchObject({
    id: 1,
    description_en: full.description_en,
    images: full.images,
  });
});

test('a guest page is rendered once and then served from the page cache', async ({ request }) => {
  const url = `/products?sort=price_asc&per_page=12&cache_probe=${Date.now()}`;
  const first = await request.get(url);
  const second = await request.get(url);
  expect(first.headers()['x-page-cache']).toBe('miss');
  expect(second.headers()['x-page-cache']).toBe('hit');
  expect(await second.text()).toBe(await first.text());
  // A page in the other language is another page.
  expect((await request.get(`${url}&lang=en`)).headers()['x-page-cache']).toBe('miss');
});

for (const locale of ['ar', 'en'] as const) {
  test(`server-rendered pages hydrate without a warning and without fetching their data again (${locale}) @phone`, async ({
    page,
  }) => {
    await inLocale(page, locale);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/v1/')) calls.push(r.url());
    });
    for (const path of ['/', '/products', '/products?search=tv', '/products/1', '/about-us']) {
      calls.length = 0;
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('h1').first()).toBeVisible();
      // The parts below the first screen are hydrated as they come near (ui/below-fold.tsx): all of them by the end.
      for (let y = 0; y < 12; y++) {
        await page.mouse.wheel(0, 700);
        await page.waitForTimeout(100);
      }
      await page.waitForLoadState('networkidle');
      expect(calls, `${path} asked the API for what the page holds`).toEqual([]);
    }
    expect(problems).toEqual([]);
  });
}

test('parts below the first screen answer before they come near: a tap, the language switch, another product @phone', async ({
  page,
  request,
}) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));

  // A tab of the home page's tabbed products, far below the first screen, tapped at once.
  await page.goto('/');
  const tabs = page.getByTestId('home-tabs');
  const second = tabs.getByRole('tab').nth(1);
  await second.click();
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab').first()).toHaveAttribute('aria-selected', 'false');

  // The language switched before scrolling: every part of the page below the first screen is in English.
  await page.goto('/');
  const burger = page.getByRole('button', { name: 'افتح القائمة' });
  if (await burger.isVisible()) {
    await burger.click();
    await page.getByRole('dialog', { name: 'القائمة' }).getByTestId('language-switch').click();
  } else await page.getByTestId('language-switch').filter({ visible: true }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  for (const id of ['home-offers', 'home-tabs']) {
    await expect(page.getByTestId(id).locator('h2')).not.toHaveText(/[\u0600-\u06FF]/);
    await expect(page.getByTestId(id).locator('a[href^="/products/"]').first()).not.toHaveText(
      /[\u0600-\u06FF]/,
    );
  }

  // From a product to a related one: the parts below the first screen are the new product's.
  const list = await (await request.get('/v1/products?per_page=1&locale=en')).json();
  await page.goto(`/products/${list.products[0].id}?lang=en`);
  // The first related product with specifications (other tests add products without any to the same sections).
  const related = page.locator('section[data-testid] a[href^="/products/"]');
  await related.first().waitFor({ state: 'attached' });
  let href = '';
  let other: { specifications: { key: string; value: string }[] } | null = null;
  for (let i = 0; i < Math.min(await related.count(), 16) && !other; i++) {
    const h = (await related.nth(i).getAttribute('href'))!;
    const p = (
      await (await request.get(`/v1/products/${h.split('/').pop()!.split('?')[0]}?locale=en`)).json()
    ).product as { specifications: { key: string; value: string }[] };
    if (!p.specifications.length) continue;
    href = h;
    other = p;
    await related.nth(i).click();
  }
  if (!other) throw new Error('no related product with specifications');
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, '\\?')}$`));
  await expect(page.getByTestId('specifications')).toContainText(
    `${other.specifications[0].key}${other.specifications[0].value}`,
  );
  expect(problems).toEqual([]);
});

test('every picture of the shop pages comes as AVIF in one of the widths the server makes, thumbnails too, with WebP for a browser without AVIF @phone', async ({
  page,
}) => {
  for (const path of ['/', '/products', '/products/1']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    for (let y = 0; y < 12; y++) {
      await page.mouse.wheel(0, 700);
      await page.waitForTimeout(100);
    }
    await page.waitForLoadState('networkidle');
    const shown = await page.evaluate(() =>
      [...document.images]
        .filter((img) => img.complete && img.currentSrc && img.getBoundingClientRect().width > 0)
        .map((img) => ({
          drawn: new URL(img.currentSrc).pathname,
          // What each <source> offers, in order (a browser takes the first whose type it can show).
          offered: [...(img.parentElement?.querySelectorAll('source') ?? [])].map((s) => [s.type, s.srcset]),
        })),
    );
    expect(shown.length, path).toBeGreaterThan(3);
    // A drawing of the demo catalog laid out as an SVG page costs a phone 10-70 ms each; a photo as it was
    // uploaded may be many times the bytes it is shown at. AVIF is a third to a half smaller than WebP.
    expect(
      shown.filter(({ drawn }) => !/^\/img\/\d+\.avif\//.test(drawn)).map(({ drawn }) => drawn),
      `${path}: pictures not drawn from AVIF`,
    ).toEqual([]);
    // The same widths in WebP after it, for a browser without AVIF.
    for (const { drawn, offered } of shown) {
      expect(
        offered.map(([type]) => type),
        drawn,
      ).toEqual(['image/avif', 'image/webp']);
      expect(offered[1]![1], drawn).toBe(offered[0]![1]!.replaceAll('.avif/', '.webp/'));
    }
  }
});

// Phones (a small one at 3x, Lighthouse's at 1.75x), a tablet, a laptop at 1x and one at 2x: between them every
// breakpoint where a list lays its cards out differently.
const SCREENS = [
  { width: 375, scale: 3 },
  { width: 412, scale: 1.75 },
  { width: 700, scale: 2 },
  { width: 1100, scale: 1 },
  { width: 1440, scale: 2 },
] as const;
const SERVED_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600];

test('each picture comes in the smallest of the served widths that is sharp where it is drawn, on phones and desktops', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const list = await (await request.get('/v1/products?per_page=1&featured=true')).json();
  const found: string[] = [];
  for (const { width, scale } of SCREENS)
    for (const path of ['/', '/products', `/products/${list.products[0].id}`]) {
      // A browser of its own each time: a browser takes a larger file it already holds instead of the one it needs.
      const context = await browser.newContext({
        baseURL,
        viewport: { width, height: 900 },
        deviceScaleFactor: scale,
        isMobile: width < 800,
        hasTouch: width < 800,
      });
      const page = await context.newPage();
      await page.goto(path, { waitUntil: 'networkidle' });
      // Every part drawn (as on Back), then down the page so each lazy picture is asked for.
      await page.evaluate(async () => {
        document.documentElement.setAttribute('data-drawing-all', '');
        for (let y = 0; y < document.body.scrollHeight; y += 500) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
      });
      await page.waitForLoadState('networkidle');
      // What each picture's `sizes` says it is drawn at, worked out as the browser does (the first media
      // condition that holds, its length) once the page has settled. Not the file the browser took: a picture
      // chosen while the page is parsed can, on a loaded machine, be chosen against the 980 px a phone assumes
      // before it reads the viewport tag, and a browser takes a larger file it already holds.
      const pictures = await page.evaluate(() => {
        const lengthOf = (sizes: string) => {
          for (const entry of sizes.split(/,(?![^(]*\))/).map((e) => e.trim())) {
            const m = /^(\(.+\))\s+(\S.*)$/.exec(entry);
            if (!m) return entry;
            if (matchMedia(m[1]!).matches) return m[2]!;
          }
          return '100vw';
        };
        const px = (length: string) => {
          const probe = document.createElement('div');
          probe.style.cssText = `position:absolute;visibility:hidden;width:${length}`;
          document.body.append(probe);
          const w = probe.getBoundingClientRect().width;
          probe.remove();
          return w;
        };
        return [...document.querySelectorAll('picture > img')]
          .filter((img) => img.getBoundingClientRect().width > 0)
          .map((img) => {
            const source = img.parentElement!.querySelector('source')!;
            return {
              where:
                img.closest('[data-testid]')?.getAttribute('data-testid') ?? (img as HTMLImageElement).alt,
              drawn: img.getBoundingClientRect().width,
              said: px(lengthOf(source.sizes)),
              largest: Math.max(
                ...source.srcset.split(',').map((c) => parseInt(c.trim().split(' ')[1] ?? '', 10)),
              ),
            };
          });
      });
      expect(pictures.length, `${path} at ${width} px`).toBeGreaterThan(3);
      for (const p of pictures) {
        const fileFor = (px: number) =>
          SERVED_WIDTHS.find((w) => w >= px * scale - 0.5 && w <= p.largest) ?? p.largest;
        if (fileFor(p.said) !== fileFor(p.drawn))
          found.push(
            `${path} at ${width} px ×${scale}: ${p.where} drawn ${Math.round(p.drawn)} px, said ${Math.round(p.said)} px: the ${fileFor(p.said)} px file, not ${fileFor(p.drawn)}`,
          );
      }
      await context.close();
    }
  // A larger file costs a phone's data for nothing (a list's 60 px pictures came as 480 px files); a smaller one blurs.
  expect([...new Set(found)]).toEqual([]);
});

for (const locale of ['ar', 'en'] as const) {
  test(`the store's faces come with the page: the four preloaded are the four it draws with (${locale}) @phone`, async ({
    page,
  }) => {
    await inLocale(page, locale);
    for (const path of ['/', '/products', '/products/1']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      const preloaded = await page
        .locator('link[rel="preload"][as="font"]')
        .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname).sort());
      expect(preloaded, path).toHaveLength(4);
      // Each face the page draws with is a preloaded file, fetched once; none preloaded for nothing (a face found
      // on the machine instead, or one the page does not use, would leave its file unused).
      const drawn = await page.evaluate(async () => {
        await document.fonts.ready;
        return {
          loaded: [...document.fonts].filter((f) => f.status === 'loaded').length,
          fetched: performance
            .getEntriesByType('resource')
            .map((e) => new URL(e.name).pathname)
            .filter((p) => p.endsWith('.woff2'))
            .sort(),
        };
      });
      expect(drawn, path).toEqual({ loaded: 4, fetched: preloaded });
    }
  });
}

for (const locale of ['ar', 'en'] as const) {
  test(`the page's largest picture is asked for first, and it is the file the page draws (${locale}) @phone`, async ({
    page,
    request,
  }) => {
    await inLocale(page, locale);
    const list = await (await request.get(`/v1/products?per_page=1&featured=true&locale=${locale}`)).json();
    for (const [path, picture] of [
      ['/', '[data-testid="hero-carousel"] img'],
      [`/products/${list.products[0].id}`, '[data-testid="gallery-main"]'],
    ] as const) {
      const requested: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/img/')) requested.push(new URL(r.url()).pathname);
      });
      const res = await page.goto(path, { waitUntil: 'networkidle' });
      const html = await res!.text();
      // Over HTTP/1.1 a phone opens six connections to the store: a picture asked for after the scripts, the
      // stylesheet and the faces waits for one of them (web.ts). So the picture's preload comes before all of them.
      const head = html.slice(0, html.indexOf('</head>'));
      const first =
        /<link rel="preload" as="image"|<link rel="(?:stylesheet|modulepreload|preload)"|<script /.exec(head);
      expect(first?.[0], path).toBe('<link rel="preload" as="image"');
      // In AVIF, as the <picture> takes it; a browser without AVIF skips a preload of that type (no file twice).
      expect(head, path).toMatch(
        /<link rel="preload" as="image" type="image\/avif" fetchPriority="high" imageSrcSet="\/img\/160\.avif\//,
      );
      // The file the page draws is the one preloaded: fetched once, not a second width beside it.
      const drawn = await page
        .locator(picture)
        .first()
        .evaluate((img) => new URL((img as HTMLImageElement).currentSrc).pathname);
      expect(
        requested.filter((p) => p === drawn),
        `${path}: ${drawn}`,
      ).toHaveLength(1);
      const source = drawn.replace(/^\/img\/\d+\.(?:avif|webp)/, '');
      expect(
        requested.filter((p) => p.endsWith(source)),
        `${path}: the largest picture in one width only`,
      ).toEqual([drawn]);
      page.removeAllListeners('request');
    }
  });
}

test('a server-rendered page asks for all of its own code and texts at once when it is drawn, and not before @phone', async ({
  page,
  request,
}) => {
  const list = await (await request.get('/v1/products?per_page=1&featured=true')).json();
  const product = list.products[0];
  for (const [path, locale] of [
    ['/', 'ar'],
    [`/products?category_id=${product.category.id}`, 'ar'],
    [`/products?search=${encodeURIComponent(product.brand.name)}`, 'ar'],
    [`/products/${product.id}`, 'ar'],
    [`/products/${product.id}?lang=en`, 'en'],
  ] as const) {
    const html = await (await page.goto(path))!.text();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
    // The page names its chunks (web.ts, from the build's manifest): its route's, those they import, its texts.
    const named = JSON.parse(
      /<script id="page-modules" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? '[]',
    ) as string[];
    expect(
      named.filter((f) => /\/assets\/[a-z-]+-route-[\w-]+\.js$/.test(f)),
      path,
    ).toHaveLength(1);
    expect(
      named.filter((f) => f.includes('/first-load-')),
      path,
    ).toEqual([expect.stringContaining(`/first-load-${locale}-`)]);
    const head = html.slice(0, html.indexOf('</head>'));
    const firstLoad = [
      ...head.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]* (?:src|href)="([^"]+)"/g),
    ].map((m) => m[1]);
    const scripts = await page.evaluate(() => {
      const painted = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      return performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => ({ path: new URL(e.name).pathname, beforePaint: !(e.startTime >= painted) }));
    });
    // Every script the page loaded besides its first load was named, so none waited for another to arrive and run
    // before it was asked for (a round trip each on mobile data)...
    expect(
      scripts
        .filter((s) => !firstLoad.includes(s.path))
        .map((s) => s.path)
        .sort(),
      path,
    ).toEqual([...named].sort());
    // ...and none was asked for before the first paint: ended before it, by a race of milliseconds, they counted in
    // Lighthouse's simulated LCP (decision 021).
    expect(
      scripts.filter((s) => named.includes(s.path) && s.beforePaint),
      path,
    ).toEqual([]);
  }
});

/** The app's libraries (React's chunk) arrive a second late, as on mobile data. */
async function holdLibrariesBack(page: Page) {
  await page.route(/\/assets\/react-[\w-]+\.js$/, async (route) => {
    const response = await route.fetch();
    // 3 s, not 1: on a loaded machine a drawn home page asked for its chunk up to 1.8 s after it began (it failed so
    // before this stop's changes too). A page that asks only once the libraries have run still fails.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.fulfill({ response });
  });
}

/**
 * When the libraries' chunk arrived, and when the page's own chunk (`{chunk}-{hash}.js`) and its language's texts
 * were asked for, in ms since the page began (NaN for one never fetched).
 */
function whenAsked(page: Page, chunk: string, texts: 'ar' | 'en') {
  return page.evaluate(
    ({ chunk, texts }) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const at = (re: RegExp) => entries.find((e) => re.test(new URL(e.name).pathname));
      return {
        librariesArrived: at(/\/assets\/react-[\w-]+\.js$/)?.responseEnd ?? NaN,
        pageAsked: at(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`))?.startTime ?? NaN,
        textsAsked: at(new RegExp(`/assets/first-load-${texts}-[\\w-]+\\.js$`))?.startTime ?? NaN,
      };
    },
    { chunk, texts },
  );
}

test("a drawn page asks for its own code while the app's libraries are still on their way @phone", async ({
  page,
}) => {
  // The page is drawn before the libraries arrive (module scripts do not hold the paint), and its own chunks are
  // asked for then, not once the app has arrived and run.
  await holdLibrariesBack(page);
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  const timing = await whenAsked(page, 'home-route', 'ar');
  expect(timing.pageAsked).toBeLessThan(timing.librariesArrived - 500);
  expect(timing.textsAsked).toBeLessThan(timing.librariesArrived - 500);
});

test("a page the browser renders itself asks for its own code with the app's libraries, not after them @phone", async ({
  page,
}) => {
  // The cart and sign-in are rendered in the browser only: nothing shows before their code is in, so the server
  // names it in the head (web.ts) and it leaves beside the libraries.
  await holdLibrariesBack(page);
  for (const [path, chunk, ready, texts] of [
    ['/cart', 'cart-route', '[data-testid="cart-page"]', 'ar'],
    ['/auth/signin?lang=en', 'signin-route', 'form input', 'en'],
  ] as const) {
    const html = await (await page.goto(path))!.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head, path).toMatch(
      new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-[\\w-]+\\.js">`),
    );
    await expect(page.locator(ready).first()).toBeVisible();
    const timing = await whenAsked(page, chunk, texts);
    expect(timing.pageAsked, path).toBeLessThan(timing.librariesArrived - 500);
    expect(timing.textsAsked, path).toBeLessThan(timing.librariesArrived - 500);
  }
});
