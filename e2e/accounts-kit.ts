import { expect, type APIRequestContext, type Page } from './fixtures';
import { mkdirSync } from 'node:fs';

/**
 * What the account specs share (accounts.spec.ts, accounts-session.spec.ts): the shopper's API calls and SMS codes,
 * the sign-in steps, the checks of a tidy page, the screenshots and the spec's texts in both languages.
 */
export const ARTIFACTS = 'e2e/artifacts';
mkdirSync(ARTIFACTS, { recursive: true });

export const PASSWORD = 'Nile-river-2024';
export const NEW_PASSWORD = 'Giza-pyramid-77';

export type Locale = 'ar' | 'en';

export interface Img {
  is_3d_image: boolean;
  versions: { thumbnail: string; medium: string };
}
export interface P {
  id: number;
  title: string;
  stock: number;
  maximum_number_per_order: number | null;
  checkout_price: number;
  images: Img[];
}
export interface Account {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  password: string;
}
export interface Sms {
  id: number;
  code: string | null;
  body: string;
}
export type Headers = { client: string; token: string; uid: string };

/* ---------------- the API, for what happened "earlier" and for SMS codes ---------------- */

export async function apiGet<T>(request: APIRequestContext, path: string, headers?: Headers): Promise<T> {
  const res = await request.get(path, { headers });
  expect(res.ok(), `${path} answers`).toBeTruthy();
  return (await res.json()) as T;
}

let everything: P[] | undefined;
export async function allProducts(request: APIRequestContext): Promise<P[]> {
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

export async function findProduct(
  request: APIRequestContext,
  what: string,
  test: (p: P) => boolean,
): Promise<P> {
  const p = (await allProducts(request)).find(test);
  expect(p, `the demo catalog has ${what}`).toBeTruthy();
  return p!;
}

/** A fresh Egyptian mobile number (010 and 8 digits). */
export const newPhone = () => `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The latest SMS sent to the phone, waiting for one newer than `afterId`. */
export async function smsTo(
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
export const lastSmsId = async (request: APIRequestContext, phone: string) =>
  (await apiGet<{ messages: Sms[] }>(request, `/dev/sms-outbox?phone_number=${phone}&limit=1`)).messages[0]
    ?.id ?? 0;

/** A code that is not this one (same length). */
export const otherCode = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
/** Latin digits as Arabic-Indic ones (what an Arabic keyboard types). */
export const arabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** An account made through the API (sign-up, and the SMS code confirmed unless `confirmed: false`). */
export async function createAccount(request: APIRequestContext, { confirmed = true } = {}): Promise<Account> {
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

export async function apiSignIn(
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
export async function inEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-locale-set')) {
      localStorage.setItem('store-locale', JSON.stringify({ state: { locale: 'en' }, version: 0 }));
      sessionStorage.setItem('e2e-locale-set', '1');
    }
  });
}

export const html = (page: Page) => page.locator('html');
export const header = (page: Page) => page.locator('header').first();
/** The header shows the account icon (signed in) or the Login button (guest). */
export const accountIcon = (page: Page) => header(page).locator('a[href="/my-account/account"]');
export const loginButton = (page: Page) => header(page).locator('a[href="/auth/signin"]');
export const cartLink = (page: Page) => page.getByTestId('cart-link');
export const storedSession = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('store-auth') ?? '{}') as { state?: { headers: Headers | null } })
        .state?.headers ?? null,
  );
export const storedGuestCart = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('store-guest-cart') ?? '{}') as { state?: { lines: unknown[] } }).state
        ?.lines ?? [],
  );

/** Signs in on the page it is on (the sign-in form), by field names so it works in either language. */
export async function fillSignIn(page: Page, phone: string, password: string) {
  const form = page.locator('form:has(input[name="phone_number"]):has(input[name="password"])');
  await form.locator('input[name="phone_number"]').fill(phone);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}
export async function signIn(page: Page, account: Pick<Account, 'phone_number' | 'password'>) {
  await page.goto('/auth/signin');
  await fillSignIn(page, account.phone_number, account.password);
  // Signed in, and the sign-in page has moved on (home).
  await expect(page).toHaveURL(/\/$/);
  await expect(accountIcon(page)).toBeVisible();
}

/** Puts `quantity` of a product in the cart from its page. */
export async function addFromProductPage(page: Page, p: P, quantity: number) {
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
export async function expectTidy(page: Page, what: string) {
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
export async function shoot(page: Page, name: string, locale: Locale) {
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

export const T = {
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
