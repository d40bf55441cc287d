import { expect, test, type APIRequestContext, type Page } from './fixtures';

/**
 * The storefront's content in the back office (issue 17): the owner changes the first top slide's title in /admin,
 * in Arabic and in English side by side, saves, and the store's home page (rendered on the server, its page cache
 * following the catalog version) shows the new words in each language at once. A link that is not a store page or
 * an https address is refused on its field, in the staff member's language, before anything is sent.
 */

const OWNER = { email: 'owner@store.local', password: 'souq-demo-owner' };

/** Opens the back office signed in as the owner (the session stored as the app stores it), in Arabic. */
async function openSignedIn(page: Page, request: APIRequestContext) {
  const res = await request.post('/v1/admin/sign_in?locale=en', { data: OWNER });
  expect(res.ok(), await res.text()).toBeTruthy();
  const h = res.headers();
  const { staff } = (await res.json()) as { staff: { id: number; role: string } };
  await page.addInitScript(
    ([headers, member]) => {
      if (sessionStorage.getItem('e2e-admin-set')) return;
      localStorage.setItem('admin-auth', JSON.stringify({ state: { headers, staff: member }, version: 0 }));
      localStorage.setItem('store-locale', JSON.stringify({ state: { locale: 'ar' }, version: 0 }));
      sessionStorage.setItem('e2e-admin-set', '1');
    },
    [{ client: h.client!, token: h.token!, uid: h.uid! }, staff] as const,
  );
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

  await openSignedIn(page, request);
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

  // The server-rendered page has the new words (the page cache followed the catalog version).
  expect(words(await (await request.get('/')).text())).toContain(titleAr);
  expect(words(await (await request.get('/?lang=en')).text())).toContain(titleEn);

  await page.goto('/');
  const first = page.getByTestId('hero-carousel').getByRole('group').first();
  await expect(first.getByRole('heading', { name: titleAr })).toBeVisible();
  await page.goto('/?lang=en');
  await expect(
    page.getByTestId('hero-carousel').getByRole('group').first().getByRole('heading', { name: titleEn }),
  ).toBeVisible();
});
