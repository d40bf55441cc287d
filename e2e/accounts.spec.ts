import { expect, test, type Page } from './fixtures';
import {
  ARTIFACTS,
  NEW_PASSWORD,
  PASSWORD,
  T,
  accountIcon,
  addFromProductPage,
  apiGet,
  apiSignIn,
  arabicDigits,
  cartLink,
  createAccount,
  fillSignIn,
  findProduct,
  header,
  html,
  inEnglish,
  lastSmsId,
  loginButton,
  newPhone,
  otherCode,
  signIn,
  smsTo,
  storedGuestCart,
} from './accounts-kit';

/**
 * Accounts as a shopper uses them, in a real Chromium against the built app on the real API: sign-up with the SMS
 * code (read from the dev outbox), sign-in, the guest cart joining the server cart, and the forgotten password.
 * Accounts are made fresh for each test (a new phone number each time). The signed-in account's screens are in
 * accounts-session.spec.ts.
 */
// Journeys with several accounts, devices and password hashes: room for a busy machine running every spec at once.
test.describe.configure({ timeout: 150_000 });

test.describe('sign-up', () => {
  for (const locale of ['en', 'ar'] as const) {
    test(`register, read the code from the SMS, confirm it on the OTP page, sign in (${locale})`, async ({
      page,
      request,
    }) => {
      const t = T[locale];
      const phone = newPhone();
      if (locale === 'en') await inEnglish(page);
      await page.goto('/auth/signin');
      await expect(html(page)).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');

      // The register tab changes the route.
      await page.getByRole('navigation', { name: t.tabs }).getByRole('link', { name: t.registerTab }).click();
      await expect(page).toHaveURL(/\/auth\/register$/);
      const form = page.getByRole('form', { name: t.registerTab });

      // The terms checkbox enables the button; the form checks the fields before anything is sent.
      await form.getByLabel(t.firstName).fill('M');
      await form.getByLabel(t.lastName).fill('Hassan');
      await form.getByLabel(t.email).fill('mona-at-example.com');
      // Arabic keyboards type Arabic-Indic digits; they are the same number.
      await form.getByLabel(t.phone).fill(locale === 'ar' ? arabicDigits(phone) : phone);
      await form.getByLabel(t.password, { exact: true }).fill(PASSWORD);
      await form.getByLabel(t.confirmPassword).fill(`${PASSWORD}x`);
      const create = form.getByRole('button', { name: t.create });
      await expect(create).toBeDisabled();
      await form.getByRole('checkbox').check();
      await expect(create).toBeEnabled();
      await create.click();
      await expect(form.getByText(t.tooShort)).toBeVisible();
      await expect(form.getByText(t.emailInvalid)).toBeVisible();
      await expect(form.getByText(t.mismatch)).toBeVisible();
      expect(await lastSmsId(request, phone), 'nothing was sent').toBe(0);

      await form.getByLabel(t.firstName).fill('Mona');
      await form.getByLabel(t.email).fill(`mona.${phone}@example.com`);
      await form.getByLabel(t.confirmPassword).fill(PASSWORD);
      await create.click();
      const created = page.getByRole('dialog', { name: t.createdTitle });
      await expect(created).toContainText(t.created);
      await page.screenshot({
        path: `${ARTIFACTS}/account-register-created-${locale}-1366.png`,
        animations: 'disabled',
      });
      await created.getByRole('button', { name: t.continue }).click();

      // The OTP page: the countdown runs from 120 s and resend waits for it.
      await expect(page).toHaveURL(/\/auth\/otp_confirmation$/);
      await expect(page.getByRole('heading', { level: 1, name: t.otpTitle })).toBeVisible();
      await expect(page.getByTestId('otp-resend')).toHaveText(t.resendIn);
      await expect(page.getByTestId('otp-resend')).toBeDisabled();
      const sms = await smsTo(request, phone);
      const code = page.getByLabel(t.code, { exact: true });
      const verify = page.getByRole('button', { name: t.verify, exact: true });
      await code.fill('12345');
      await verify.click();
      await expect(page.getByText(t.otpFormat)).toBeVisible();
      await code.fill(otherCode(sms.code));
      await verify.click();
      await expect(page.getByText(t.wrongOtp)).toBeVisible();
      await code.fill(locale === 'ar' ? arabicDigits(sms.code) : sms.code);
      await verify.click();
      const confirmed = page.getByRole('dialog', { name: t.confirmedTitle });
      await expect(confirmed).toContainText(t.confirmed);
      await confirmed.getByRole('button', { name: t.signIn }).click();

      // Sign in, then the account tab shows who this is.
      await expect(page).toHaveURL(/\/auth\/signin$/);
      const signInForm = page.getByRole('form', { name: t.signIn });
      await signInForm.getByLabel(t.phone).fill(phone);
      await signInForm.getByLabel(t.password, { exact: true }).fill(PASSWORD);
      await signInForm.getByRole('button', { name: t.signInSubmit, exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await header(page).getByRole('link', { name: t.myAccount, exact: true }).click();
      await expect(page).toHaveURL(/\/my-account\/account$/);
      const details = page.getByRole('definition');
      await expect(details).toHaveText(['Mona', 'Hassan', `mona.${phone}@example.com`, phone]);
      await expect(html(page)).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    });
  }

  test('sign-in errors: wrong password; an unconfirmed account is led to the OTP page, its timer at 120', async ({
    page,
    request,
  }) => {
    const confirmed = await createAccount(request);
    const unconfirmed = await createAccount(request, { confirmed: false });
    await inEnglish(page);

    await page.goto('/auth/signin');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByText('is required')).toHaveCount(2);

    await fillSignIn(page, confirmed.phone_number, 'not-the-password');
    const error = page.getByRole('dialog', { name: "Couldn't sign you in" });
    await expect(error).toContainText('Phone Number or Password is incorrect, please try again');
    await expect(error.getByRole('button', { name: 'Enter OTP' })).toHaveCount(0);
    await error.getByRole('button', { name: 'Close' }).click();
    await expect(loginButton(page)).toBeVisible();

    // need_confirmation: the messages and a button to the OTP page.
    const before = await lastSmsId(request, unconfirmed.phone_number);
    await fillSignIn(page, unconfirmed.phone_number, unconfirmed.password);
    await expect(error).toContainText('Your phone number is not confirmed yet. Enter OTP sent to your phone');
    await error.getByRole('button', { name: 'Enter OTP' }).click();
    await expect(page).toHaveURL(/\/auth\/otp_confirmation$/);
    await expect(page.getByTestId('otp-resend')).toHaveText(/^Resend code in 1[12]\ds$/);
    await expect(page.getByTestId('otp-resend')).toBeDisabled();
    // The code sent at sign-up is still good (sign-in sends none within 120 s of it).
    expect(await lastSmsId(request, unconfirmed.phone_number)).toBe(before);
    const { code } = await smsTo(request, unconfirmed.phone_number);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByRole('dialog', { name: 'Account confirmed' })
      .getByRole('button', { name: 'Sign in' })
      .click();
    await fillSignIn(page, unconfirmed.phone_number, unconfirmed.password);
    await expect(accountIcon(page)).toBeVisible();
  });

  test('sign-up with a number that already has an account: the server error sits under the phone field', async ({
    page,
    request,
  }) => {
    const existing = await createAccount(request);
    await inEnglish(page);
    await page.goto('/auth/register');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('First name').fill('Omar');
    await form.getByLabel('Last name').fill('Said');
    await form.getByLabel('Email').fill('omar@example.com');
    await form.getByLabel('Mobile number').fill(existing.phone_number);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('#f-phone_number-error')).toHaveText('This phone number is already registered');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\/register$/);
  });
});

