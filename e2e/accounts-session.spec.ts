import { expect, storedPayment, test, type APIRequestContext, type Page } from './fixtures';
import {
  ARTIFACTS,
  Locale,
  NEW_PASSWORD,
  PASSWORD,
  accountIcon,
  addFromProductPage,
  allProducts,
  apiGet,
  apiSignIn,
  cartLink,
  createAccount,
  expectTidy,
  fillSignIn,
  findProduct,
  header,
  html,
  inEnglish,
  loginButton,
  otherCode,
  shoot,
  signIn,
  smsTo,
  storedSession,
} from './accounts-kit';

/**
 * A signed-in shopper's account, in a real Chromium against the built app on the real API: profile, password change
 * and sign-out, the wishlist, the limits and error messages of spec §8, the guards of spec §2, and the same screens
 * on a 375 px phone. Accounts are made fresh for each test (a new phone number each time).
 */
// Journeys with several accounts, devices and password hashes: room for a busy machine running every spec at once.
test.describe.configure({ timeout: 150_000 });

test('edit profile: the form checks the fields, saves, and the session keeps working with the new headers', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await inEnglish(page);
  await signIn(page, account);
  await accountIcon(page).click();
  await expect(page).toHaveURL(/\/my-account\/account$/);
  await expect(page.getByRole('definition')).toHaveText([
    'Mona',
    'Hassan',
    account.email,
    account.phone_number,
  ]);

  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(/\/my-account\/account\/edit-profile$/);
  const first = page.getByLabel('First name');
  await expect(first).toHaveValue('Mona');
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await first.fill('');
  await page.getByLabel('Email').fill('nour@');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('is required')).toBeVisible();
  await expect(page.getByText('This email address is not valid')).toBeVisible();

  const oldHeaders = await storedSession(page);
  await first.fill('Nour');
  await page.getByLabel('Last name').fill('Adel');
  await page.getByLabel('Email').fill(`NOUR.${account.phone_number}@Example.com`);
  await page.getByRole('button', { name: 'Save' }).click();
  const done = page.getByRole('dialog', { name: 'Profile updated' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/my-account\/account$/);
  const email = `nour.${account.phone_number}@example.com`;
  await expect(page.getByRole('definition')).toHaveText(['Nour', 'Adel', email, account.phone_number]);

  // The answer carried new headers: the app keeps them and stays signed in. A call sent with the old token just
  // before still gets through, so another tab is not signed out (for 10 s; the API tests check that it then stops).
  const newHeaders = await storedSession(page);
  expect(newHeaders?.token).toBeTruthy();
  expect(newHeaders?.token).not.toBe(oldHeaders?.token);
  expect((await request.get('/v1/users?locale=en', { headers: oldHeaders! })).status()).toBe(200);
  await page.reload();
  await page.getByRole('main').getByRole('link', { name: 'Wishlist', exact: true }).click();
  await expect(page).toHaveURL(/\/my-account\/wishlist$/);
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  await expect(accountIcon(page)).toBeVisible();
  const me = await apiGet<{ user: { first_name: string; email: string } }>(
    request,
    '/v1/users?locale=en',
    (await storedSession(page))!,
  );
  expect(me.user).toMatchObject({ first_name: 'Nour', email });
});

test('change password, then sign out: the cart leaves the browser; the other device is signed out at its next call', async ({
  page,
  browser,
  request,
}) => {
  const account = await createAccount(request);
  const p = await findProduct(request, 'a product in stock', (x) => x.stock > 3);

  // The same account on another device.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await inEnglish(other);
  await signIn(other, account);
  await other.goto('/my-account/account');

  await inEnglish(page);
  await signIn(page, account);
  await addFromProductPage(page, p, 1);
  await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, items: 1');

  await accountIcon(page).click();
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/my-account\/account\/change-password$/);
  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password', { exact: true });
  const confirmation = page.getByLabel('Confirm new password');
  const submit = page.getByRole('button', { name: 'Change password' });

  await submit.click();
  await expect(page.getByText('is required')).toHaveCount(3);
  await current.fill('not-my-password');
  await next.fill(NEW_PASSWORD);
  await confirmation.fill(`${NEW_PASSWORD}?`);
  await submit.click();
  await expect(page.getByText('Password and password confirmation are not matching')).toBeVisible();

  // A wrong current password: a dialog with the full message.
  await confirmation.fill(NEW_PASSWORD);
  await submit.click();
  const error = page.getByRole('dialog', { name: 'Something went wrong' });
  await expect(error).toContainText('Current password is not correct');
  await error.getByRole('button', { name: 'Close' }).click();

  await current.fill(PASSWORD);
  await submit.click();
  const done = page.getByRole('dialog', { name: 'Password changed' });
  await expect(done).toContainText('Sign in again with your new password.');
  await done.getByRole('button', { name: 'Sign out' }).click();

  // Signed out, and the cart is cleared in this browser.
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(loginButton(page)).toBeVisible();
  await expect.poll(() => storedSession(page)).toBeNull();
  await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, items: 0');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-empty')).toBeVisible();

  // The other device's session ended with the password change: its next call answers 401 and signs it out.
  await other.getByRole('main').getByRole('link', { name: 'Wishlist', exact: true }).click();
  await expect(other).toHaveURL(/\/auth\/signin$/);
  await expect(loginButton(other)).toBeVisible();
  expect(await storedSession(other)).toBeNull();
  await otherContext.close();

  // The new password works, the old one does not.
  await page.goto('/auth/signin');
  await fillSignIn(page, account.phone_number, PASSWORD);
  await expect(page.getByRole('dialog', { name: "Couldn't sign you in" })).toContainText(
    'Phone Number or Password is incorrect, please try again',
  );
  await page
    .getByRole('dialog', { name: "Couldn't sign you in" })
    .getByRole('button', { name: 'Close' })
    .click();
  await fillSignIn(page, account.phone_number, NEW_PASSWORD);
  await expect(accountIcon(page)).toBeVisible();
});

