import { expect, storedPayment, test, type APIRequestContext, type Page } from './fixtures';
import { mkdirSync } from 'node:fs';

/**
 * Accounts as a shopper uses them, in a real Chromium against the built app on the real API: sign-up with the SMS
 * code (read from the dev outbox), sign-in, the guest cart joining the server cart, forgotten password, profile,
 * password change and sign-out, the wishlist, the limits and error messages of spec §8, the guards of spec §2, and
 * the same screens on a 375 px phone. Accounts are made fresh for each test (a new phone number each time).
 */

const ARTIFACTS = 'e2e/artifacts';
mkdirSync(ARTIFACTS, { recursive: true });

// Journeys with several accounts, devices and password hashes: room for a busy machine running every spec at once.
test.describe.configure({ timeout: 150_000 });

const PASSWORD = 'Nile-river-2024';
const NEW_PASSWORD = 'Giza-pyramid-77';

type Locale = 'ar' | 'en';

interface Img {
  is_3d_image: boolean;
  versions: { thumbnail: string; medium: string };
}
interface P {
  id: number;
  title: string;
  stock: number;
  maximum_number_per_order: number | null;
  checkout_price: number;
  images: Img[];
}
interface Account {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  password: string;
}
interface Sms {
  id: number;
  code: string | null;
  body: string;
}
type Headers = { client: string; token: string; uid: string };

/* ---------------- the API, for what happened "earlier" and for SMS codes ---------------- */

async function apiGet<T>(request: APIRequestContext, path: string, headers?: Headers): Promise<T> {
  const res = await request.get(path, { headers });
  expect(res.ok(), `${path} answers`).toBeTruthy();
  return (await res.json()) as T;
}

let everything: P[] | undefined;
async function allProducts(request: APIRequestContext): Promise<P[]> {
  if (everything) return everything;
  const out: P[] = [];
  for (let page = 1; ; page++) {
    const r = await apiGet<{ products: P[]; meta: { next_page: number | null } }>(
      request,
      `/v1/products?per_page=100&page=${page}&locale=en`,
    );
    out.push(...r.products);
    if (r.meta.next_page === null) break;
  }
  everything = out;
  return out;
}

async function findProduct(request: APIRequestContext, what: string, test: (p: P) => boolean): Promise<P> {
  const p = (await allProducts(request)).find(test);
  expect(p, `the demo catalog has ${what}`).toBeTruthy();
  return p!;
}

