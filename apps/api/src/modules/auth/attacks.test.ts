/**
 * The account attacks of issue 12, replayed as an attacker would (on PGlite, and on PostgreSQL in CI): each of them
 * worked against the store before decision 010 and must fail now.
 */
import { apiMessage } from '@store/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox, users } from '../../db/schema.ts';
import {
  latestCode,
  PASSWORD,
  registerUser,
  ROOMY_AUTH_LIMITS,
  signIn,
  signUpBody,
} from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authLimits: ROOMY_AUTH_LIMITS });
});
afterAll(() => t?.close());

let seq = 0;
/** A fresh phone number for each use, so the tests share no limits. */
const newPhone = () => `0112${String(1_000_000 + (seq += 1)).slice(-7)}`;
/** A different made-up client address on every call, as the attacker sent them. */
const spoofed = () => ({ 'x-forwarded-for': `198.51.${seq % 250}.${(seq += 1) % 250}` });
const sentTo = async (phone: string) =>
  Number(
    (await t.database.db.select({ n: count() }).from(smsOutbox).where(eq(smsOutbox.phoneNumber, phone)))[0]!
      .n,
  );
const passwordHashOf = async (phone: string) =>
  (await t.database.db.select().from(users).where(eq(users.phoneNumber, phone)))[0]!.passwordHash;