test('sign out from the account area: session and cart leave the browser, the token stops working', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  const p = await findProduct(request, 'a product in stock', (x) => x.stock > 3);
  await inEnglish(page);
  await signIn(page, account);
  await addFromProductPage(page, p, 2);
  await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, items: 2');
  const headers = await storedSession(page);
  // A payment session the shopper opened earlier (the hosted checkout's key), remembered by this browser: the
  // checkout's code, which holds it, has not loaded on this page.
  await page.evaluate(() =>
    localStorage.setItem(
      'store-payment',
      JSON.stringify({
        state: {
          payment: {
            payment_key: 'key-of-this-shopper',
            payment_key_expiration: new Date(Date.now() + 300_000).toISOString(),
            checkoutPrice: 100,
            order_id: 1,
            unified_checkout_url: 'https://example.test/pay',
          },
        },
        version: 0,
      }),
    ),
  );

  await accountIcon(page).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(loginButton(page)).toBeVisible();
  await expect.poll(() => storedSession(page)).toBeNull();
  // The next shopper on this browser does not find it.
  await expect.poll(() => storedPayment(page)).toBeNull();
  await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, items: 0');
  expect((await request.get('/v1/users/cart?locale=en', { headers: headers! })).status()).toBe(401);
  await page.goto('/my-account/account');
  await expect(page).toHaveURL(/\/auth\/signin$/);
});

/* ---------------- wishlist ---------------- */

test('wishlist: a guest is asked to sign in; favorite from the product page, listed, added to the cart, removed after confirming', async ({
  page,
  request,
}) => {
  const p = await findProduct(
    request,
    'a product in stock with a photo',
    (x) => x.stock > 3 && x.images.length > 0,
  );
  const account = await createAccount(request);
  await inEnglish(page);

  await page.goto(`/products/${p.id}`);
  await page.getByTestId('favorite').click();
  const ask = page.getByRole('dialog', { name: 'Sign in to save favorites' });
  await expect(ask).toBeVisible();
  await ask.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await fillSignIn(page, account.phone_number, account.password);
  // Back on the product, signed in.
  await expect(page).toHaveURL(new RegExp(`/products/${p.id}$`));
  const heart = page.getByTestId('favorite');
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAttribute('aria-label', `Remove ${p.title} from favorites`);

  // Leaving and coming back (in the app, so from its cache), the product is still a favorite.
  await header(page).locator('a[href="/"]').first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/products/${p.id}$`));
  await expect(page.getByTestId('favorite')).toHaveAttribute('aria-pressed', 'true');

  // The wishlist tab lists it; add to cart from there.
  await header(page).getByRole('link', { name: 'Wishlist' }).click();
  await expect(page).toHaveURL(/\/my-account\/wishlist$/);
  const items = page.getByTestId('wishlist-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(p.title);
  await items.first().getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartLink(page)).toHaveAttribute('aria-label', 'Cart, items: 1');
  await expect(items.first().getByTestId('wishlist-in-cart')).toHaveText('In your cart: 1');

  // Remove: asked first; Cancel keeps it.
  await items.first().getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove from wishlist?' });
  await expect(confirm).toContainText('This product will be removed from your wishlist.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(items).toHaveCount(1);
  await items.first().getByRole('button', { name: 'Remove' }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  await expect(items).toHaveCount(0);

  // The cart still has it, and its page (reached in the app) knows it is no longer a favorite.
  await cartLink(page).click();
  const line = page.locator(`[data-testid="cart-line"][data-product-id="${p.id}"]`);
  await expect(line).toHaveCount(1);
  await line.getByRole('link', { name: p.title }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${p.id}$`));
  await expect(page.getByTestId('favorite')).toHaveAttribute('aria-pressed', 'false');
});

