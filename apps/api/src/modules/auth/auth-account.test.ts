import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeadersOf,
  latestCode,
  multipart,
  newUser,
  PASSWORD,
  registerUser,
  ROOMY_AUTH_LIMITS,
  signIn,
  signUpBody,
  wrongCode,
} from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

/** Passwords, the profile, the rate limits and the National ID of an account (sign-up, codes and sessions: auth.test.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authLimits: ROOMY_AUTH_LIMITS });
});
afterAll(async () => {
  await t?.close();
});

const inject = (opts: InjectOptions) => t.app.inject(opts);
const me = (headers: Record<string, string>) =>
  inject({ method: 'GET', url: '/v1/users?locale=en', headers });

describe('passwords', () => {
  it('forgot password: an unknown phone is 404 on phone_number', async () => {
    const res = await inject({
      method: 'POST',
      url: '/v1/users/passwords?locale=en',
      payload: { phone_number: '01598765432' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      errors: { phone_number: ['This phone number is not a registered on the store stores'] },
    });
  });

  it('reset by SMS code: a wrong code is 404 on the code, the right one sets the password and ends every session', async () => {
    const phone = '01012345630';
    const session = await newUser(t.app, phone);
    const forgot = await inject({
      method: 'POST',
      url: '/v1/users/passwords?locale=en',
      payload: { phone_number: phone },
    });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json().message).toBe('Check your phone for a password reset code');
    const code = await latestCode(t.app, phone);
    const newPassword = 'Brand#New2024';
    const wrong = await inject({
      method: 'PUT',
      url: '/v1/users/passwords?locale=en',
      payload: {
        phone_number: phone,
        sms_password_reset_otp: wrongCode(code),
        password: newPassword,
        password_confirmation: newPassword,
      },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ errors: { sms_password_reset_otp: ['Wrong OTP code'] } });
    const mismatch = await inject({
      method: 'PUT',
      url: '/v1/users/passwords?locale=en',
      payload: {
        phone_number: phone,
        sms_password_reset_otp: code,
        password: newPassword,
        password_confirmation: 'x',
      },
    });
    expect(mismatch.statusCode).toBe(422);
    const ok = await inject({
      method: 'PUT',
      url: '/v1/users/passwords?locale=en',
      payload: {
        phone_number: phone,
        sms_password_reset_otp: code,
        password: newPassword,
        password_confirmation: newPassword,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Your password has been changed, you can now sign in');
    expect((await me(session)).statusCode).toBe(401);
    const old = await inject({
      method: 'POST',
      url: '/v1/users/sign_in',
      payload: { phone_number: phone, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    await signIn(t.app, phone, newPassword);
    // A used code does not work twice.
    const twice = await inject({
      method: 'PUT',
      url: '/v1/users/passwords',
      payload: {
        phone_number: phone,
        sms_password_reset_otp: code,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    });
    expect(twice.statusCode).toBe(404);
  });

  it('reset from the link: the code with its phone sets the password and also confirms an unconfirmed phone', async () => {
    const phone = '01012345631';
    await inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    t.clock.advance(1000);
    await inject({ method: 'POST', url: '/v1/users/passwords', payload: { phone_number: phone } });
    const code = await latestCode(t.app, phone);
    const body = {
      sms_password_reset_otp: code,
      password: 'Linked#2024',
      password_confirmation: 'Linked#2024',
    };
    const alone = await inject({ method: 'PUT', url: '/v1/users/passwords', ...multipart(body) });
    expect(alone.statusCode).toBe(422);
    expect(Object.keys(alone.json().errors)).toEqual(['phone_number']);
    const res = await inject({
      method: 'PUT',
      url: '/v1/users/passwords',
      ...multipart({ ...body, phone_number: phone }),
    });
    expect(res.statusCode).toBe(200);
    await signIn(t.app, phone, 'Linked#2024');
  });

  it('change password: the current one must be right; other devices are signed out, this one stays', async () => {
    const phone = '01012345632';
    const here = await newUser(t.app, phone);
    const elsewhere = await signIn(t.app, phone);
    const wrong = await inject({
      method: 'PUT',
      url: '/v1/users/password?locale=en',
      headers: here,
      payload: {
        current_password: 'Nope#20245',
        password: 'Changed#2024',
        password_confirmation: 'Changed#2024',
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { current_password: ['Current password is not correct'] } });
    const mismatch = await inject({
      method: 'PUT',
      url: '/v1/users/password?locale=en',
      headers: here,
      payload: {
        current_password: PASSWORD,
        password: 'Changed#2024',
        password_confirmation: 'Changed#2025',
      },
    });
    expect(mismatch.json().errors).toEqual({
      password_confirmation: ['Password and password confirmation are not matching'],
    });
    const ok = await inject({
      method: 'PUT',
      url: '/v1/users/password?locale=en',
      headers: here,
      payload: {
        current_password: PASSWORD,
        password: 'Changed#2024',
        password_confirmation: 'Changed#2024',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your password has been changed' });
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    const old = await inject({
      method: 'POST',
      url: '/v1/users/sign_in',
      payload: { phone_number: phone, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    await signIn(t.app, phone, 'Changed#2024');
  });
});

describe('profile', () => {
  it('an edit answers the user and new headers: the new token works, the old one only for calls in flight', async () => {
    const phone = '01012345640';
    const before = await newUser(t.app, phone);
    const res = await inject({
      method: 'PUT',
      url: '/v1/users?locale=en',
      headers: before,
      payload: {
        first_name: 'Nour',
        last_name: 'Adel',
        email: 'NOUR@Example.com',
        national_id: '29001011234567',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      first_name: 'Nour',
      last_name: 'Adel',
      full_name: 'Nour Adel',
      email: 'nour@example.com',
      national_id: '29001011234567',
      phone_number: phone,
    });
    const after = authHeadersOf(res.headers);
    expect(after.client).toBe(before.client);
    expect(after.token).not.toBe(before.token);
    expect(after.uid).toBe(phone);
    expect((await me(after)).json().user.first_name).toBe('Nour');
    // A call the page sent with the old token just before the edit answered still gets through...
    expect((await me(before)).statusCode).toBe(200);
    // ...but not once those seconds have passed; the new token goes on working.
    t.clock.advance(10_001);
    expect((await me(before)).statusCode).toBe(401);
    expect((await me(after)).statusCode).toBe(200);
  });

  it('signing out ends the previous token too', async () => {
    const before = await newUser(t.app, '01012345642');
    const res = await inject({
      method: 'PUT',
      url: '/v1/users',
      headers: before,
      payload: { first_name: 'Mona', last_name: 'Ali', email: 'mona@example.com' },
    });
    const after = authHeadersOf(res.headers);
    expect((await inject({ method: 'DELETE', url: '/v1/users/sign_out', headers: after })).statusCode).toBe(
      200,
    );
    expect((await me(before)).statusCode).toBe(401);
    expect((await me(after)).statusCode).toBe(401);
  });

  it('takes the fields nested under user, as multipart too, and checks them', async () => {
    let h = await newUser(t.app, '01012345641');
    const nested = await inject({
      method: 'PUT',
      url: '/v1/users',
      headers: h,
      payload: { user: { first_name: 'Omar', last_name: 'Saeed', email: 'omar@example.com' } },
    });
    expect(nested.statusCode).toBe(200);
    expect(nested.json().user.first_name).toBe('Omar');
    h = authHeadersOf(nested.headers);
    const form = multipart({
      'user[first_name]': 'Omar',
      'user[last_name]': 'Samir',
      'user[email]': 'o@example.com',
    });
    const mp = await inject({ method: 'PUT', url: '/v1/users', ...form, headers: { ...form.headers, ...h } });
    expect(mp.statusCode).toBe(200);
    expect(mp.json().user.last_name).toBe('Samir');
    h = authHeadersOf(mp.headers);
    const bad = await inject({
      method: 'PUT',
      url: '/v1/users?locale=en',
      headers: h,
      payload: { first_name: '', last_name: 'Samir', email: 'bad', national_id: '12345' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      first_name: ['is required'],
      email: ['This email address is not valid'],
      national_id: ['National ID is not valid'],
    });
  });
});

describe('rate limits', () => {
  it('sign-in attempts per phone are limited: 429 with a clear message and retry-after', async () => {
    const phone = '01012345650';
    await registerUser(t.app, phone);
    for (let i = 0; i < 10; i++) {
      const res = await inject({
        method: 'POST',
        url: '/v1/users/sign_in',
        payload: { phone_number: phone, password: 'Wrong#2024' },
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await inject({
      method: 'POST',
      url: '/v1/users/sign_in?locale=en',
      payload: { phone_number: phone, password: PASSWORD },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0]).toMatch(/^Too many sign-in attempts on this number\. .* \d+s$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A sliding window: the ten tries still weigh until a whole window has passed.
    t.clock.advance(30 * 60_000);
    await signIn(t.app, phone);
  });

  it('per address: sign-in and code entry from one IP (an IPv6 one by its /64) are limited across phones', async () => {
    const limited = await createTestApp({
      authLimits: { signInPerIp: { max: 3, windowSeconds: 60 }, codePerIp: { max: 2, windowSeconds: 60 } },
    });
    try {
      const from = (ip: string, payload: object, url = '/v1/users/sign_in') =>
        limited.app.inject({
          method: url.includes('confirm') ? 'PUT' : 'POST',
          url,
          payload,
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++)
        expect((await from('10.0.0.1', { phone_number: `0101111000${i}`, password: 'x' })).statusCode).toBe(
          401,
        );
      expect((await from('10.0.0.1', { phone_number: '01011110009', password: 'x' })).statusCode).toBe(429);
      expect((await from('10.0.0.2', { phone_number: '01011110009', password: 'x' })).statusCode).toBe(401);
      const code = { phone_number: '01011110009', sms_confirmation_otp: '123456' };
      expect((await from('10.0.0.3', code, '/v1/users/confirmations')).statusCode).toBe(404);
      expect((await from('10.0.0.3', code, '/v1/users/confirmations')).statusCode).toBe(404);
      expect((await from('10.0.0.3', code, '/v1/users/confirmations')).statusCode).toBe(429);
      limited.clock.advance(120_000);
      expect((await from('10.0.0.3', code, '/v1/users/confirmations')).statusCode).toBe(404);
      // An IPv6 client is its /64: a new address for each try is the same address.
      for (let i = 1; i <= 3; i++)
        expect(
          (await from(`2001:db8:7:7::${i}`, { phone_number: `0101111100${i}`, password: 'x' })).statusCode,
        ).toBe(401);
      expect(
        (await from('2001:db8:7:7::ffff', { phone_number: '01011111009', password: 'x' })).statusCode,
      ).toBe(429);
      expect((await from('2001:db8:7:8::1', { phone_number: '01011111009', password: 'x' })).statusCode).toBe(
        401,
      );
    } finally {
      await limited.close();
    }
  });

  it('SMS sending per phone is limited beyond the 120 s rule; refused early resends do not count', async () => {
    const phone = '01012345651';
    await inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    for (let i = 0; i < 20; i++)
      expect(
        (await inject({ method: 'POST', url: '/v1/users/otps', payload: { phone_number: phone } }))
          .statusCode,
      ).toBe(429);
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      t.clock.advance(120_000);
      answers.push(
        (await inject({ method: 'POST', url: '/v1/users/otps', payload: { phone_number: phone } }))
          .statusCode,
      );
    }
    // Sign-up's code and 7 resends make the 8 an hour allows.
    expect(answers).toEqual([200, 200, 200, 200, 200, 200, 200, 429]);
    const limited = await inject({
      method: 'POST',
      url: '/v1/users/otps?locale=en',
      payload: { phone_number: phone },
    });
    expect(limited.json().errors[0]).toMatch(/^Too many attempts/);
  });
});

describe("the store's hourly cap on codes (SMS_HOURLY_LIMIT)", () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await createTestApp({
      authLimits: {
        smsPerIp: { max: 2, windowSeconds: 3600 },
        smsStoreWide: { max: 3, windowSeconds: 3600 },
      },
    });
  });
  afterAll(() => capped?.close());

  const signUpFrom = (ip: string, phone: string) =>
    capped.app.inject({
      method: 'POST',
      url: '/v1/users?locale=en',
      payload: signUpBody(phone),
      remoteAddress: ip,
    });

  it('many addresses together get no more codes an hour than the cap; one address cannot use it up', async () => {
    // One address: its own limit (2) stops it; the refused requests do not count against the store.
    const one = [];
    for (let i = 0; i < 5; i++) one.push((await signUpFrom('198.51.100.1', `0101000000${i}`)).statusCode);
    expect(one).toEqual([201, 201, 429, 429, 429]);
    // Other addresses: one more code makes the store's 3, then everyone waits, whatever their address.
    expect((await signUpFrom('198.51.100.2', '01010000010')).statusCode).toBe(201);
    const refused = await signUpFrom('198.51.100.3', '01010000011');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0]).toMatch(/^Too many attempts/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signUpFrom('2001:db8:1::1', '01010000012')).statusCode).toBe(429);
    // Nothing was kept of the refused sign-ups: the number is free once the hour has room.
    capped.clock.advance(2 * 3600_000);
    expect((await signUpFrom('198.51.100.3', '01010000011')).statusCode).toBe(201);
  });
});

describe('national id on the profile', () => {
  it('empty clears it', async () => {
    const h = await newUser(t.app, '01012345660');
    const set = await inject({
      method: 'PUT',
      url: '/v1/users',
      headers: h,
      payload: { first_name: 'Aya', last_name: 'Ali', email: 'a@example.com', national_id: '٢٩٠٠١٠١١٢٣٤٥٦٧' },
    });
    expect(set.json().user.national_id).toBe('29001011234567');
    const cleared = await inject({
      method: 'PUT',
      url: '/v1/users',
      headers: authHeadersOf(set.headers),
      payload: { first_name: 'Aya', last_name: 'Ali', email: 'a@example.com', national_id: '' },
    });
    expect(cleared.json().user.national_id).toBeNull();
  });
});
