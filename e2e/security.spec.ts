import { expect, test, type APIRequestContext, type Page } from './fixtures';

/**
 * The store under its own Content-Security-Policy (issue 12, item 5), where the other journeys do not go: the map
 * with its tiles actually drawn, the 3D viewer with a model loaded, and another site trying to frame the store.
 * Like every spec, each test fails if the policy blocks anything on the store's pages (fixtures.ts).
 */

const PASSWORD = 'Nile-river-2024';
// A 1×1 PNG: what the tile server answers here (the outside world is stood in for at the network edge).
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Headers = { client: string; token: string; uid: string };

async function apiJson<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(path, { method, data });
  expect(res.ok(), `${method} ${path} answers ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** A confirmed, signed-in shopper (the SMS code read from the dev outbox). */
async function newShopper(request: APIRequestContext) {
  const phone = `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await apiJson(request, 'POST', '/v1/users?locale=en', {
    first_name: 'Nour',
    last_name: 'Adel',
    email: `${phone}@example.com`,
    phone_number: phone,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  let code = '';
  await expect
    .poll(async () => {
      const r = await apiJson<{ messages: { code: string | null }[] }>(
        request,
        'GET',
        `/dev/sms-outbox?phone_number=${phone}`,
      );
      return (code = r.messages[0]?.code ?? '');
    })
    .toMatch(/^\d+$/);
  await apiJson(request, 'PUT', '/v1/users/confirmations?locale=en', {
    sms_confirmation_otp: code,
    phone_number: phone,
  });
  const res = await request.post('/v1/users/sign_in?locale=en', {
    data: { phone_number: phone, password: PASSWORD },
  });
  expect(res.ok()).toBeTruthy();
  const h = res.headers();
  const { user } = (await res.json()) as { user: unknown };
  return { headers: { client: h.client!, token: h.token!, uid: h.uid! } as Headers, user };
}

/** The shopper's session and English, set the way the app stores them. */
async function openAs(page: Page, session: { headers: Headers; user: unknown } | null) {
  await page.addInitScript((s) => {
    if (s) localStorage.setItem('store-auth', JSON.stringify({ state: s, version: 0 }));
    localStorage.setItem('store-locale', JSON.stringify({ state: { locale: 'en' }, version: 0 }));
  }, session);
}

test('the address map draws its tiles from the tile server the store was built with', async ({
  page,
  request,
}) => {
  const tiles: string[] = [];
  await page.route(/^https:\/\/tile\.openstreetmap\.org\//, (r) => {
    tiles.push(r.request().url());
    return r.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
  });
  await openAs(page, await newShopper(request));
  await page.goto('/address');
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expect(page.locator('img.leaflet-tile-loaded').first()).toBeAttached();
  expect(tiles.length).toBeGreaterThan(0);
  await expect(page.getByTestId('map-tiles-failed')).toHaveCount(0);
});

test('the 3D viewer loads its model on the product page', async ({ page, request }) => {
  interface P {
    id: number;
    images: { is_3d_image: boolean }[];
  }
  let product: P | undefined;
  for (let n = 1; !product; n++) {
    const r = await apiJson<{ products: P[]; meta: { next_page: number | null } }>(
      request,
      'GET',
      `/v1/products?per_page=100&page=${n}&locale=en`,
    );
    product = r.products.find((p) => p.images.some((i) => i.is_3d_image));
    if (!product && r.meta.next_page === null) break;
  }
  expect(product, 'the demo catalog has a product with a 3D model').toBeDefined();
  await openAs(page, null);
  await page.goto(`/products/${product!.id}`);
  await page.getByRole('button', { name: 'Show the 3D model' }).first().click();
  const viewer = page.getByTestId('model-viewer');
  // The viewer is a chunk of its own (the heaviest of the store), loaded on this click.
  await expect(viewer).toBeAttached({ timeout: 30_000 });
  await expect
    .poll(() => viewer.evaluate((el) => (el as HTMLElement & { loaded?: boolean }).loaded), {
      timeout: 30_000,
    })
    .toBe(true);
});

test('another site cannot frame the store', async ({ page, baseURL, cspViolations }) => {
  const store = new URL(baseURL!).origin;
  await page.route('http://framing.example/', (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>framer</title><iframe name="shop" src="${store}/cart"></iframe>`,
    }),
  );
  await page.goto('http://framing.example/');
  const frame = page.frame({ name: 'shop' });
  // The browser refuses to show the store inside the other site's page (frame-ancestors 'none').
  await expect
    .poll(async () => frame?.evaluate(() => document.querySelector('#root') !== null).catch(() => false))
    .toBe(false);
  await expect.poll(() => frame?.url()).not.toBe(`${store}/cart`);
  // That refusal is the other site's violation, not the store's: the watch (fixtures.ts) must not count it.
  expect(cspViolations).toEqual([]);
});
