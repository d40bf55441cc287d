import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { openSignedIn, openSignedInMember, type StaffSession } from './admin-session';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from './fixtures';
import { placedOrder } from './placed-order';

/**
 * The back office says what is true, in the staff member's language (issue 43 items 9, 17 and 18), in a real
 * Chromium against the built app on the real API, at 1366 px and at 375 px (@phone), in Arabic and English: the
 * product editor shows the saved category and brand however late their lists arrive; a stale save says one thing;
 * an order of a store with no SAP has no SAP line, and its page (with the map) passes axe; an import's history says
 * done when it is done and its refused rows say which column breaks which rule; the demo owner has an Arabic name;
 * the dashboard chart's legend shows the 30 days' totals.
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

async function apiJson<T>(
  request: APIRequestContext,
  session: StaffSession,
  method: 'GET' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(path, { method, headers: session.headers, data });
  expect(res.ok(), `${method} ${path} answers ${res.status()}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** The language button in view (the side bar's on a desktop, the top bar's on a phone). */
async function switchTo(page: Page, lang: 'ar' | 'en') {
  await page.getByTestId('admin-language-switch').filter({ visible: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** A product of the demo catalog that only this test (and this project: desktop or phone) uses. */
async function productOf(request: APIRequestContext, session: StaffSession, info: TestInfo, page: number) {
  const nth = page + (info.project.name === 'phone' ? 1 : 0);
  const list = await apiJson<{ products: { id: number }[] }>(
    request,
    session,
    'GET',
    `/v1/admin/products?per_page=20&page=${nth}&locale=en`,
  );
  const id = list.products.at(-1)!.id;
  return (
    await apiJson<{ product: Record<string, unknown> & { id: number; updated_at: string } }>(
      request,
      session,
      'GET',
      `/v1/admin/products/${id}?locale=en`,
    )
  ).product;
}

/**
 * Waits for the first frame in which the import card titled `title` says `done`, and answers what the history's
 * line of that import (`name`, of `kind`: a check or an import) says in that same frame.
 */
async function lineWhenCardDone(page: Page, o: { title: string; done: string; name: string; kind: string }) {
  const handle = await page.waitForFunction(
    (o) => {
      const card = document.querySelector('[data-testid="import-job"]');
      if (!card?.textContent?.includes(o.title)) return false;
      if (card.querySelector('[data-testid="import-status"]')?.textContent !== o.done) return false;
      const line = [...document.querySelectorAll('[data-testid="import-recent"] li')].find(
        (li) => li.textContent?.includes(o.name) && li.textContent.includes(o.kind),
      );
      return line?.textContent ?? 'no line in the history';
    },
    o,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as string;
}

test.describe('back office: what it says', () => {
  test('the product editor shows the saved category and brand on every load, however late their lists arrive @phone', async ({
    page,
    request,
  }, info) => {
    // A catalog member of its own: a long test, and no other test signs this member in (openSignedInMember).
    const session = await openSignedInMember(page, request, 'catalog', 'ar');
    const product = await productOf(request, session, info, 10);
    const category = page.getByTestId('category');
    const brand = page.getByTestId('brand');

    // The lists of categories, brands and promotions held back until after the product has come and the form
    // was filled from it (the order that showed "Choose" on 3 and 5 loads of 12), then in their own time.
    const lists = /\/v1\/admin\/(categories|brands|promotions)(\?|$)/;
    const late = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.fulfill({ response });
    };
    for (const lang of ['ar', 'en'] as const) {
      for (const held of [true, true, false]) {
        if (held) await page.route(lists, late);
        else await page.unroute(lists, late);
        await page.goto(`/admin/products/${product.id}`);
        if (lang === 'en' && (await page.locator('html').getAttribute('lang')) !== 'en')
          await switchTo(page, 'en');
        // The lists are in (more than "Choose" and the saved value standing in for them).
        await expect.poll(() => category.locator('option').count()).toBeGreaterThan(3);
        await expect.poll(() => brand.locator('option').count()).toBeGreaterThan(3);
        await expect(category).toHaveValue(String(product.category_id));
        await expect(brand).toHaveValue(String(product.brand_id));
        // The saved values show by name, not as "Choose" or a bare number.
        await expect(category.locator('option:checked')).not.toHaveText(/^#|^$/);
        await expect(brand.locator('option:checked')).not.toHaveText(/^#|^$/);
        await expect(category.locator('option:checked')).not.toHaveAttribute('value', '');
      }
    }
  });

  test('a save refused as stale says what is true: what was typed is still there, and the button replaces it @phone', async ({
    page,
    request,
  }, info) => {
    const session = await openSignedInMember(page, request, 'catalog', 'ar');
    const original = await productOf(request, session, info, 12);
    const texts = {
      ar: {
        banner: 'متحفظش: حد تاني عدّل المنتج ده بعد ما فتحته. اللي كتبته لسه في الصفحة ولسه متحفظش.',
        button: 'بدّل اللي كتبته بالنسخة المحفوظة',
      },
      en: {
        banner:
          'Not saved: someone else changed this product after you opened it. What you typed is still in the form, not saved yet.',
        button: 'Replace what I typed with the saved version',
      },
    };
    for (const lang of ['ar', 'en'] as const) {
      await page.goto(`/admin/products/${original.id}`);
      if (lang === 'en') await switchTo(page, 'en');
      await expect(page.getByTestId('model')).toBeVisible();
      const typed = `Typed ${lang} ${Date.now()}`;
      await page.getByTestId('title-en').fill(typed);
      // Someone else saves the product meanwhile (its model).
      const now = (
        await apiJson<{ product: typeof original }>(
          request,
          session,
          'GET',
          `/v1/admin/products/${original.id}?locale=en`,
        )
      ).product;
      const theirs = `THEIRS-${lang}-${Date.now()}`;
      await apiJson(request, session, 'PUT', `/v1/admin/products/${original.id}?locale=en`, {
        ...now,
        model: theirs,
      });
      await page.getByTestId('product-save').click();
      const banner = page.getByTestId('product-conflict');
      await expect(banner).toBeVisible();
      // One true thing: the typed text is in the form, not saved; the button says it replaces it.
      await expect(banner.locator('p')).toHaveText(texts[lang].banner);
      await expect(page.getByTestId('title-en')).toHaveValue(typed);
      const reload = page.getByTestId('product-reload');
      await expect(reload).toHaveText(texts[lang].button);
      await reload.click();
      await expect(banner).toHaveCount(0);
      await expect(page.getByTestId('title-en')).toHaveValue(String(original.title_en));
      await expect(page.getByTestId('model')).toHaveValue(theirs);
    }
    // The product as it was.
    const last = await apiJson<{ product: typeof original }>(
      request,
      session,
      'GET',
      `/v1/admin/products/${original.id}?locale=en`,
    );
    await apiJson(request, session, 'PUT', `/v1/admin/products/${original.id}?locale=en`, {
      ...last.product,
      model: original.model,
    });
  });

  test('an order of a store with no SAP shows no SAP line, and its page, map included, passes axe @phone', async ({
    page,
    request,
  }) => {
    await openSignedIn(page, request, 'ar');
    // The map's tiles are the outside world: cut off at the edge (the map still holds its controls).
    await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
    const id = await placedOrder(request);
    await page.goto(`/admin/orders/${id}`);
    for (const lang of ['ar', 'en'] as const) {
      if (lang === 'en') await switchTo(page, 'en');
      await expect(page.getByTestId('order-map').locator('.leaflet-control-zoom-in')).toBeVisible();
      await expect(page.getByTestId('order-history')).toBeVisible();
      // No SAP is set up in this store (nothing hands orders on to one): the page does not speak of it.
      await expect(page.locator('main')).not.toContainText('SAP');
      // axe: nothing serious or critical (the map was an image holding buttons and a link: nested-interactive).
      await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run(context: Document): Promise<{
                violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
              }>;
            };
          }
        ).axe;
        const result = await axe.run(document);
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
      });
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    }
  });

  test('an import’s history says done the moment its card does, and its refused rows name the column and the rule in the member’s language @phone', async ({
    page,
    request,
  }) => {
    // A catalog member of its own: a long test, and no other test signs this member in (openSignedInMember).
    await openSignedInMember(page, request, 'catalog', 'ar');
    // The history's own answers are slow here (1.2 s): what it says of the open import must not wait for them.
    await page.route(/\/v1\/admin\/imports(\?|$)/, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.fulfill({ response });
    });
    // 2,000 rows, each with a negative stock (refused: nothing is added, even by the real run).
    const name = `stock-${Date.now()}.csv`;
    const csv = ['title_en,title_ar,category,brand,price,stock'];
    for (let i = 1; i <= 2000; i++)
      csv.push(`Minus stock ${i},مخزون سالب ${i},Split Air Conditioners,Carrier,21999,-${i}`);
    await page.goto('/admin/imports');
    await page.getByTestId('import-file').setInputFiles({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.join('\r\n'), 'utf8'),
    });
    await page.getByTestId('import-check').click();
    // The frame the card first says done: the history's line of it says so too ("شغال 100%" before).
    const atDone = await lineWhenCardDone(page, {
      title: `مراجعة ${name}`,
      done: 'خلص',
      name,
      kind: 'مراجعة',
    });
    expect(atDone).toContain('مراجعة · خلص');
    expect(atDone).not.toContain('%');
    const job = page.getByTestId('import-job');
    await expect(job.getByTestId('import-count-refused')).toHaveText('2,000');
    // A refused row: its column, and the rule it breaks, in Arabic.
    const row = job.getByTestId('import-row').first();
    await expect(row).toContainText('المخزون (stock) لازم يكون رقم صحيح من 0 أو أكتر');
    await expect(row).not.toContainText('Invalid input');

    await switchTo(page, 'en');
    await expect(row).toContainText('stock must be a whole number, 0 or more');

    // Imported for real (every row refused again): done in the history in the same frame as on its card.
    await page.getByTestId('import-run').click();
    const realDone = await lineWhenCardDone(page, {
      title: `Import of ${name}`,
      done: 'Done',
      name,
      kind: 'Import',
    });
    expect(realDone).toContain('Import · Done');
    expect(realDone).not.toContain('%');
    await expect(job.getByTestId('import-count-added')).toHaveText('0');
  });

  test('the demo owner is named in the staff member’s language @phone', async ({ page, request }) => {
    await openSignedIn(page, request, 'ar');
    await page.goto('/admin/staff');
    const owner = page.getByTestId('staff-row').filter({ hasText: 'owner@store.local' });
    await expect(owner).toContainText('المالك (تجريبي)');
    await expect(owner).not.toContainText('Demo owner');
    const side = page.getByTestId('staff-name');
    if (await side.isVisible()) await expect(side).toHaveText('المالك (تجريبي)');
    await switchTo(page, 'en');
    await expect(owner).toContainText('Demo owner');
    if (await side.isVisible()) await expect(side).toHaveText('Demo owner');
  });

  test('the dashboard chart’s legend shows the 30 days’ sales and orders @phone', async ({
    page,
    request,
  }) => {
    await openSignedIn(page, request, 'ar');
    await page.goto('/admin');
    const figure = page.locator('figure').filter({ has: page.getByTestId('sales-chart') });
    for (const lang of ['ar', 'en'] as const) {
      if (lang === 'en') await switchTo(page, 'en');
      await expect(page.getByTestId('sales-chart').locator('canvas')).toHaveCount(1);
      const values = figure.locator('.u-legend .u-value');
      await expect(values).toHaveCount(3);
      // The same days in the table under it: the legend's figures are their sums.
      const cells = await figure
        .locator('details tbody tr')
        .evaluateAll((rows) =>
          rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')),
        );
      // "12,499.50 ج.م" → 12499.5 (the currency's own dot left out).
      const number = (s: string) => Number((/\d[\d,]*(\.\d+)?/.exec(s)?.[0] ?? 'NaN').replace(/,/g, ''));
      const sales = cells.reduce((sum, c) => sum + Math.round(number(c[1]!) * 100), 0) / 100;
      const orders = cells.reduce((sum, c) => sum + number(c[2]!), 0);
      expect(cells.length).toBe(30);
      await expect(values.nth(0)).toHaveText(lang === 'ar' ? 'آخر 30 يوم' : 'Last 30 days');
      await expect(values.nth(1)).toHaveText(/\d/);
      expect(number((await values.nth(1).textContent()) ?? '')).toBeCloseTo(sales, 2);
      await expect(values.nth(1)).toContainText(lang === 'ar' ? 'ج.م' : 'EGP');
      expect(number((await values.nth(2).textContent()) ?? '')).toBe(orders);
    }
  });
});
