import { signedIn, staffSession } from './admin-session';
import { expect, test } from './fixtures';

/**
 * Branch phones typed as the store writes numbers (issue 43, item 7): `097 231 0000` is one number, not three. The
 * owner types it in the back office with another number beside it, in Arabic and in English, and About us calls each
 * number whole: Arabic on a phone, English on a desktop. The branch edited is the last one, and its phones are put
 * back at the end; @alone, so no other test reads About us or edits a branch meanwhile.
 */
interface Branch {
  id: number;
  name_ar: string;
  phone_numbers: string[];
}

for (const locale of ['ar', 'en'] as const) {
  test(`a branch phone written with spaces is one number on About us (${locale}) @alone`, async ({
    page,
    request,
  }) => {
    const session = await staffSession(request);
    const list = async () => {
      const res = await request.get('/v1/admin/branches', { headers: session.headers });
      expect(res.ok(), await res.text()).toBeTruthy();
      return ((await res.json()) as { branches: Branch[] }).branches;
    };
    const branch = (await list()).at(-1)!;
    const restore = async () => {
      const now = (await list()).find((b) => b.id === branch.id)!;
      const res = await request.put(`/v1/admin/branches/${branch.id}`, {
        headers: session.headers,
        // As the form sends them: the seed writes some with dashes, which the form takes out.
        data: { ...now, phone_numbers: branch.phone_numbers.map((n) => n.replace(/[^\d+]/g, '')) },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    };
    try {
      if (locale === 'ar') await page.setViewportSize({ width: 375, height: 740 });
      await signedIn(page, session, locale);
      await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
      await page.goto('/admin/content/branches');
      const row = page.getByTestId('branches').getByRole('listitem').filter({ hasText: branch.name_ar });
      await row.getByRole('button', { name: locale === 'ar' ? 'تعديل' : 'Edit' }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByLabel(locale === 'ar' ? 'أرقام التليفون' : 'Phone numbers')
        .fill(locale === 'ar' ? '097 231 0000، 02 2345 6789' : '097 231 0000, 02-2345-6789');
      await dialog.getByRole('button', { name: locale === 'ar' ? 'حفظ' : 'Save', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('0972310000 · 0223456789');

      await page.goto(locale === 'ar' ? '/about-us' : '/about-us?lang=en');
      const card = page.getByTestId('branch-card').filter({ hasText: '0972310000' });
      const phones = card.locator('a[href^="tel:"]');
      // The branch's two numbers, each whole (beside the store's hotline).
      await expect(card.locator('a[href="tel:0972310000"]')).toHaveCount(1);
      await expect(card.locator('a[href="tel:0223456789"]')).toHaveCount(1);
      for (const part of ['tel:097', 'tel:231', 'tel:0000', 'tel:02', 'tel:2345', 'tel:6789'])
        await expect(card.locator(`a[href="${part}"]`)).toHaveCount(0);
      expect(await phones.count()).toBeGreaterThanOrEqual(2);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    } finally {
      await restore();
    }
  });
}
