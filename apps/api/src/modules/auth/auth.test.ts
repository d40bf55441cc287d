import { apiMessage } from '@store/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsSender } from '../../adapters/sms.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
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
import { purgeExpired, UNCONFIRMED_ACCOUNT_HOURS } from './service.ts';

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
const outbox = async (phone: string) =>
  (await inject({ method: 'GET', url: `/dev/sms-outbox?phone_number=${phone}` })).json().messages as {
    body: string;
    code: string;
  }[];
const confirm = (phone: string | undefined, code: string) =>
  inject({
    method: 'PUT',
    url: '/v1/users/confirmations?locale=en',
    payload: { ...(phone ? { phone_number: phone } : {}), sms_confirmation_otp: code },
  });

describe('sign-up, SMS code, sign-in', () => {
  it('a shopper registers, confirms with the code from the SMS, signs in and is known by the headers', async () => {
    const phone = '01012345601';
    const res = await inject({ method: 'POST', url: '/v1/users?locale=en', payload: signUpBody(phone) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Check your phone for an OTP confirmation code',
      phone_number: phone,
      resend_in: 120,
    });
    const [sms] = await outbox(phone);
    expect(sms!.code).toMatch(/^\d{6}$/);
    expect(sms!.body).toContain(sms!.code);

    const ok = await confirm(phone, sms!.code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'You can now sign in to your account.' });

    const signedIn = await inject({
      method: 'POST',
      url: '/v1/users/sign_in',
      payload: { phone_number: phone, password: PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({
      first_name: 'Mona',
      last_name: 'Hassan',
      full_name: 'Mona Hassan',
      phone_number: phone,
      mobile: phone,
      email: `${phone}@example.com`,
      national_id: null,
      confirmed: true,
    });
    const h = signedIn.headers;
    expect(h.uid).toBe(phone);
    expect(String(h.token)).toMatch(/^[\w-]{43}$/);
    expect(String(h.client)).toMatch(/^[\w-]{22}$/);
    expect(Number(h.expiry)).toBeGreaterThan(Date.now() / 1000 + 13 * 86_400);
    expect(h['token-type']).toBe('Bearer');

    const profile = await me(authHeadersOf(h));
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.phone_number).toBe(phone);
  });

  it('the sign-up form rules of spec §5 answer as field errors, in the request language', async () => {
    const res = await inject({
      method: 'POST',
      url: '/v1/users?locale=en',
      payload: {
        first_name: 'M',
        last_name: '',
        email: 'not-an-email',
        phone_number: '01O12345678',
        password: PASSWORD,
        password_confirmation: 'Other#2024x',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      first_name: ['is too short (at least 2 characters)'],
      last_name: ['is required'],
      email: ['This email address is not valid'],
      phone_number: ['Only numbers are allowed'],
    });
    const mismatch = await inject({
      method: 'POST',
      url: '/v1/users?locale=en',
      payload: signUpBody('01012345602', { password_confirmation: 'Other#2024x' }),
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({
      password_confirmation: ['Password and password confirmation are not matching'],
    });
    const arabic = await inject({
      method: 'POST',
      url: '/v1/users',
      payload: { ...signUpBody('0101234'), email: 'x' },
    });
    expect(arabic.json().errors.email).toEqual(['البريد الإلكتروني ده مش صحيح']);
    expect(arabic.json().errors.phone_number).toEqual([apiMessage('mobile_number_invalid', 'ar')]);
  });

  it('a phone number is registered once; Arabic-Indic digits count as the same number', async () => {
    const phone = '01112345603';
    await registerUser(t.app, phone);
    const again = await inject({
      method: 'POST',
      url: '/v1/users?locale=en',
      payload: signUpBody('٠١١١٢٣٤٥٦٠٣', { email: 'again@example.com' }),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ phone_number: ['This phone number is already registered'] });
  });

  it("a sign-up nobody confirms holds the number a day at most, then the number's owner can sign up", async () => {
    const squatted = '01112345620';
    const kept = '01112345621';
    // A stranger signs up with someone else's number (the code goes to that phone, not to them); beside it, a
    // shopper who signed up and confirmed at the same moment.
    const stranger = await inject({
      method: 'POST',
      url: '/v1/users',
      payload: signUpBody(squatted, {
        email: 'stranger@example.com',
        password: 'Stranger#2024',
        password_confirmation: 'Stranger#2024',
      }),
    });
    expect(stranger.statusCode).toBe(201);
    await registerUser(t.app, kept);
    const ownerSignsUp = () =>
      inject({ method: 'POST', url: '/v1/users?locale=en', payload: signUpBody(squatted) });
    const before = await ownerSignsUp();
    expect(before.statusCode).toBe(422);
    expect(before.json().errors).toEqual({ phone_number: ['This phone number is already registered'] });

    const hours = (h: number) => h * 3_600_000;
    try {
      t.clock.advance(hours(UNCONFIRMED_ACCOUNT_HOURS) - 60_000);
      await purgeExpired(t.app.ctx.db, t.clock.now());
      expect((await ownerSignsUp()).statusCode).toBe(422);

      t.clock.advance(120_000);
      await purgeExpired(t.app.ctx.db, t.clock.now());
      const after = await ownerSignsUp();
      expect(after.statusCode).toBe(201);
      expect(await confirm(squatted, await latestCode(t.app, squatted))).toMatchObject({ statusCode: 200 });
      // The owner's password works; the stranger's no longer does. The confirmed account was kept.
      await signIn(t.app, squatted);
      const strangers = await inject({
        method: 'POST',
        url: '/v1/users/sign_in',
        payload: { phone_number: squatted, password: 'Stranger#2024' },
      });
      expect(strangers.statusCode).toBe(401);
      await signIn(t.app, kept);
    } finally {
      t.clock.advance(-hours(UNCONFIRMED_ACCOUNT_HOURS) - 60_000);
    }
  });

  it('sign-up and sign-in accept multipart and urlencoded bodies as well as JSON', async () => {
    const phone = '01212345604';
    const form = multipart(signUpBody(phone));
    const res = await inject({ method: 'POST', url: '/v1/users', ...form });
    expect(res.statusCode).toBe(201);
    const code = await latestCode(t.app, phone);
    const ok = await inject({
      method: 'PUT',
      url: '/v1/users/confirmations',
      ...multipart({ phone_number: phone, sms_confirmation_otp: code }),
    });
    expect(ok.statusCode).toBe(200);
    const mp = await inject({
      method: 'POST',
      url: '/v1/users/sign_in',
      ...multipart({ phone_number: phone, password: PASSWORD }),
    });
    expect(mp.statusCode).toBe(200);
    expect(mp.headers.uid).toBe(phone);
    const urlencoded = await inject({
      method: 'POST',
      url: '/v1/users/sign_in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ phone_number: phone, password: PASSWORD }).toString(),
    });
    expect(urlencoded.statusCode).toBe(200);
  });

  it('a wrong password or an unknown phone is 401 with the same message', async () => {
    const phone = '01512345605';
    await registerUser(t.app, phone);
    for (const payload of [
      { phone_number: phone, password: 'Wrong#2024' },
      { phone_number: '01512345699', password: PASSWORD },
    ]) {
      const res = await inject({ method: 'POST', url: '/v1/users/sign_in?locale=en', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errors: ['Phone Number or Password is incorrect, please try again'] });
      expect(res.headers.token).toBeUndefined();
    }
    const empty = await inject({ method: 'POST', url: '/v1/users/sign_in?locale=en', payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ phone_number: ['is required'], password: ['is required'] });
  });

  it('an unconfirmed account answers need_confirmation and gets a fresh code, not more than one per 120 s', async () => {
    const phone = '01012345606';
    await inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    expect(await outbox(phone)).toHaveLength(1);
    t.clock.advance(121_000);
    const res = await inject({
      method: 'POST',
      url: '/v1/users/sign_in?locale=en',
      payload: { phone_number: phone, password: PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ need_confirmation: true, phone_number: phone });
    expect(res.json().errors).toHaveLength(1);
    expect(res.headers.token).toBeUndefined();
    const messages = await outbox(phone);
    expect(messages).toHaveLength(2);
    // A second try right away sends nothing new; the code just sent still confirms.
    await inject({
      method: 'POST',
      url: '/v1/users/sign_in',
      payload: { phone_number: phone, password: PASSWORD },
    });
    expect(await outbox(phone)).toHaveLength(2);
    expect((await confirm(phone, messages[0]!.code)).statusCode).toBe(200);
    await signIn(t.app, phone);
  });

  it('a wrong password on an unconfirmed account is plain invalid credentials', async () => {
    const phone = '01012345607';
    await inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    const res = await inject({
      method: 'POST',
      url: '/v1/users/sign_in',
      payload: { phone_number: phone, password: 'Wrong#2024' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().need_confirmation).toBeUndefined();
  });
});

describe('SMS codes', () => {
  it('a wrong code is 404 "Wrong OTP code" on the code field', async () => {
    const phone = '01012345610';
    await inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    const code = await latestCode(t.app, phone);
    const res = await confirm(phone, wrongCode(code));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { sms_confirmation_otp: ['Wrong OTP code'] } });
    const ar = await inject({
      method: 'PUT',
      url: '/v1/users/confirmations',
      payload: { phone_number: phone, sms_confirmation_otp: wrongCode(code) },
    });
    expect(ar.json()).toEqual({ errors: { sms_confirmation_otp: ['الكود غلط'] } });
    const format = await confirm(phone, '12ab');
    expect(format.statusCode).toBe(422);
    expect(format.json().errors).toEqual({ sms_confirmation_otp: ['The code is 6 digits'] });
  });

  it('five wrong tries kill the code: even the right one fails then, until a new code is sent', async () => {
    const phone = '01012345611';
    await inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    const code = await latestCode(t.app, phone);
    for (let i = 0; i < 5; i++) expect((await confirm(phone, wrongCode(code))).statusCode).toBe(404);
    const dead = await confirm(phone, code);
    expect(dead.statusCode).toBe(404);
    expect(dead.json().errors.sms_confirmation_otp).toEqual([
      'This code is no longer valid, please request a new one',
    ]);
    t.clock.advance(120_000);
    const resend = await inject({
      method: 'POST',
      url: '/v1/users/otps',
      payload: { phone_number: phone },
    });
    expect(resend.statusCode).toBe(200);
    expect((await confirm(phone, await latestCode(t.app, phone))).statusCode).toBe(200);
  });

  it('a code cannot be resent within 120 s (the answer gives the seconds left); after that it can', async () => {
    const phone = '01012345612';
    await inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    const first = await latestCode(t.app, phone);
    t.clock.advance(30_000);
    const early = await inject({
      method: 'POST',
      url: '/v1/users/otps?locale=en',
      payload: { phone_number: phone },
    });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ errors: ['Please wait 90s before resending code'], wait_seconds: 90 });
    expect(early.headers['retry-after']).toBe('90');
    const ar = await inject({ method: 'POST', url: '/v1/users/otps', payload: { phone_number: phone } });
    expect(ar.json().errors).toEqual(['استنى 90 ثانية قبل ما تطلب كود تاني']);

    t.clock.advance(90_000);
    const res = await inject({
      method: 'POST',
      url: '/v1/users/otps?locale=en',
      payload: { phone_number: phone },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'A new code was sent to your phone',
      phone_number: phone,
      resend_in: 120,
    });
    const second = await latestCode(t.app, phone);
    // The new code ends the old one.
    if (second !== first) expect((await confirm(phone, first)).statusCode).toBe(404);
    expect((await confirm(phone, second)).statusCode).toBe(200);
  });

  it('five resends at the same moment send one code (the others are told to wait)', async () => {
    const phone = '01012345617';
    await inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    t.clock.advance(120_000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        inject({ method: 'POST', url: '/v1/users/otps', payload: { phone_number: phone } }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(await outbox(phone)).toHaveLength(2);
  });

  it('a code dies after 10 minutes', async () => {
    const phone = '01012345613';
    await inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    const code = await latestCode(t.app, phone);
    t.clock.advance(10 * 60_000 + 1000);
    const res = await confirm(phone, code);
    expect(res.statusCode).toBe(404);
  });

  it('resending: an unknown phone is 404 on phone_number, a confirmed account is told so', async () => {
    const unknown = await inject({
      method: 'POST',
      url: '/v1/users/otps?locale=en',
      payload: { phone_number: '01099999999' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      errors: { phone_number: ['This phone number is not a registered on the store stores'] },
    });
    const phone = '01012345614';
    await registerUser(t.app, phone);
    t.clock.advance(120_000);
    const confirmed = await inject({
      method: 'POST',
      url: '/v1/users/otps?locale=en',
      payload: { phone_number: phone },
    });
    expect(confirmed.statusCode).toBe(422);
    expect(confirmed.json().errors).toEqual(['This account is already confirmed, you can sign in']);
  });

  it('a code is never checked without its phone: 422 on phone_number, and the code still works with it', async () => {
    const phone = '01012345615';
    await inject({ method: 'POST', url: '/v1/users', payload: signUpBody(phone) });
    const code = await latestCode(t.app, phone);
    const alone = await confirm(undefined, code);
    expect(alone.statusCode).toBe(422);
    expect(alone.json()).toEqual({ errors: { phone_number: ['is required'] } });
    expect((await confirm(phone, code)).statusCode).toBe(200);
    await signIn(t.app, phone);
  });

  it('when the SMS cannot be sent the shopper gets 503 and may simply sign up again', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    let fail = true;
    const sent: string[] = [];
    const sms: SmsSender = {
      name: 'flaky',
      async send(m) {
        if (fail) throw new Error('gateway down');
        sent.push(m.to);
      },
    };
    const app = await buildApp({ database, env: 'test', sms });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/users?locale=en',
        payload: signUpBody('01012345616'),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ errors: ['We could not send the code, please try again in a minute'] });
      fail = false;
      const again = await app.inject({
        method: 'POST',
        url: '/v1/users',
        payload: signUpBody('01012345616'),
      });
      expect(again.statusCode).toBe(201);
      expect(sent).toEqual(['01012345616']);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('the SMS outbox is not there in production', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const app = await buildApp({ database, env: 'production' });
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/sms-outbox' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('sessions', () => {
  it('several devices at once; sign-out ends only that device', async () => {
    const phone = '01012345620';
    const phoneA = await newUser(t.app, phone);
    const phoneB = await signIn(t.app, phone);
    expect(phoneB.client).not.toBe(phoneA.client);
    const out = await inject({ method: 'DELETE', url: '/v1/users/sign_out?locale=en', headers: phoneA });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Signed out successfully' });
    expect((await me(phoneA)).statusCode).toBe(401);
    expect((await me(phoneB)).statusCode).toBe(200);
  });

  it('missing, wrong, mismatched or expired headers are 401', async () => {
    const a = await newUser(t.app, '01012345621');
    const b = await newUser(t.app, '01012345622');
    const unauthorized = { errors: ['You need to sign in or sign up before continuing'] };
    expect((await me({})).json()).toEqual(unauthorized);
    expect((await me({ ...a, token: b.token })).statusCode).toBe(401);
    expect((await me({ ...a, uid: b.uid })).statusCode).toBe(401);
    expect((await me({ ...a, token: `${a.token.slice(0, -1)}x` })).statusCode).toBe(401);
    expect((await me({ ...a, client: 'nope' })).statusCode).toBe(401);
    expect((await me(a)).statusCode).toBe(200);
    // 401 comes before the body is looked at.
    const bad = await inject({ method: 'PUT', url: '/v1/users', headers: { ...a, token: 'x' }, payload: {} });
    expect(bad.statusCode).toBe(401);
    t.clock.advance(14 * 86_400_000 + 1000);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
  });

  it("user B sees only B's profile", async () => {
    const a = await newUser(t.app, '01012345623');
    const b = await newUser(t.app, '01012345624');
    expect((await me(a)).json().user.phone_number).toBe('01012345623');
    expect((await me(b)).json().user.phone_number).toBe('01012345624');
  });
});
