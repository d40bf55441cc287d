import { OWNER, openSignedIn, staffSession } from './admin-session';
import { expect, test, type APIRequestContext, type Page } from './fixtures';

/**
 * The storefront's content in the back office (issue 17): the owner changes the first top slide's title in /admin,
 * in Arabic and in English side by side, saves, and the store's home page (rendered on the server, its page cache
 * following the catalog version) shows the new words in each language at once. A link that is not a store page or
 * an https address is refused on its field, in the staff member's language, before anything is sent.
 */

/** Opens the back office signed in as the owner, in Arabic; map tiles (the outside world) cut off at the edge. */
async function openOwner(page: Page, request: APIRequestContext) {
  await openSignedIn(page, request);
  await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
}

/** The words of a page's HTML, tags dropped. */
const words = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

test('the owner changes the first slide’s title and the store’s home page shows it in Arabic and English', async ({
  page,
  request,
}) => {
  // A cold server renders the home page for the first time here, on a busy machine.
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-5);
  const titleAr = `عروض العيد ${stamp}`;
  const titleEn = `Eid offers ${stamp}`;
  // The home page is in the page cache before the change.
  await request.get('/');
  await request.get('/?lang=en');

  await openOwner(page, request);
  await page.goto('/admin/');
  await page.getByTestId('nav-content').filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/admin\/content$/);
  const arField = page.getByTestId('setting-top_slider_first_title_ar');
  const enField = page.getByTestId('setting-top_slider_first_title');
  await expect(arField).not.toHaveValue('');
  await arField.fill(titleAr);
  await enField.fill(titleEn);
  // The preview follows the typing, in the chosen language.
  const preview = page.getByTestId('home-preview');
  await preview.getByTestId('preview-ar').click();
  await expect(preview.getByTestId('preview-top_slider_first')).toContainText(titleAr);
  await preview.getByTestId('preview-en').click();
  await expect(preview.getByTestId('preview-top_slider_first')).toContainText(titleEn);

  // A link that is no store page nor https address: refused on its field, in Arabic, nothing sent.
  const link = page.getByTestId('setting-explore_first_link');
  const linkBefore = await link.inputValue();
  await link.fill('javascript:alert(1)');
  await page.getByTestId('settings-save').click();
  await expect(page.getByRole('alert').filter({ hasText: 'لازم يكون صفحة في المتجر' })).toBeVisible();
  await link.fill(linkBefore);

  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-saved')).toBeVisible();

  // The server-rendered page has the new words: the page cache follows the catalog version, which it reads at most
  // every 250 ms (web.ts), so a page asked within that of the last read (the preview's) may still be the old one.
  const home = async (path: string) => words(await (await request.get(path)).text());
  await expect.poll(() => home('/'), { timeout: 5_000 }).toContain(titleAr);
  await expect.poll(() => home('/?lang=en'), { timeout: 5_000 }).toContain(titleEn);

  await page.goto('/');
  const first = page.getByTestId('hero-carousel').getByRole('group').first();
  await expect(first.getByRole('heading', { name: titleAr })).toBeVisible();
  await page.goto('/?lang=en');
  await expect(
    page.getByTestId('hero-carousel').getByRole('group').first().getByRole('heading', { name: titleEn }),
  ).toBeVisible();
});

test('the owner writes an Arabic returns policy in /admin and /returns-policy shows it, a typed <script> as text', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-5);
  const heading = `الاسترجاع والاستبدال ${stamp}`;
  // The days other tests read on this page (the store's rules) are in the new text too.
  const paragraph = 'تقدر ترجّع أو تبدّل أي منتج خلال 14 يوم من الشراء، والعيب الصناعي خلال 30 يوم.';
  const script = `<script>window.__pwned = ${stamp}</script>`;
  const auth = (await staffSession(request, OWNER)).headers;
  const clear = async () => {
    const read = await request.get('/v1/admin/page_settings?group=static_pages', { headers: auth });
    const { updated_at } = (await read.json()) as { updated_at: string };
    const res = await request.put('/v1/admin/page_settings', {
      headers: auth,
      data: { group: 'static_pages', updated_at, settings: [{ name: 'returns_body_ar', value: null }] },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  };

  try {
    await request.get('/returns-policy');
    await openOwner(page, request);
    await page.goto('/admin/content');
    await page.getByRole('link', { name: 'الصفحات الثابتة' }).click();
    await expect(page).toHaveURL(/\/admin\/content\/static-pages$/);
    await expect(page.getByTestId('static-help')).toContainText('سطر فاضي يبدأ فقرة جديدة');
    const ar = page.getByTestId('setting-returns_body_ar');
    await expect(ar).toHaveValue('');
    await expect(ar).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('setting-returns_body')).toHaveAttribute('dir', 'ltr');
    await ar.fill(`## ${heading}\n${paragraph}\n\n${script}`);
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-saved')).toBeVisible();

    // The server-rendered page already holds the new text, the typed tag escaped (never markup).
    const html = await (await request.get('/returns-policy')).text();
    expect(words(html)).toContain(heading);
    expect(html).not.toContain(script);
    expect(html).toContain('&lt;script&gt;');

    await page.goto('/returns-policy');
    const policy = page.getByTestId('policy-returns');
    await expect(policy.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(policy.getByText(paragraph)).toBeVisible();
    await expect(policy.getByText(script)).toBeVisible();
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();

    // The English page has no text of its own yet: the store's built-in one.
    await page.goto('/returns-policy?lang=en');
    await expect(page.getByTestId('policy-returns')).toContainText(
      'within 14 days from the date of the invoice',
    );
    await expect(page.getByTestId('policy-returns')).not.toContainText(heading);
  } finally {
    await clear();
  }
});