/* ---------------- the cart across sign-in ---------------- */

test('a guest cart survives sign-in: merged into the server cart, capped by stock and per-order maximum, and seen on another device', async ({
  page,
  browser,
  request,
}) => {
  const capped = await findProduct(
    request,
    'a product whose per-order maximum (2 or more) is below its stock',
    (x) =>
      x.maximum_number_per_order !== null &&
      x.maximum_number_per_order >= 2 &&
      x.maximum_number_per_order < x.stock,
  );
  const low = await findProduct(
    request,
    'a product with 2 to 5 left and no lower per-order maximum',
    (x) =>
      x.id !== capped.id &&
      x.stock >= 2 &&
      x.stock <= 5 &&
      (x.maximum_number_per_order === null || x.maximum_number_per_order >= x.stock),
  );
  const plain = await findProduct(
    request,
    'a product with plenty in stock',
    (x) => ![capped.id, low.id].includes(x.id) && x.stock > 5 && (x.maximum_number_per_order ?? 99) > 3,
  );
  const max = capped.maximum_number_per_order!;
  const account = await createAccount(request);

  // Earlier, on another device, the shopper put one of each of the first two in the (server) cart.
  const earlier = await apiSignIn(request, account);
  for (const p of [capped, low]) {
    const res = await request.put('/v1/users/cart?locale=en', {
      headers: earlier,
      data: { order_product: { product_id: p.id, quantity: 1 } },
    });
    expect(res.ok()).toBeTruthy();
  }

  // Now, as a guest: as many as allowed of each, and two of a third.
  await inEnglish(page);
  await addFromProductPage(page, capped, max);
  await addFromProductPage(page, low, low.stock);
  await addFromProductPage(page, plain, 2);
  await page.goto('/cart');
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(3);
  await expect(page.getByTestId('summary-count')).toHaveText(String(max + low.stock + 2));

  // Checkout asks a guest to sign in; after signing in the shopper is back on the cart, with everything merged.
  await page.getByTestId('proceed-checkout').click();
  await page
    .getByRole('dialog', { name: "You're not logged in" })
    .getByRole('link', { name: 'Sign in' })
    .click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await fillSignIn(page, account.phone_number, account.password);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(accountIcon(page)).toBeVisible();

  const expected = new Map([
    [capped.id, max], // 1 earlier + max now: capped at the per-order maximum
    [low.id, low.stock], // 1 earlier + all in stock now: capped at the stock
    [plain.id, 2],
  ]);
  const total = max + low.stock + 2;
  const expectCart = async (p: Page) => {
    await expect(p.getByTestId('cart-line')).toHaveCount(3);
    for (const [id, q] of expected)
      await expect(
        p.locator(`[data-testid="cart-line"][data-product-id="${id}"]`).getByRole('textbox'),
      ).toHaveValue(String(q));
    await expect(p.getByTestId('summary-count')).toHaveText(String(total));
    await expect(cartLink(p)).toHaveAttribute('aria-label', `Cart, items: ${total}`);
  };
  await expectCart(page);
  expect(await storedGuestCart(page), 'the browser no longer holds a guest cart').toEqual([]);
  // The cart page says what was capped, and why.
  const notice = page.getByTestId('cart-merge-notice');
  await expect(notice).toContainText('We adjusted your cart when you signed in');
  await expect(notice).toContainText(`Only ${max} available per order`);
  await expect(notice).toContainText(`Only ${low.stock} available in stock`);
  await expect(notice.getByRole('listitem')).toHaveCount(2);
  await page.screenshot({
    path: `${ARTIFACTS}/account-cart-merged-en-1366.png`,
    fullPage: true,
    animations: 'disabled',
  });
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toHaveCount(0);
  // It is the server's cart now.
  const server = await apiGet<{ order: { count: number } }>(request, '/v1/users/cart?locale=en', earlier);
  expect(server.order.count).toBe(total);

  // Another device (a second browser): after signing in there, the same cart.
  const other = await browser.newContext();
  const second = await other.newPage();
  await inEnglish(second);
  await signIn(second, account);
  await second.goto('/cart');
  await expectCart(second);
  // A change there is a change of the one cart.
  await second
    .locator(`[data-testid="cart-line"][data-product-id="${plain.id}"]`)
    .getByTestId('cart-remove')
    .click();
  await expect(second.getByTestId('cart-line')).toHaveCount(2);
  await other.close();
  await page.reload();
  await expect(lines).toHaveCount(2);
  await expect(page.getByTestId('summary-count')).toHaveText(String(max + low.stock));
});

