import { openSignedIn } from './admin-session';
import { expect, inLocale, test, type APIRequestContext } from './fixtures';

/**
 * SMS as a shopper and the staff see them (issue 44). The shared server sends through the demo outbox; with the
 * developer routes, POST /dev/sms-outbox/refusals makes the outbox refuse the next message to one phone, as a
 * gateway answering a refusal would. The shopper then reads that the code could not be sent, and may try again at
 * once; the back office's Messages screen lists the refused and the sent message, its code masked.
 */

const PASSWORD = 'Nile-river-2024';
const newPhone = () => `011${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

const T = {
  en: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Mobile number',
    password: 'Password',
    confirmPassword: 'Confirm password',
    create: 'Create account',
    refusedTitle: "Couldn't create the account",
    refused: 'We could not send the code, please try again in a minute',
    createdTitle: 'Account created',
    messages: 'Messages',
    sent: 'Sent',
    notSent: 'Not sent',
    kind: 'Account confirmation code',
    outbox: 'Demo outbox',
  },
  ar: {
    firstName: 'الاسم الأول',
    lastName: 'اسم العيلة',
    email: 'البريد الإلكتروني',
    phone: 'رقم الموبايل',
    password: 'كلمة السر',
    confirmPassword: 'تأكيد كلمة السر',
    create: 'اعمل الحساب',
    refusedTitle: 'مقدرناش نعمل الحساب',
    refused: 'معرفناش نبعت الكود، جرّب تاني كمان دقيقة',
    createdTitle: 'الحساب اتعمل',
    messages: 'الرسايل',
    sent: 'اتبعتت',
    notSent: 'ماتبعتتش',
    kind: 'كود تأكيد الحساب',
    outbox: 'صندوق التجربة',
  },
} as const;

/** The outbox refuses the next message to this phone. */
async function refuseNext(request: APIRequestContext, phone: string) {
  const res = await request.post('/dev/sms-outbox/refusals', { data: { phone_number: phone } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

for (const locale of ['ar', 'en'] as const) {
  test(`sign-up when the SMS gateway refuses: the shopper reads that the code could not be sent, and the next try goes through (${locale})`, async ({
    page,
    request,
  }) => {
    const t = T[locale];
    const phone = newPhone();
    await inLocale(page, locale);
    await refuseNext(request, phone);
    await page.goto('/auth/register');
    const form = page.getByRole('form', { name: locale === 'ar' ? 'حساب جديد' : 'Register' });
    await form.getByLabel(t.firstName).fill('Mona');
    await form.getByLabel(t.lastName).fill('Hassan');
    await form.getByLabel(t.email).fill(`mona.${phone}@example.com`);
    await form.getByLabel(t.phone).fill(phone);
    await form.getByLabel(t.password, { exact: true }).fill(PASSWORD);
    await form.getByLabel(t.confirmPassword).fill(PASSWORD);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: t.create }).click();

    const refused = page.getByRole('dialog', { name: t.refusedTitle });
    await expect(refused).toContainText(t.refused);
    await expect(page).toHaveURL(/\/auth\/register$/);
    await page.keyboard.press('Escape');
    await expect(refused).toHaveCount(0);

    // At once: the refused send used up neither the 120 s wait nor the phone's limit, and the account is free.
    await form.getByRole('button', { name: t.create }).click();
    await expect(page.getByRole('dialog', { name: t.createdTitle })).toBeVisible();
  });

  test(`the back office's Messages lists a refused and a sent message, the code masked (${locale})`, async ({
    page,
    request,
  }) => {
    const t = T[locale];
    const phone = newPhone();
    const body = {
      first_name: 'Karim',
      last_name: 'Adel',
      email: `karim.${phone}@example.com`,
      phone_number: phone,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    };
    await refuseNext(request, phone);
    expect((await request.post('/v1/users?locale=en', { data: body })).status()).toBe(503);
    expect((await request.post('/v1/users?locale=en', { data: body })).status()).toBe(201);
    const outbox = (await (await request.get(`/dev/sms-outbox?phone_number=${phone}`)).json()) as {
      messages: { code: string }[];
    };
    const code = outbox.messages[0]!.code;

    await openSignedIn(page, request, locale);
    await page.goto('/admin');
    await page.getByTestId('nav-messages').filter({ visible: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.messages })).toBeVisible();
    await page.getByTestId('filter-phone').fill(phone);
    await expect(page).toHaveURL(new RegExp(`phone=${phone}`));
    const list = page.getByTestId('messages-list');
    const rows = list.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    // Newest first: the message that went out, then the refused one with the gateway's reason.
    await expect(rows.nth(0)).toContainText(t.sent);
    await expect(rows.nth(0)).toContainText(t.kind);
    await expect(rows.nth(0)).toContainText(t.outbox);
    await expect(rows.nth(0)).toContainText('******');
    await expect(rows.nth(1)).toContainText(t.notSent);
    await expect(rows.nth(1).getByTestId('message-error')).toContainText('outbox refused the message');
    await expect(list).not.toContainText(code);

    // The state filter keeps the refused one only.
    await page.getByTestId('filter-status').selectOption('failed');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(t.notSent);
  });
}