/** A fresh Egyptian mobile number (010 and 8 digits). */
const newPhone = () => `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The latest SMS sent to the phone, waiting for one newer than `afterId`. */
async function smsTo(
  request: APIRequestContext,
  phone: string,
  afterId = 0,
): Promise<Sms & { code: string }> {
  let last: Sms | undefined;
  await expect
    .poll(
      async () => {
        last = (await apiGet<{ messages: Sms[] }>(request, `/dev/sms-outbox?phone_number=${phone}&limit=1`))
          .messages[0];
        return last?.id ?? 0;
      },
      { message: `an SMS to ${phone} reaches the outbox` },
    )
    .toBeGreaterThan(afterId);
  expect(last!.code, 'the SMS carries a 6-digit code').toMatch(/^\d{6}$/);
  return last as Sms & { code: string };
}
const lastSmsId = async (request: APIRequestContext, phone: string) =>
  (await apiGet<{ messages: Sms[] }>(request, `/dev/sms-outbox?phone_number=${phone}&limit=1`)).messages[0]
    ?.id ?? 0;

/** A code that is not this one (same length). */
const otherCode = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
/** Latin digits as Arabic-Indic ones (what an Arabic keyboard types). */
const arabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** An account made through the API (sign-up, and the SMS code confirmed unless `confirmed: false`). */
async function createAccount(request: APIRequestContext, { confirmed = true } = {}): Promise<Account> {
  const phone = newPhone();
  const account: Account = {
    first_name: 'Mona',
    last_name: 'Hassan',
    email: `mona.${phone}@example.com`,
    phone_number: phone,
    password: PASSWORD,
  };
  const res = await request.post('/v1/users?locale=en', {
    data: { ...account, password_confirmation: PASSWORD },
  });
  expect(res.status(), 'sign-up answers 201').toBe(201);
  if (confirmed) {
    const { code } = await smsTo(request, phone);
    const ok = await request.put('/v1/users/confirmations?locale=en', {
      data: { phone_number: phone, sms_confirmation_otp: code },
    });
    expect(ok.ok(), 'the account is confirmed').toBeTruthy();
  }
  return account;
}

async function apiSignIn(
  request: APIRequestContext,
  account: Pick<Account, 'phone_number' | 'password'>,
): Promise<Headers> {
  const res = await request.post('/v1/users/sign_in?locale=en', {
    data: { phone_number: account.phone_number, password: account.password },
  });
  expect(res.ok(), 'API sign-in').toBeTruthy();
  const h = res.headers();
  return { client: h.client!, token: h.token!, uid: h.uid! };
}

/* ---------------- the browser ---------------- */

/** English, for the spec's own words; the page store is the one the app reads before its first paint. */
async function inEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-locale-set')) {
      localStorage.setItem('store-locale', JSON.stringify({ state: { locale: 'en' }, version: 0 }));
      sessionStorage.setItem('e2e-locale-set', '1');
    }
  });
}

const html = (page: Page) => page.locator('html');
const header = (page: Page) => page.locator('header').first();
/** The header shows the account icon (signed in) or the Login button (guest). */
const accountIcon = (page: Page) => header(page).locator('a[href="/my-account/account"]');
const loginButton = (page: Page) => header(page).locator('a[href="/auth/signin"]');
const cartLink = (page: Page) => page.getByTestId('cart-link');
const storedSession = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('store-auth') ?? '{}') as { state?: { headers: Headers | null } })
        .state?.headers ?? null,
  );
const storedGuestCart = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('store-guest-cart') ?? '{}') as { state?: { lines: unknown[] } }).state
        ?.lines ?? [],
  );

/** Signs in on the page it is on (the sign-in form), by field names so it works in either language. */
async function fillSignIn(page: Page, phone: string, password: string) {
  const form = page.locator('form:has(input[name="phone_number"]):has(input[name="password"])');
  await form.locator('input[name="phone_number"]').fill(phone);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}
async function signIn(page: Page, account: Pick<Account, 'phone_number' | 'password'>) {
  await page.goto('/auth/signin');
  await fillSignIn(page, account.phone_number, account.password);
  // Signed in, and the sign-in page has moved on (home).
  await expect(page).toHaveURL(/\/$/);
  await expect(accountIcon(page)).toBeVisible();
}

/** Puts `quantity` of a product in the cart from its page. */
async function addFromProductPage(page: Page, p: P, quantity: number) {
  await page.goto(`/products/${p.id}`);
  const qty = page.getByTestId('purchase').getByRole('textbox');
  if (quantity !== 1) {
    await qty.fill(String(quantity));
    await qty.press('Enter');
  }
  await expect(qty).toHaveValue(String(quantity));
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('remove-from-cart')).toBeVisible();
  await expect(qty).toHaveValue(String(quantity));
}

/** Nothing wider than the window, no untranslated key ("auth:signIn.title", "{{name}}") on the page. */
async function expectTidy(page: Page, what: string) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, `${what}: nothing overflows sideways`).toBeLessThanOrEqual(width);
  const text = await page.locator('body').innerText();
  expect(text, `${what}: no raw i18n keys`).not.toMatch(
    /\b(auth|account|common|cart|shell|product|catalog|content|home|orders|addresses|checkout):[a-zA-Z]/,
  );
  expect(text, `${what}: no raw i18n keys`).not.toMatch(
    /\b(signIn|register|otp|forgot|reset|fields|tabs|wishlist|favorite|guest|pagination|quantity)\.[a-z][a-zA-Z]+\b/,
  );
  expect(text, `${what}: no unfilled placeholders`).not.toMatch(/\{\{\w+\}\}/);
}

/** Saves the screen at 1366 and 375 px (checking each), then goes back to 1366. */
async function shoot(page: Page, name: string, locale: Locale) {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 740 });
    await expect(html(page)).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await expect(html(page)).toHaveAttribute('lang', locale);
    await page.screenshot({
      path: `${ARTIFACTS}/account-${name}-${locale}-${width}.png`,
      fullPage: true,
      animations: 'disabled',
    });
    await expectTidy(page, `${name} ${locale} ${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/* ---------------- texts ---------------- */

const T = {
  en: {
    tabs: 'Sign in or create an account',
    registerTab: 'Register',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Mobile number',
    password: 'Password',
    confirmPassword: 'Confirm password',
    create: 'Create account',
    createdTitle: 'Account created',
    created: 'Check your phone for an OTP confirmation code',
    continue: 'Continue',
    otpTitle: 'Enter OTP',
    code: 'Verification code',
    verify: 'Verify',
    resendIn: /^Resend code in 1[12]\ds$/,
    wrongOtp: 'Wrong OTP code',
    otpFormat: 'The code is 6 digits',
    confirmedTitle: 'Account confirmed',
    confirmed: 'You can now sign in to your account.',
    signIn: 'Sign in',
    signInSubmit: 'Sign in',
    emailInvalid: 'This email address is not valid',
    mismatch: 'Password and password confirmation are not matching',
    tooShort: 'is too short (at least 2 characters)',
    myAccount: 'My account',
  },
  ar: {
    tabs: 'سجّل دخولك أو اعمل حساب جديد',
    registerTab: 'حساب جديد',
    firstName: 'الاسم الأول',
    lastName: 'اسم العيلة',
    email: 'البريد الإلكتروني',
    phone: 'رقم الموبايل',
    password: 'كلمة السر',
    confirmPassword: 'تأكيد كلمة السر',
    create: 'اعمل الحساب',
    createdTitle: 'الحساب اتعمل',
    created: 'شوف رسايل موبايلك، بعتنالك كود التأكيد',
    continue: 'متابعة',
    otpTitle: 'ادخل كود التأكيد',
    code: 'كود التأكيد',
    verify: 'تأكيد',
    resendIn: /^تقدر تطلب كود جديد بعد 1[12]\d ثانية$/,
    wrongOtp: 'الكود غلط',
    otpFormat: 'الكود 6 أرقام',
    confirmedTitle: 'الحساب اتأكد',
    confirmed: 'تقدر دلوقتي تسجل دخول لحسابك.',
    signIn: 'تسجيل الدخول',
    signInSubmit: 'دخول',
    emailInvalid: 'البريد الإلكتروني ده مش صحيح',
    mismatch: 'كلمة السر وتأكيدها مش زي بعض',
    tooShort: 'قصير أوي (على الأقل 2 حروف)',
    myAccount: 'حسابي',
  },
} as const;

/* ---------------- sign-up and sign-in ---------------- */

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
    // All four tabs stay in view on a phone, the selected one too: nobody scrolls sideways to find a tab.
    const tabs = page.locator('main nav a[href^="/my-account/"]');
    await expect(tabs).toHaveCount(4);
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
