import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderPage } from '../../../test/dom';
import { Component as ForgotPasswordPage } from './forgot-password-route';
import { Component as OtpPage } from './otp-route';
import { Component as AuthPage } from './signin-route';

afterEach(cleanup);

const TAKEN = { en: 'This phone number is already registered', ar: 'رقم الموبايل ده متسجل قبل كده' };

async function signUpWith(phone: string, labels: Record<string, string>) {
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fill(labels.first!, 'Mona');
  fill(labels.last!, 'Hassan');
  fill(labels.email!, 'mona@example.com');
  fill(labels.phone!, phone);
  fill(labels.password!, 'Secret#2024');
  fill(labels.confirmation!, 'Secret#2024');
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: labels.submit }));
}

/** The register form's labels in English. */
const en = {
  first: 'First name',
  last: 'Last name',
  email: 'Email',
  phone: 'Mobile number',
  password: 'Password',
  confirmation: 'Confirm password',
  submit: 'Create account',
};

describe('sign-up with a number already registered', () => {
  it("offers the number's owner sign-in, or a new password by a code to it, carrying the number", async () => {
    fakeApi({
      'POST users': () => ({ status: 422, body: { errors: { phone_number: [TAKEN.en] } } }),
    });
    await renderPage(<AuthPage />, { path: '/auth/register' });
    await screen.findByRole('button', { name: en.submit });
    await signUpWith('01012345678', en);
    const help = await screen.findByTestId('phone-taken-help');
    expect(help.textContent).toContain('Is this your number?');
    fireEvent.click(screen.getByRole('link', { name: 'Set a new password with a code to this phone' }));
    const elsewhere = await screen.findByTestId('elsewhere');
    expect(elsewhere.dataset.path).toBe('/auth/forgot_password');
    expect(JSON.parse(elsewhere.dataset.state!)).toEqual({ phone_number: '01012345678' });
  });

  it('says nothing more for another refusal, and the help goes when the number is changed', async () => {
    let answer: unknown = { status: 422, body: { errors: { email: ['This email address is not valid'] } } };
    fakeApi({ 'POST users': () => answer });
    await renderPage(<AuthPage />, { path: '/auth/register' });
    await screen.findByRole('button', { name: en.submit });
    await signUpWith('01012345678', en);
    await screen.findByText('This email address is not valid');
    expect(screen.queryByTestId('phone-taken-help')).toBeNull();

    answer = { status: 422, body: { errors: { phone_number: [TAKEN.en] } } };
    fireEvent.click(screen.getByRole('button', { name: en.submit }));
    await screen.findByTestId('phone-taken-help');
    fireEvent.change(screen.getByLabelText(en.phone), { target: { value: '01112345678' } });
    await waitFor(() => expect(screen.queryByTestId('phone-taken-help')).toBeNull());
  });

  it('in Arabic, the same help in Arabic', async () => {
    fakeApi({
      'POST users': () => ({ status: 422, body: { errors: { phone_number: [TAKEN.ar] } } }),
    });
    await renderPage(<AuthPage />, { path: '/auth/register', locale: 'ar' });
    await screen.findByRole('button', { name: 'اعمل الحساب' });
    await signUpWith('01012345678', {
      first: 'الاسم الأول',
      last: 'اسم العيلة',
      email: 'البريد الإلكتروني',
      phone: 'رقم الموبايل',
      password: 'كلمة السر',
      confirmation: 'تأكيد كلمة السر',
      submit: 'اعمل الحساب',
    });
    const help = await screen.findByTestId('phone-taken-help');
    expect(help.textContent).toContain('ده رقمك؟');
    expect(screen.getByRole('link', { name: 'ادخل بيه' })).toBeTruthy();
  });
});

describe('pages that take the number handed over', () => {
  it('forgot password starts with it filled in', async () => {
    fakeApi({});
    await renderPage(<ForgotPasswordPage />, {
      path: '/auth/forgot_password',
      state: { phone_number: '01012345678' },
    });
    expect(await screen.findByLabelText<HTMLInputElement>('Mobile number')).toHaveProperty(
      'value',
      '01012345678',
    );
  });

  it('sign-in starts with it filled in', async () => {
    fakeApi({});
    await renderPage(<AuthPage />, { path: '/auth/signin', state: { phone_number: '01012345678' } });
    expect(await screen.findByLabelText<HTMLInputElement>('Mobile number')).toHaveProperty(
      'value',
      '01012345678',
    );
  });
});

describe('the page a guest was sent from survives signing up', () => {
  it('switching to the register tab, then signing up, hands the page on to the code page', async () => {
    fakeApi({ 'POST users': () => ({ phone_number: '01012345678', resend_in: 120 }) });
    // Both tabs are this page; the code page is shown by where the router is and what it was handed.
    function AuthPages() {
      const at = useLocation();
      return at.pathname === '/auth/otp_confirmation' ? (
        <p data-testid="elsewhere" data-path={at.pathname} data-state={JSON.stringify(at.state)} />
      ) : (
        <AuthPage />
      );
    }
    await renderPage(<AuthPages />, {
      path: '/auth/signin',
      route: '/auth/:page',
      state: { from: '/wishlist' },
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Register' }));
    await screen.findByRole('button', { name: en.submit });
    await signUpWith('01012345678', en);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    const elsewhere = await screen.findByTestId('elsewhere');
    expect(elsewhere.dataset.path).toBe('/auth/otp_confirmation');
    expect(JSON.parse(elsewhere.dataset.state!)).toEqual({
      phone_number: '01012345678',
      previous: 'register',
      from: '/wishlist',
    });
  });

  it('the code page, once the account is confirmed, opens sign-in with the number and the page', async () => {
    fakeApi({ 'PUT users/confirmations': () => ({ message: 'ok' }) });
    await renderPage(<OtpPage />, {
      path: '/auth/otp_confirmation',
      state: { phone_number: '01012345678', previous: 'register', from: '/wishlist' },
    });
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    const elsewhere = await screen.findByTestId('elsewhere');
    expect(elsewhere.dataset.path).toBe('/auth/signin');
    expect(JSON.parse(elsewhere.dataset.state!)).toEqual({ phone_number: '01012345678', from: '/wishlist' });
  });
});

describe('the register button and the terms', () => {
  it.each([
    ['en', 'Create account', 'Tick the terms and conditions above to create your account.'],
    ['ar', 'اعمل الحساب', 'علّم على الموافقة على الشروط والأحكام اللي فوق عشان تعمل حسابك.'],
  ] as const)('says why it waits until the terms are ticked (%s)', async (locale, submit, why) => {
    fakeApi({});
    await renderPage(<AuthPage />, { path: '/auth/register', locale });
    const button = await screen.findByRole('button', { name: submit });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByTestId('register-why').textContent).toBe(why);
    expect(button.getAttribute('aria-describedby')).toBe('register-why');
    fireEvent.click(screen.getByRole('checkbox'));
    expect(button).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('register-why')).toBeNull();
  });
});