describe('password reset codes', () => {
  it('a guess without a phone number is refused before any code is looked at; no account changes', async () => {
    const phones = [newPhone(), newPhone(), newPhone()];
    const before: string[] = [];
    for (const phone of phones) {
      await registerUser(t.app, phone);
      t.clock.advance(121_000);
      await t.app.inject({ method: 'POST', url: '/v1/users/passwords', payload: { phone_number: phone } });
      before.push(await passwordHashOf(phone));
    }
    // Even the right code of one of them, sent without its phone, does nothing.
    const guesses = ['000000', '123456', await latestCode(t.app, phones[0]!)];
    for (const code of guesses) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v1/users/passwords?locale=en',
        headers: spoofed(),
        payload: {
          sms_password_reset_otp: code,
          password: 'Taken#over99',
          password_confirmation: 'Taken#over99',
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ phone_number: ['is required'] });
    }
    for (const [i, phone] of phones.entries()) expect(await passwordHashOf(phone)).toBe(before[i]);
  });

  it('wrong guesses count against the phone: the fifth kills the code, the right one fails after it', async () => {
    const phone = newPhone();
    await registerUser(t.app, phone);
    t.clock.advance(121_000);
    await t.app.inject({ method: 'POST', url: '/v1/users/passwords', payload: { phone_number: phone } });
    const code = await latestCode(t.app, phone);
    const attempt = (guess: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/users/passwords?locale=en',
        headers: spoofed(),
        payload: {
          phone_number: phone,
          sms_password_reset_otp: guess,
          password: 'Taken#over99',
          password_confirmation: 'Taken#over99',
        },
      });
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) expect((await attempt(wrong)).statusCode).toBe(404);
    const right = await attempt(code);
    expect(right.statusCode).toBe(404);
    expect(right.json().errors.sms_password_reset_otp[0]).toMatch(/no longer valid/);
    await signIn(t.app, phone); // the old password still works
  });

  it('the per-address limit on code entry holds however many addresses the caller claims', async () => {
    const limited = await createTestApp({ authLimits: { codePerIp: { max: 5, windowSeconds: 900 } } });
    try {
      const answers: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await limited.app.inject({
          method: 'PUT',
          url: '/v1/users/confirmations',
          headers: spoofed(),
          payload: { phone_number: newPhone(), sms_confirmation_otp: '123456' },
        });
        answers.push(res.statusCode);
      }
      expect(answers).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the client address', () => {
  it('password spraying with a new X-Forwarded-For each time meets the per-address limit', async () => {
    const limited = await createTestApp({ authLimits: { signInPerIp: { max: 10, windowSeconds: 900 } } });
    try {
      const answers: number[] = [];
      for (let i = 0; i < 14; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/v1/users/sign_in',
          headers: spoofed(),
          payload: { phone_number: newPhone(), password: 'Summer#2024' },
        });
        answers.push(res.statusCode);
      }
      expect(answers.filter((s) => s === 401)).toHaveLength(10);
      expect(answers.slice(10)).toEqual([429, 429, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('sign-ups with a new X-Forwarded-For each time send no more SMS than one address may', async () => {
    const limited = await createTestApp({ authLimits: { smsPerIp: { max: 4, windowSeconds: 3600 } } });
    try {
      const phones = Array.from({ length: 7 }, newPhone);
      const answers: number[] = [];
      for (const phone of phones) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/v1/users',
          headers: spoofed(),
          payload: signUpBody(phone),
        });
        answers.push(res.statusCode);
      }
      expect(answers).toEqual([201, 201, 201, 201, 429, 429, 429]);
      const sent = await limited.database.db.select({ n: count() }).from(smsOutbox);
      expect(Number(sent[0]!.n)).toBe(4);
    } finally {
      await limited.close();
    }
  });

  it('behind a trusted proxy (TRUST_PROXY=1) the address is the one the proxy saw, not what the client wrote', async () => {
    const proxied = await createTestApp({
      trustProxy: 1,
      authLimits: { signInPerIp: { max: 3, windowSeconds: 900 } },
    });
    try {
      // The client writes a new address each time; nginx appends the one it really saw: 203.0.113.7.
      const from = (claimed: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/v1/users/sign_in',
          headers: { 'x-forwarded-for': `${claimed}, 203.0.113.7` },
          payload: { phone_number: newPhone(), password: 'Summer#2024' },
        });
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await from(`10.0.0.${i}`)).statusCode);
      expect(answers).toEqual([401, 401, 401, 429, 429]);
      // Another shopper behind the same proxy is not held back.
      const other = await proxied.app.inject({
        method: 'POST',
        url: '/v1/users/sign_in',
        headers: { 'x-forwarded-for': '203.0.113.8' },
        payload: { phone_number: newPhone(), password: 'Summer#2024' },
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('a stranger cannot lock the owner out', () => {
  it('while the phone is locked, the right password gets a code by SMS, and password + code sign the owner in', async () => {
    const phone = newPhone();
    await registerUser(t.app, phone);
    t.clock.advance(121_000);
    const signInWith = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/users/sign_in?locale=en',
        headers: spoofed(),
        payload: { phone_number: phone, ...payload },
      });
    for (let i = 0; i < 10; i++) expect((await signInWith({ password: 'Guess#' + i })).statusCode).toBe(401);
    const smsBefore = await sentTo(phone);

    // Locked: a wrong password and the right one get the same answer, so guessing on learns nothing.
    const wrong = await signInWith({ password: 'Guess#x' });
    const right = await signInWith({ password: PASSWORD });
    expect(wrong.statusCode).toBe(429);
    expect(right.statusCode).toBe(429);
    // (The seconds to wait grow with every try; nothing else differs.)
    const shape = (body: string) => body.replace(/\d+/g, 'N');
    expect(shape(right.body)).toEqual(shape(wrong.body));
    expect(right.json()).toMatchObject({ otp_required: true, phone_number: phone });
    expect(right.headers['retry-after']).toBeDefined();
    expect(right.headers.token).toBeUndefined();

    // Only the right password sent a code (in the background, so both answers took as long).
    await expect.poll(() => sentTo(phone)).toBe(smsBefore + 1);
    const code = await latestCode(t.app, phone);
    const [sms] = (
      await t.app.inject({ method: 'GET', url: `/dev/sms-outbox?phone_number=${phone}&limit=1` })
    ).json().messages;
    expect(sms.body).toContain('sign-in code');

    // The code with a wrong password is as good as nothing; with the right password it signs in.
    expect((await signInWith({ password: 'Guess#y', sms_sign_in_otp: code })).statusCode).toBe(404);
    const ok = await signInWith({ password: PASSWORD, sms_sign_in_otp: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.token).toBeTruthy();
    // Used up: the same code does not sign in twice.
    expect((await signInWith({ password: PASSWORD, sms_sign_in_otp: code })).statusCode).toBe(404);
  });
});

describe('the owner signing in', () => {
  it('counts no right password against the number: twelve sign-ins in a row all pass', async () => {
    const phone = newPhone();
    await registerUser(t.app, phone);
    for (let i = 0; i < 12; i++) await signIn(t.app, phone);
  });
});

describe('sliding windows', () => {
  it('an hour boundary does not double the SMS a phone may get (8 an hour)', async () => {
    const hour = 3_600_000;
    // 12 minutes before the top of an hour: fixed windows let 13 messages through in the next 24 minutes.
    t.clock.advance((2 * hour - (t.clock.now().getTime() % hour) - 12 * 60_000) % hour);
    const phone = newPhone();
    await t.app.inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    for (let i = 0; i < 12; i++) {
      t.clock.advance(120_000);
      await t.app.inject({ method: 'POST', url: '/v1/users/otps', payload: { phone_number: phone } });
    }
    expect(await sentTo(phone)).toBe(8);
  });
});

describe('passwords', () => {
  const signUp = (phone: string, password: string, locale = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/v1/users?locale=${locale}`,
      payload: signUpBody(phone, { password, password_confirmation: password }),
    });

  it('common passwords, only spaces and the phone number itself are refused, in both languages', async () => {
    const phone = newPhone();
    const cases: [string, 'password_too_common' | 'password_blank' | 'password_is_phone'][] = [
      ['12345678', 'password_too_common'],
      ['password', 'password_too_common'],
      ['Password', 'password_too_common'],
      ['qwertyuiop', 'password_too_common'],
      ['11111111', 'password_too_common'],
      ['        ', 'password_blank'],
      [phone, 'password_is_phone'],
      [`+2${phone}`, 'password_is_phone'],
    ];
    for (const [password, key] of cases) {
      for (const locale of ['en', 'ar'] as const) {
        const res = await signUp(phone, password, locale);
        expect(res.statusCode, `${password} (${locale})`).toBe(422);
        expect(res.json().errors.password).toEqual([apiMessage(key, locale)]);
      }
    }
    expect(await sentTo(phone)).toBe(0);
    expect((await signUp(phone, 'Nile-river-1952')).statusCode).toBe(201);
  });

  it('a reset or a change cannot set a common password or the phone number either', async () => {
    const phone = newPhone();
    await registerUser(t.app, phone);
    const headers = await signIn(t.app, phone);
    for (const password of ['iloveyou', phone]) {
      const change = await t.app.inject({
        method: 'PUT',
        url: '/v1/users/password?locale=en',
        headers,
        payload: { current_password: PASSWORD, password, password_confirmation: password },
      });
      expect(change.statusCode).toBe(422);
      expect(Object.keys(change.json().errors)).toEqual(['password']);
    }
    t.clock.advance(121_000);
    await t.app.inject({ method: 'POST', url: '/v1/users/passwords', payload: { phone_number: phone } });
    const code = await latestCode(t.app, phone);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/passwords?locale=en',
      payload: {
        phone_number: phone,
        sms_password_reset_otp: code,
        password: 'letmein1',
        password_confirmation: 'letmein1',
      },
    });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().errors).toEqual({ password: [apiMessage('password_too_common', 'en')] });
    // The code was not spent on the refused password.
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/passwords',
      payload: {
        phone_number: phone,
        sms_password_reset_otp: code,
        password: 'Nile-river-1952',
        password_confirmation: 'Nile-river-1952',
      },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('developer routes', () => {
  it('are absent unless asked for, and absent in production even when asked for', async () => {
    const plain = await createTestApp();
    const off = await (async () => {
      const { buildApp } = await import('../../app.ts');
      return buildApp({ database: plain.database, env: 'development' });
    })();
    const prod = await (async () => {
      const { buildApp } = await import('../../app.ts');
      return buildApp({ database: plain.database, env: 'production', devRoutes: true });
    })();
    try {
      for (const app of [off, prod]) {
        for (const [method, url] of [
          ['GET', '/dev/sms-outbox?phone_number=01011111111'],
          ['POST', '/dev/clock'],
          ['POST', '/dev/orders/1/status'],
        ] as const)
          expect((await app.inject({ method, url, payload: {} })).statusCode).toBe(404);
      }
    } finally {
      await off.close();
      await prod.close();
      await plain.close();
    }
  });

  it('answer only this machine, never a forwarded request, and the outbox needs a phone', async () => {
    const phone = newPhone();
    await t.app.inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    const url = `/dev/sms-outbox?phone_number=${phone}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode,
    ).toBe(404);
    const all = await t.app.inject({ method: 'GET', url: '/dev/sms-outbox' });
    expect(all.statusCode).toBe(422);
    expect(all.body).not.toMatch(/\d{6}/);
  });
});