/* ---------------- passwords ---------------- */

test.describe('forgotten password', () => {
  test('forgot password → code by SMS → new password on the OTP page → sign in with it (the old one no longer works)', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    await inEnglish(page);
    await page.goto('/auth/signin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot_password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
    const phone = page.getByLabel('Mobile number');
    const send = page.getByRole('button', { name: 'Send code' });

    await send.click();
    await expect(page.getByText('is required')).toBeVisible();
    await phone.fill(newPhone());
    await send.click();
    await expect(page.getByText('This phone number is not a registered on the store stores')).toBeVisible();

    const before = await lastSmsId(request, account.phone_number);
    await phone.fill(account.phone_number);
    await send.click();
    await expect(page).toHaveURL(/\/auth\/otp_confirmation$/);
    const sms = await smsTo(request, account.phone_number, before);

    // Going back and asking again within 120 s: the spec's wait message, in a dialog.
    await page.goBack();
    await expect(page).toHaveURL(/\/auth\/forgot_password$/);
    await page.getByLabel('Mobile number').fill(account.phone_number);
    await page.getByRole('button', { name: 'Send code' }).click();
    const wait = page.getByRole('dialog', { name: 'Something went wrong' });
    await expect(wait).toContainText(/Please wait \d+s before resending code/);
    await wait.getByRole('button', { name: 'Close' }).click();
    expect(await lastSmsId(request, account.phone_number), 'no second SMS').toBe(sms.id);
    await page.goForward();
    await expect(page).toHaveURL(/\/auth\/otp_confirmation$/);

    // The forgot-password variant: code, new password and its confirmation.
    await expect(page.getByRole('heading', { level: 1, name: 'Enter OTP' })).toBeVisible();
    const code = page.getByLabel('Verification code');
    const password = page.getByLabel('New password');
    const confirmation = page.getByLabel('Confirm password');
    const verify = page.getByRole('button', { name: 'Verify' });
    await code.fill(sms.code);
    await password.fill(NEW_PASSWORD);
    await confirmation.fill(`${NEW_PASSWORD}!`);
    await verify.click();
    await expect(page.getByText('Password and password confirmation are not matching')).toBeVisible();
    await code.fill(otherCode(sms.code));
    await confirmation.fill(NEW_PASSWORD);
    await verify.click();
    await expect(page.getByText('Wrong OTP code')).toBeVisible();
    await code.fill(sms.code);
    await verify.click();
    const done = page.getByRole('dialog', { name: 'Password changed' });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    await fillSignIn(page, account.phone_number, PASSWORD);
    const error = page.getByRole('dialog', { name: "Couldn't sign you in" });
    await expect(error).toContainText('Phone Number or Password is incorrect, please try again');
    await error.getByRole('button', { name: 'Close' }).click();
    await fillSignIn(page, account.phone_number, NEW_PASSWORD);
    await expect(accountIcon(page)).toBeVisible();
  });

  test('the reset link /auth/reset_password/{code}: a wrong code is refused, the right one sets the password', async ({
    page,
    request,
  }) => {
    const account = await createAccount(request);
    const before = await lastSmsId(request, account.phone_number);
    expect(
      (
        await request.post('/v1/users/passwords?locale=en', { data: { phone_number: account.phone_number } })
      ).ok(),
    ).toBeTruthy();
    const { code } = await smsTo(request, account.phone_number, before);
    await inEnglish(page);

    // The page asks for the phone the code went to (a code is only ever checked with its phone).
    await page.goto(`/auth/reset_password/${otherCode(code)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
    await page.getByLabel('Mobile number').fill(account.phone_number);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Wrong OTP code')).toBeVisible();

    // A link carrying the phone fills it in.
    await page.goto(`/auth/reset_password/${code}?phone_number=${account.phone_number}`);
    await expect(page.getByLabel('Mobile number')).toHaveValue(account.phone_number);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page
      .getByRole('dialog', { name: 'Password changed' })
      .getByRole('button', { name: 'Sign in' })
      .click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    // The reset form (with a phone and a password too) stays until the sign-in page's code has come.
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await fillSignIn(page, account.phone_number, NEW_PASSWORD);
    await expect(accountIcon(page)).toBeVisible();
  });
});

test('a stranger guessing the password does not lock the owner out: the right password and an SMS code sign in', async ({
  page,
  request,
}) => {
  const account = await createAccount(request);
  for (let i = 0; i < 10; i++) {
    const res = await request.post('/v1/users/sign_in', {
      data: { phone_number: account.phone_number, password: `Guess-${i}-word` },
    });
    expect(res.status()).toBe(401);
  }
  const before = await lastSmsId(request, account.phone_number);
  await inEnglish(page);
  await page.goto('/auth/signin');
  await fillSignIn(page, account.phone_number, PASSWORD);
  await expect(page.getByRole('status')).toContainText('Too many sign-in attempts on this number');
  const { code } = await smsTo(request, account.phone_number, before);
  await page.getByLabel('Code sent to your phone').fill(code);
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountIcon(page)).toBeVisible();
});

/* ---------------- the account area ---------------- */
