import { expect, inLocale, test, type Locator } from './fixtures';

/**
 * Mixed Arabic and Latin (issue 16, item 5): a Latin run inside an Arabic title (model names and codes) is isolated
 * and reads left to right on the product page, in the cart and in the search suggestions: "Apple" comes before
 * "8-core" on the screen, never "-8 Apple M2 core".
 */

/**
 * How `first` and `last` (words of the element's text) are drawn: left to right means `first` is left of `last` on
 * the same line, or on a line above it.
 */
async function readsLeftToRight(el: Locator, first: string, last: string, sameLine = false) {
  return el.evaluate(
    (node, [a, b, same]) => {
      const rect = (word: string) => {
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        for (let t = walker.nextNode() as Text | null; t; t = walker.nextNode() as Text | null) {
          const i = t.data.indexOf(word);
          if (i < 0) continue;
          const range = document.createRange();
          range.setStart(t, i);
          range.setEnd(t, i + word.length);
          return range.getBoundingClientRect();
        }
        throw new Error(`${word} not found`);
      };
      const ra = rect(a as string);
      const rb = rect(b as string);
      const oneLine = Math.abs(ra.top - rb.top) < 4;
      return oneLine ? ra.left < rb.left : !same && ra.top < rb.top;
    },
    [first, last, sameLine] as const,
  );
}

/** "Apple M2 8-core" read as written: "Apple" before "core", and "8" just left of "core" (one word). */
async function expectReadable(el: Locator) {
  await expect(el).toBeVisible();
  expect(await readsLeftToRight(el, 'Apple', 'core')).toBe(true);
  expect(await readsLeftToRight(el, '8', 'core', true)).toBe(true);
}

test('a Latin model name inside an Arabic title reads left to right on the product page, in the cart and in suggestions', async ({
  page,
  request,
}) => {
  const list = await (await request.get('/v1/products?query=macbook air m2&locale=ar&per_page=5')).json();
  const p = (list.products as { id: number; title: string }[]).find((x) =>
    x.title.includes('Apple M2 8-core'),
  );
  expect(p, 'the demo catalog has the MacBook Air M2 with its processor in Latin').toBeTruthy();
  await inLocale(page, 'ar');

  await page.goto(`/products/${p!.id}`);
  const inTitle = page.locator('h1 bdi[dir="ltr"]', { hasText: 'Apple M2 8-core' });
  await expectReadable(inTitle);

  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('remove-from-cart')).toBeVisible();
  await page.goto('/cart');
  const inCart = page.locator('bdi[dir="ltr"]', { hasText: 'Apple M2 8-core' }).first();
  await expectReadable(inCart);

  const box = page.getByRole('combobox', { name: 'ابحث عن منتج' });
  await box.fill('ماك بوك اير M2');
  const suggestion = page
    .getByTestId('search-suggestions')
    .locator('bdi[dir="ltr"]', { hasText: 'Apple M2 8-core' })
    .first();
  await expectReadable(suggestion);
});