test('wishlist pages: 10 favorites a page, then the next page', async ({ page, request }) => {
  const account = await createAccount(request);
  const favorites = (await allProducts(request)).slice(0, 12);
  const headers = await apiSignIn(request, account);
  for (const p of favorites)
    expect((await request.post(`/v1/users/products/${p.id}/favorites?locale=en`, { headers })).status()).toBe(
      201,
    );

  await inEnglish(page);
  await signIn(page, account);
  await page.goto('/my-account/wishlist');
  const items = page.getByTestId('wishlist-item');
  await expect(items).toHaveCount(10);
  await expect(page.getByText('Page 1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(items).toHaveCount(2);
  await expect(page.getByText('Page 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  // Removing both favorites of page 2 goes back to page 1.
  for (let i = 0; i < 2; i++) {
    await items.first().getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('dialog', { name: 'Remove from wishlist?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(items).toHaveCount(i === 0 ? 1 : 10);
  }
  await expect(page.getByText('Page 1')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Previous', exact: true })).toHaveCount(0);
  await expect(items).toHaveCount(10);
});

/* ---------------- limits, wrong codes, the 120 s rule ---------------- */

test('too many sign-in tries: the page then asks for a code, and the right password alone does not sign in', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await inEnglish(page);
  await page.goto('/auth/signin');
  const error = page.getByRole('dialog', { name: "Couldn't sign you in" });
  const locked = page.getByRole('status');
  // 10 tries per phone in 15 minutes (modules/auth/limits.ts); then the page says so and asks for a code.
  let wrong = 0;
  for (; wrong < 25; wrong++) {
    await fillSignIn(page, account.phone_number, `wrong-password-${wrong}`);
    await expect(error.or(locked)).toBeVisible();
    if (await locked.isVisible()) break;
    await expect(error).toContainText('Phone Number or Password is incorrect, please try again');
    await error.getByRole('button', { name: 'Close' }).click();
  }
  expect(wrong, 'refused after 10 tries').toBeGreaterThanOrEqual(10);
  expect(wrong).toBeLessThan(25);
  await expect(locked).toContainText(/Too many sign-in attempts on this number\. .* \d+s/);
  await expect(page.getByLabel('Code sent to your phone')).toBeVisible();
  // The right password alone gets the same answer: still a guest.
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await expect(locked).toContainText('Too many sign-in attempts on this number');
  await expect(loginButton(page)).toBeVisible();
});

// @clock: it moves the server's clock forward (POST /dev/clock), so it runs alone (playwright.config.ts).
test('@clock OTP: wrong codes, a code dead after 5 wrong tries, resend only after 120 s (the page and the server agree)', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, { confirmed: false });
  const first = await smsTo(request, account.phone_number);
  await inEnglish(page);
  await page.clock.install();
  await page.goto('/auth/signin');
  await fillSignIn(page, account.phone_number, account.password);
  await page
    .getByRole('dialog', { name: "Couldn't sign you in" })
    .getByRole('button', { name: 'Enter OTP' })
    .click();
  await expect(page).toHaveURL(/\/auth\/otp_confirmation$/);

  const resend = page.getByTestId('otp-resend');
  const code = page.getByLabel('Verification code');
  const verify = page.getByRole('button', { name: 'Verify' });
  const codeError = page.locator('#f-code-error');
  await expect(resend).toHaveText(/^Resend code in 1[12]\ds$/);
  await expect(resend).toBeDisabled();

  for (let i = 0; i < 5; i++) {
    await code.fill(otherCode(first.code));
    await verify.click();
    await expect(codeError).toHaveText('Wrong OTP code');
    await code.fill('');
  }
  // After 5 wrong tries even the right code is dead.
  await code.fill(first.code);
  await verify.click();
  await expect(codeError).toHaveText('This code is no longer valid, please request a new one');

  // The countdown reaches 0, then resend is enabled.
  for (let i = 0; i < 400 && (await resend.isDisabled()); i++) await page.clock.runFor(1000);
  await expect(resend).toHaveText('Resend code');
  await expect(resend).toBeEnabled();

  // The server keeps its own 120 s (its clock has not moved): the spec's message in a dialog.
  await resend.click();
  const refused = page.getByRole('dialog', { name: 'Error' });
  await expect(refused).toContainText(/Please wait \d+s before resending code/);
  await refused.getByRole('button', { name: 'Close' }).click();

  // Once 120 s have passed on the server too, a new code goes out and the countdown starts again.
  expect((await request.post('/dev/clock', { data: { advance_seconds: 121 } })).ok()).toBeTruthy();
  await resend.click();
  await expect(resend).toHaveText(/^Resend code in 1[12]\ds$/);
  await expect(resend).toBeDisabled();
  const second = await smsTo(request, account.phone_number, first.id);
  await code.fill(second.code);
  await verify.click();
  await expect(page.getByRole('dialog', { name: 'Account confirmed' })).toContainText(
    'You can now sign in to your account.',
  );
});

/* ---------------- guards ---------------- */

test('guests are sent from /my-account to sign in (and come back after); signed-in shoppers are sent away from auth pages', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await inEnglish(page);
  for (const path of [
    '/my-account',
    '/my-account/orders',
    '/my-account/account/edit-profile',
    '/my-account/account/change-password',
  ]) {
    await page.goto(path);
    await expect(page, `${path} needs an account`).toHaveURL(/\/auth\/signin$/);
  }
  await page.goto('/auth/otp_confirmation');
  await expect(page).toHaveURL(/\/404$/);

  await page.goto('/my-account/wishlist');
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await fillSignIn(page, account.phone_number, account.password);
  await expect(page).toHaveURL(/\/my-account\/wishlist$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Wishlist' })).toBeVisible();

  for (const path of [
    '/auth/signin',
    '/auth/register',
    '/auth/forgot_password',
    '/auth/reset_password/123456',
  ]) {
    await page.goto(path);
    await expect(page, `${path} is for guests`).toHaveURL(/\/$/);
  }
  await page.goto('/my-account/no-such-tab');
  await expect(page).toHaveURL(/\/my-account\/account$/);
  await page.goto('/my-account');
  await expect(page.getByRole('heading', { level: 2, name: 'Account' })).toBeVisible();
});

/* ---------------- phone ---------------- */

test('@phone sign-in and the account area at 375 px, through the burger menu, in Arabic and English', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  await page.setViewportSize({ width: 375, height: 740 });
  for (const locale of ['ar', 'en'] as const) {
    const name = {
      ar: {
        login: 'تسجيل الدخول',
        myAccount: 'حسابي',
        wishlist: 'المفضلة',
        edit: 'تعديل البيانات',
        signOut: 'تسجيل الخروج',
      },
      en: {
        login: 'Login',
        myAccount: 'My account',
        wishlist: 'Wishlist',
        edit: 'Edit profile',
        signOut: 'Sign out',
      },
    }[locale];
    await page.goto('/');
    await page.evaluate(
      (l) => localStorage.setItem('store-locale', JSON.stringify({ state: { locale: l }, version: 0 })),
      locale,
    );
    await page.reload();
    await expect(html(page)).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');

    // Guest: the burger holds the login link.
    await page.getByTestId('burger-button').click();
    const drawer = page.getByTestId('burger-drawer');
    await expect(drawer).toBeVisible();
    // The drawer comes from the start side: the right in Arabic, the left in English (once it has slid in).
    await expect
      .poll(async () => {
        const box = await page.getByRole('dialog').boundingBox();
        return box && Math.round(locale === 'ar' ? box.x + box.width : box.x);
      })
      .toBe(locale === 'ar' ? 375 : 0);
    await drawer.getByRole('link', { name: name.login }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expectTidy(page, `sign-in ${locale} 375`);
    await page.screenshot({
      path: `${ARTIFACTS}/account-phone-signin-${locale}.png`,
      fullPage: true,
      animations: 'disabled',
    });
    await fillSignIn(page, account.phone_number, account.password);
    await expect(page).toHaveURL(/\/$/);

    // Signed in: the burger holds the account links.
    await page.getByTestId('burger-button').click();
    await drawer.getByRole('link', { name: name.myAccount }).click();
    await expect(page).toHaveURL(/\/my-account\/account$/);
    await expect(page.getByRole('definition').last()).toHaveText(account.phone_number);
    await expectTidy(page, `account ${locale} 375`);
    await page.screenshot({
      path: `${ARTIFACTS}/account-phone-account-${locale}.png`,
      fullPage: true,
      animations: 'disabled',
    });

    await page.getByRole('main').getByRole('link', { name: name.wishlist, exact: true }).click();
    await expect(page).toHaveURL(/\/my-account\/wishlist$/);
    await expectTidy(page, `wishlist ${locale} 375`);
    // All five tabs (account, addresses, orders, wishlist, alerts) stay in view on a phone, the selected one too:
    // nobody scrolls sideways to find a tab.
    const tabs = page.locator('main nav a[href^="/my-account/"]');
    await expect(tabs).toHaveCount(5);
    for (const box of await tabs.evaluateAll((links) =>
      links.map((l) => l.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(375);
    }

    await page.goto('/my-account/account');
    await page.getByRole('link', { name: name.edit }).click();
    await expect(page).toHaveURL(/edit-profile$/);
    await expectTidy(page, `edit profile ${locale} 375`);
    await page.screenshot({
      path: `${ARTIFACTS}/account-phone-edit-${locale}.png`,
      fullPage: true,
      animations: 'disabled',
    });

    // Sign out from the burger.
    await page.getByTestId('burger-button').click();
    await drawer.getByRole('button', { name: name.signOut }).click();
    await expect(page.getByTestId('burger-button')).toBeVisible();
    await expect.poll(() => storedSession(page)).toBeNull();
  }
});

/* ---------------- screenshots ---------------- */

async function screenTour(page: Page, request: APIRequestContext, locale: Locale) {
  const account = await createAccount(request);
  const unconfirmed = await createAccount(request, { confirmed: false });
  const p = await findProduct(
    request,
    'a product in stock with a photo',
    (x) => x.stock > 3 && x.images.length > 0,
  );
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await page.evaluate(
    (l) => localStorage.setItem('store-locale', JSON.stringify({ state: { locale: l }, version: 0 })),
    locale,
  );

  await page.goto('/auth/signin');
  await expect(page.locator('input[name="password"]')).toBeVisible();
  await shoot(page, 'signin', locale);
  await page.goto('/auth/register');
  await expect(page.locator('input[name="first_name"]')).toBeVisible();
  await shoot(page, 'register', locale);
  await page.goto('/auth/forgot_password');
  await expect(page.locator('input[name="phone_number"]')).toBeVisible();
  await shoot(page, 'forgot', locale);
  await page.goto('/auth/reset_password/123456');
  await expect(page.locator('input[name="password_confirmation"]')).toBeVisible();
  await shoot(page, 'reset', locale);

  // The need-confirmation dialog and the OTP page it leads to.
  await page.goto('/auth/signin');
  await fillSignIn(page, unconfirmed.phone_number, unconfirmed.password);
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('button').last()).toBeVisible();
  await shoot(page, 'signin-need-confirmation', locale);
  await dialog.locator('button').first().click();
  await expect(page).toHaveURL(/\/auth\/otp_confirmation$/);
  await shoot(page, 'otp', locale);

  // The forgot-password variant of the OTP page.
  await page.goto('/auth/forgot_password');
  await page.locator('input[name="phone_number"]').fill(account.phone_number);
  await page.locator('main form button[type="submit"]').click();
  await expect(page.locator('input[name="password_confirmation"]')).toBeVisible();
  await shoot(page, 'otp-forgot', locale);

  // A guest's heart on a product page.
  await page.goto(`/products/${p.id}`);
  await page.getByTestId('favorite').click();
  await expect(page.getByTestId('favorite-signin')).toBeVisible();
  await shoot(page, 'favorite-signin', locale);

  await page.goto('/auth/signin');
  await fillSignIn(page, account.phone_number, account.password);
  await expect(accountIcon(page)).toBeVisible();
  const headers = (await storedSession(page))!;
  expect((await request.post(`/v1/users/products/${p.id}/favorites?locale=en`, { headers })).status()).toBe(
    201,
  );
  await page.goto('/my-account/account');
  await expect(page.getByRole('definition').first()).toHaveText('Mona');
  await shoot(page, 'account', locale);
  await page.goto('/my-account/account/edit-profile');
  await expect(page.locator('input[name="email"]')).toHaveValue(account.email);
  await shoot(page, 'edit-profile', locale);
  await page.goto('/my-account/account/change-password');
  await expect(page.locator('input[name="current_password"]')).toBeVisible();
  await shoot(page, 'change-password', locale);
  await page.goto('/my-account/wishlist');
  await expect(page.getByTestId('wishlist-item')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  await shoot(page, 'wishlist', locale);
  await page.getByTestId('wishlist-item').getByRole('button').last().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, 'wishlist-confirm', locale);
}

test.describe('screenshots', () => {
  for (const locale of ['ar', 'en'] as const) {
    test(`every account screen at 1366 and 375 px (${locale}): right direction, nothing overflowing, no raw keys`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      await screenTour(page, request, locale);
    });
  }
});
