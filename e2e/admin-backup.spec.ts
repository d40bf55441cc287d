import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { openSignedIn } from './admin-session';
import { expect, test, type Page } from './fixtures';

/**
 * The owner's backup from the back office (issue 45): on the dashboard, one button downloads the whole store as one
 * .tar.gz (the database, the uploaded pictures, manifest.json), while the store keeps running. Arabic, then English.
 */

/** The names in a tar, read from its 512-byte headers (enough for this archive's short names). */
function tarNames(tar: Buffer): string[] {
  const names: string[] = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8);
    if (String.fromCharCode(header[156]!) !== 'x') names.push(name);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

async function downloadFrom(page: Page, button: string) {
  const card = page.getByTestId('backup');
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await card.getByRole('button', { name: button }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^store-backup-\d{8}-\d{6}\.tar\.gz$/);
  const names = tarNames(gunzipSync(readFileSync((await file.path())!)));
  expect(names[0]).toBe('database/pglite.tar');
  expect(names.at(-1)).toBe('manifest.json');
  expect(names.some((n) => n.startsWith('uploads/'))).toBe(true);
}

test('the owner downloads a backup of the whole store from the dashboard, in Arabic and in English', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, request, 'ar');
  await page.goto('/admin');
  const card = page.getByTestId('backup');
  await expect(card.getByRole('heading', { name: 'نسخة احتياطية' })).toBeVisible();
  await downloadFrom(page, 'نزّل نسخة احتياطية');
  await expect(card.getByRole('status')).toContainText('النسخة بتتجهز');

  await page.getByTestId('admin-language-switch').filter({ visible: true }).click();
  await expect(card.getByRole('heading', { name: 'Backup' })).toBeVisible();
  await downloadFrom(page, 'Download a backup');
  await expect(card.getByRole('status')).toContainText('The backup is being prepared');
});
