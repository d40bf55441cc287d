import { createHmac } from 'node:crypto';
import { OWNER } from './admin-session';
import { expect, test, type Page } from './fixtures';

/**
 * Issue 42, finding 15 in a real Chromium: the staff session used to sit in localStorage on the shop's origin, where
 * any script injected into the shop could read it and take the back office. The owner now signs in through the
 * form, and the session is an HttpOnly cookie sent only to /v1/admin: nothing of it is in localStorage or
 * sessionStorage, no script of the shop or of the back office reads it, and the back office still works, writes
 * included (they carry the CSRF token). A new member sets up an authenticator app in their account page (finding 4).
 */

/** Everything a script of this page can read: its storage and its cookies. */
const readable = (page: Page) =>
  page.evaluate(() => ({
    local: Object.fromEntries(Object.entries(localStorage)),
    session: Object.fromEntries(Object.entries(sessionStorage)),
    cookie: document.cookie,
  }));

/** RFC 6238's code of a base32 secret at this moment (what the member's authenticator app shows). */
function totpNow(secret: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/\s/g, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('after the owner signs in, no script and no storage holds the staff session, and the back office still works', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.goto('/admin/sign-in');
  await page.getByLabel('البريد الإلكتروني').fill(OWNER.email);
  await page.getByLabel('كلمة السر').fill(OWNER.password);
  await page.getByTestId('staff-sign-in').click();
  await expect(page.getByTestId('staff-name')).toBeVisible();

  // The browser holds the session in an HttpOnly, SameSite=Strict cookie for /v1/admin only.
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'staff_session')!;
  expect(session).toMatchObject({ path: '/v1/admin', httpOnly: true, sameSite: 'Strict' });
  expect(cookies.find((c) => c.name === 'staff_csrf')).toMatchObject({ path: '/admin', httpOnly: false });
  const secrets = session.value.split('.').slice(1); // the device id and the token
  expect(secrets.map((s) => s.length)).toEqual([22, 43]);

  // Neither the back office's scripts nor the shop's can read it, and it is in no storage.
  const inAdmin = await readable(page);
  await page.goto('/');
  const inShop = await readable(page);
  for (const [where, seen] of [
    ['back office', inAdmin],
    ['shop', inShop],
  ] as const) {
    const all = JSON.stringify(seen);
    for (const secret of secrets) expect(all, where).not.toContain(secret);
    expect(seen.cookie, where).not.toContain('staff_session');
    expect(Object.keys(seen.local), where).not.toContain('admin-auth');
  }
  // The CSRF token is for the back office's pages only (Path=/admin): a shop page cannot read it either.
  expect(inAdmin.cookie).toContain('staff_csrf=');
  expect(inShop.cookie).not.toContain('staff_csrf');

  // The back office works from the cookie after a reload, writes included: the owner adds a member.
  await page.goto('/admin/staff');
  await expect(page.getByTestId('staff-row').first()).toContainText(OWNER.email);
  const email = `totp-${Date.now()}@store.local`;
  const password = 'Aswan-dam-2024';
  await page.getByLabel('الاسم').fill('سلمى حسن');
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('الدور').selectOption('catalog');
  await page.getByLabel('كلمة السر').fill(password);
  await page.getByTestId('staff-add').click();
  const row = page.getByTestId('staff-row').filter({ hasText: email });
  await expect(row).toContainText('من غير تطبيق مصادقة');
  // Owners see the failed sign-ins panel.
  await expect(page.getByTestId('failures-card')).toBeVisible();

  // The new member, in a browser of their own, sets up an authenticator app in their account page.
  const theirs = await browser.newContext({ baseURL });
  try {
    const member = await theirs.newPage();
    await member.goto('/admin/sign-in');
    await member.getByLabel('البريد الإلكتروني').fill(email);
    await member.getByLabel('كلمة السر').fill(password);
    await member.getByTestId('staff-sign-in').click();
    await member.getByTestId('nav-account').filter({ visible: true }).click();
    await expect(member.getByTestId('totp-status')).toContainText('لسه متفعّلش');
    await member.getByTestId('totp-start').click();
    const secret = (await member.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(member.getByTestId('totp-uri')).toHaveAttribute(
      'href',
      new RegExp(`^otpauth://totp/.*secret=${secret}`),
    );
    await member.getByTestId('totp-code').fill(totpNow(secret));
    await member.getByTestId('totp-confirm').click();
    await expect(member.getByTestId('totp-done')).toContainText('تطبيق المصادقة اتفعّل');
    await expect(member.getByTestId('totp-status')).toContainText('شغال');
    expect(JSON.stringify(await readable(member))).not.toContain(secret);
  } finally {
    await theirs.close();
  }
  await page.reload();
  await expect(row).toContainText('تطبيق المصادقة شغال');

  // Sign-out takes the cookies away: the back office asks for a sign-in again.
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  expect((await page.context().cookies()).filter((c) => c.name.startsWith('staff_'))).toEqual([]);
  await page.goto('/admin/staff');
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
});
