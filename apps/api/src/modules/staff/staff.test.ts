/**
 * Staff accounts of the back office (issue 13, part 3): sign-in and its limits, sessions, the role checks every
 * admin route relies on, staff management by owners, the audit log, and the first owner from OWNER_EMAIL.
 * On in-memory PGlite, and on PostgreSQL with DATABASE_URL set.
 */
import { apiMessage } from '@store/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { auditLog, staff, staffSessions } from '../../db/schema.ts';
import { addShopper } from '../../test/shoppers.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { staffAuthOf, type StaffAuth } from '../../test/staff.ts';
import { audit } from './audit.ts';
import { bootstrapOwner, DEMO_OWNER, ensureOwner } from './bootstrap.ts';
import { DEFAULT_STAFF_LIMITS } from './limits.ts';

const PASSWORD = 'Staff#Pass2025';
const roomy = { max: 10_000, windowSeconds: 60 };

let t: TestApp;
let seq = 0;
/** A fresh email for each use, so the tests share no limits. */
const newEmail = (who = 'staff') => `${who}${(seq += 1)}@store.example`;

const inject = (opts: InjectOptions) => t.app.inject(opts);
type Headers = StaffAuth;
/** The session cookie's parts: `<staff id>.<client>.<token>`. */
const partsOf = (h: Headers) => {
  const [id, client, token] = h.cookie.slice('staff_session='.length).split('.');
  return { id: Number(id), client: client!, token: token! };
};
const withParts = (h: Headers, p: { id?: number | string; client?: string; token?: string }) => {
  const now = partsOf(h);
  return {
    ...h,
    cookie: `staff_session=${p.id ?? now.id}.${p.client ?? now.client}.${p.token ?? now.token}`,
  };
};

async function signIn(email: string, password = PASSWORD, app = t): Promise<Headers> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/v1/admin/sign_in',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.statusCode} ${res.body}`);
  return staffAuthOf(res);
}

/** A staff member written straight to the database (through the bootstrap's own function for owners). */
async function addMember(role: 'owner' | 'staff' | 'catalog', email = newEmail(role)) {
  await ensureOwner(t.database.db, { email, password: PASSWORD, name: `Test ${role}` }, t.clock.now());
  if (role !== 'owner') await t.database.db.update(staff).set({ role }).where(eq(staff.email, email));
  const [row] = await t.database.db.select().from(staff).where(eq(staff.email, email));
  return { id: row!.id, email, headers: await signIn(email) };
}

const me = (headers: Record<string, string>, locale = 'en') =>
  inject({ method: 'GET', url: `/v1/admin/me?locale=${locale}`, headers });
const auditOf = (action: string, targetId?: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(
      targetId === undefined
        ? eq(auditLog.action, action)
        : and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))),
    )
    .orderBy(asc(auditLog.id));

let owner: Awaited<ReturnType<typeof addMember>>;
beforeAll(async () => {
  // Roomy limits: these tests sign in and fail often from one address (attacks.test.ts tests the limits).
  t = await createTestApp({
    staffLimits: { signInPerIp: roomy, backoff: { ...DEFAULT_STAFF_LIMITS.backoff, free: 10_000 } },
  });
  owner = await addMember('owner');
});
afterAll(async () => {
  await t?.close();
});

describe('staff sign-in and sign-out', () => {
  it('an owner signs in with email and password, is known by the session cookie, and signs out', async () => {
    const email = newEmail('owner');
    await ensureOwner(t.database.db, { email, password: PASSWORD, name: 'Nadia' }, t.clock.now());
    // The email is the account whatever its case.
    const res = await inject({
      method: 'POST',
      url: '/v1/admin/sign_in',
      payload: { email: `  ${email.toUpperCase()} `, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ staff: { id: expect.any(Number), email, name: 'Nadia', role: 'owner' } });
    const h = staffAuthOf(res);
    const parts = partsOf(h);
    expect(parts.id).toBe(res.json().staff.id);
    expect(parts.client).toMatch(/^[\w-]{20,}$/);
    expect(parts.token).toMatch(/^[\w-]{40,}$/);
    // No session header a script could read any more (decision 025).
    for (const name of ['client', 'token', 'uid', 'expiry']) expect(res.headers[name]).toBeUndefined();
    // Only the token's hash is stored.
    const [row] = await t.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.client, parts.client));
    expect(row!.tokenHash).not.toContain(parts.token);

    const known = await me(h);
    expect(known.statusCode).toBe(200);
    expect(known.json().staff).toMatchObject({ email, role: 'owner' });

    const out = await inject({ method: 'DELETE', url: '/v1/admin/sign_out?locale=en', headers: h });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Signed out successfully' });
    const after = await me(h, 'ar');
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ errors: [apiMessage('staff_sign_in_required', 'ar')] });
  });

  it('a wrong password, an unknown email and a removed member get the same 401, in the request language', async () => {
    const member = await addMember('staff');
    const attempt = (email: string, password: string, locale = 'en') =>
      inject({ method: 'POST', url: `/v1/admin/sign_in?locale=${locale}`, payload: { email, password } });
    const wrong = await attempt(member.email, 'Not#ThePassword1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ errors: ['Email or password is incorrect, please try again'] });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const unknown = await attempt(newEmail('nobody'), PASSWORD);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    const arabic = await attempt(member.email, 'Not#ThePassword1', 'ar');
    expect(arabic.json()).toEqual({ errors: [apiMessage('staff_invalid_credentials', 'ar')] });

    await inject({ method: 'DELETE', url: `/v1/admin/staff/${member.id}`, headers: owner.headers });
    const removed = await attempt(member.email, PASSWORD);
    expect(removed.statusCode).toBe(401);
    expect(removed.json()).toEqual(wrong.json());
    // A failure against a real account is on record (who tried is unknown: no staff id), never the password.
    const failures = await auditOf('staff.sign_in_failed', member.id);
    expect(failures.map((f) => f.details)).toEqual([
      { reason: 'wrong_password' },
      { reason: 'wrong_password' },
      { reason: 'removed' },
    ]);
    expect(failures.every((f) => f.staffId === null && f.ip === '127.0.0.1')).toBe(true);
  });

  it('an unknown email costs about as long as a wrong password (no way to tell who is staff)', async () => {
    // At the store's cost of a hash (the tests' own is 32 times cheaper: passwords.ts), which dominates both.
    vi.stubEnv('NODE_ENV', 'development');
    onTestFinished(() => void vi.unstubAllEnvs());
    const member = await addMember('staff');
    const time = async (email: string) => {
      const started = performance.now();
      await inject({
        method: 'POST',
        url: '/v1/admin/sign_in',
        payload: { email, password: 'Wrong#Pass99' },
      });
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      known.push(await time(member.email));
      unknown.push(await time(newEmail('nobody')));
    }
    // scrypt dominates both; without the dummy check an unknown email would answer in a few milliseconds.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it('bodies are checked by the contracts: field errors in the request language', async () => {
    const res = await inject({
      method: 'POST',
      url: '/v1/admin/sign_in?locale=en',
      payload: { email: 'not-an-email', password: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: { email: ['This email address is not valid'], password: ['is required'] },
    });
  });

  it('a session ends STAFF_SESSION_HOURS (12 h) after sign-in', async () => {
    const member = await addMember('staff');
    t.clock.advance(11 * 3_600_000 + 59 * 60_000);
    expect((await me(member.headers)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await me(member.headers)).statusCode).toBe(401);
    // A new sign-in works, and drops the expired row.
    const again = await signIn(member.email);
    expect((await me(again)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(staffSessions).where(eq(staffSessions.staffId, member.id));
    expect(rows.map((r) => r.client)).toEqual([partsOf(again).client]);
    owner = { ...owner, headers: await signIn(owner.email) }; // the shared owner's session ended too
  });

  it('a wrong or tampered token, another member’s id with this device, or a malformed cookie, is 401', async () => {
    const a = await addMember('staff');
    const b = await addMember('staff');
    const { token } = partsOf(a.headers);
    expect((await me(withParts(a.headers, { token: `${token.slice(0, -2)}xx` }))).statusCode).toBe(401);
    expect((await me(withParts(a.headers, { id: b.id }))).statusCode).toBe(401);
    expect((await me(withParts(a.headers, { client: partsOf(b.headers).client }))).statusCode).toBe(401);
    expect((await me({ cookie: `staff_session=${a.id}..${token}` })).statusCode).toBe(401);
    expect((await me({ cookie: 'staff_session=x' })).statusCode).toBe(401);
    // The cookie under another name (the shop's session, say) is no staff session.
    expect((await me({ cookie: a.headers.cookie.replace('staff_session', 'session') })).statusCode).toBe(401);
    expect((await me({})).statusCode).toBe(401);
    expect((await me(a.headers)).statusCode).toBe(200);
  });
});

describe('sign-in limits', () => {
  it('one address trying many accounts gets 429 once over its limit, counted before any password is checked', async () => {
    const l = await createTestApp({
      staffLimits: {
        signInPerIp: { max: 6, windowSeconds: 900 },
        backoff: { ...DEFAULT_STAFF_LIMITS.backoff, free: 10_000 },
      },
    });
    try {
      const attempt = (who: string, remoteAddress: string) =>
        l.app.inject({
          method: 'POST',
          url: '/v1/admin/sign_in',
          payload: { email: who, password: 'Wrong#Guess1' },
          remoteAddress,
        });
      const spray = [];
      for (let i = 0; i < 7; i += 1)
        spray.push((await attempt(newEmail('sprayed'), '203.0.113.50')).statusCode);
      expect(spray).toEqual([401, 401, 401, 401, 401, 401, 429]);
      // Another address is not slowed by it.
      expect((await attempt(newEmail('sprayed'), '203.0.113.51')).statusCode).toBe(401);
    } finally {
      await l.close();
    }
  });
});

describe('admin routes and roles', () => {
  it('a shopper’s headers are not staff headers: 401 on every admin route, and staff headers are nothing to the shop', async () => {
    const shopper = await addShopper(t.database.db, t.clock.now());
    const member = await addMember('staff');
    const calls: InjectOptions[] = [
      { method: 'GET', url: '/v1/admin/me' },
      { method: 'DELETE', url: '/v1/admin/sign_out' },
      { method: 'GET', url: '/v1/admin/staff' },
      { method: 'POST', url: '/v1/admin/staff', payload: { email: newEmail(), name: 'Eve', role: 'owner' } },
      { method: 'DELETE', url: `/v1/admin/staff/${member.id}` },
    ];
    for (const call of calls) {
      for (const headers of [{}, shopper.headers, { ...shopper.headers, uid: owner.email }]) {
        const res = await inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(res.json()).toEqual({ errors: [apiMessage('staff_sign_in_required', 'ar')] });
      }
    }
    expect((await inject({ method: 'GET', url: '/v1/users', headers: owner.headers })).statusCode).toBe(401);
    expect((await me(member.headers)).statusCode).toBe(200);
  });

  it('staff and catalog members are refused the owners’ routes with 403, in both languages', async () => {
    for (const role of ['staff', 'catalog'] as const) {
      const member = await addMember(role);
      const calls: InjectOptions[] = [
        { method: 'GET', url: '/v1/admin/staff' },
        {
          method: 'POST',
          url: '/v1/admin/staff',
          payload: { email: newEmail(), name: 'Eve', role: 'owner', password: PASSWORD },
        },
        { method: 'DELETE', url: `/v1/admin/staff/${owner.id}` },
      ];
      for (const call of calls) {
        const ar = await inject({ ...call, headers: member.headers });
        expect(ar.statusCode, `${role}: ${call.method} ${call.url}`).toBe(403);
        expect(ar.json()).toEqual({ errors: ['حسابك مش مسموحله يعمل ده'] });
        const en = await inject({ ...call, url: `${call.url}?locale=en`, headers: member.headers });
        expect(en.json()).toEqual({ errors: ['Your account does not have permission to do this'] });
      }
      // Signed in all the same: their own routes answer.
      expect((await me(member.headers)).json().staff.role).toBe(role);
    }
    // Nothing was done: the owner is still there, no one was added.
    const [still] = await t.database.db.select().from(staff).where(eq(staff.id, owner.id));
    expect(still!.active).toBe(true);
  });
});

describe('owners manage staff', () => {
  it('an owner adds a staff member, who signs in; the owner removes them and their sessions end', async () => {
    const email = newEmail('new');
    const added = await inject({
      method: 'POST',
      url: '/v1/admin/staff?locale=en',
      headers: owner.headers,
      payload: { email: email.toUpperCase(), name: 'Karim Adel', role: 'staff', password: PASSWORD },
    });
    expect(added.statusCode).toBe(201);
    const member = added.json().staff;
    expect(member).toEqual({
      id: expect.any(Number),
      email,
      name: 'Karim Adel',
      role: 'staff',
      active: true,
      totp: false,
      created_at: expect.any(String),
    });
    const phone = await signIn(email);
    const desk = await signIn(email);
    expect((await me(phone)).json().staff).toEqual({
      id: member.id,
      email,
      name: 'Karim Adel',
      role: 'staff',
    });

    const list = await inject({ method: 'GET', url: '/v1/admin/staff', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().staff).toContainEqual(member);
    expect(JSON.stringify(list.json())).not.toMatch(/password|hash|scrypt/i);

    const removed = await inject({
      method: 'DELETE',
      url: `/v1/admin/staff/${member.id}?locale=en`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'The staff member was removed and signed out' });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(desk)).statusCode).toBe(401);
    const after = await inject({ method: 'GET', url: '/v1/admin/staff', headers: owner.headers });
    expect(after.json().staff).toContainEqual({ ...member, active: false });
    // Removing again changes nothing; an unknown id is 404.
    const again = await inject({
      method: 'DELETE',
      url: `/v1/admin/staff/${member.id}`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(200);
    const unknown = await inject({
      method: 'DELETE',
      url: '/v1/admin/staff/999999?locale=en',
      headers: owner.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: ['Staff member not found'] });

    // The same email later brings the account back, with its new role and password.
    const back = await inject({
      method: 'POST',
      url: '/v1/admin/staff',
      headers: owner.headers,
      payload: { email, name: 'Karim Adel', role: 'catalog', password: 'Another#Pass2025' },
    });
    expect(back.statusCode).toBe(201);
    expect(back.json().staff).toMatchObject({ id: member.id, role: 'catalog', active: true });
    expect((await me(await signIn(email, 'Another#Pass2025'))).json().staff.role).toBe('catalog');
  });

  it('a new member’s details follow the rules: email once, a role of the list, a password that is not weak', async () => {
    const post = (payload: Record<string, unknown>) =>
      inject({ method: 'POST', url: '/v1/admin/staff?locale=en', headers: owner.headers, payload });
    const good = { email: newEmail(), name: 'Salma', role: 'staff', password: PASSWORD };
    expect((await post(good)).statusCode).toBe(201);
    const taken = await post({ ...good, email: good.email.toUpperCase() });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ errors: { email: ['A staff member with this email already exists'] } });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ password: 'password123' }, { password: [apiMessage('password_too_common', 'en')] }],
      [{ password: 'short1!' }, { password: ['is too short (at least 8 characters)'] }],
      [{ password: '          ' }, { password: ['The password cannot be only spaces'] }],
      [{ role: 'admin' }, { role: ['must be one of: owner, staff, catalog'] }],
      [{ name: '' }, { name: ['is required'] }],
      [{ email: 'nobody' }, { email: ['This email address is not valid'] }],
    ];
    for (const [change, errors] of cases) {
      const res = await post({ ...good, email: newEmail(), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json(), JSON.stringify(change)).toEqual({ errors });
    }
    const email = newEmail('samir');
    const sameAsEmail = await post({ ...good, email, password: email });
    expect(sameAsEmail.json()).toEqual({
      errors: { password: ['The password cannot be the email address'] },
    });
    const sameAsName = await post({ ...good, email, password: email.split('@')[0]!.padEnd(8, '1') });
    expect(sameAsName.statusCode).toBe(201);
  });

  it('an owner cannot remove themselves, and two owners removing each other leave one owner', async () => {
    const self = await inject({
      method: 'DELETE',
      url: `/v1/admin/staff/${owner.id}?locale=en`,
      headers: owner.headers,
    });
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({ errors: ['You cannot remove your own account'] });

    const a = await addMember('owner');
    const b = await addMember('owner');
    const [ab, ba] = await Promise.all([
      inject({ method: 'DELETE', url: `/v1/admin/staff/${b.id}`, headers: a.headers }),
      inject({ method: 'DELETE', url: `/v1/admin/staff/${a.id}`, headers: b.headers }),
    ]);
    const statuses = [ab.statusCode, ba.statusCode].sort();
    // One wins; the other finds it is no longer an owner (403) or no longer signed in (401).
    expect(statuses[0]).toBe(200);
    expect([401, 403]).toContain(statuses[1]);
    const rows = await t.database.db.select().from(staff).where(eq(staff.active, true));
    expect(rows.filter((r) => r.id === a.id || r.id === b.id)).toHaveLength(1);
  });

  it('an owner who lost the role meanwhile is refused inside the transaction, so the store keeps its owner', async () => {
    const l = await createTestApp();
    try {
      const only = newEmail('only');
      await ensureOwner(l.database.db, { email: only, password: PASSWORD }, l.clock.now());
      const second = newEmail('second');
      await ensureOwner(l.database.db, { email: second, password: PASSWORD }, l.clock.now());
      const h = await signIn(second, PASSWORD, l);
      const [row] = await l.database.db.select().from(staff).where(eq(staff.email, only));
      // `second` loses the owner role while signed in: they are refused, and `only` stays.
      await l.database.db.update(staff).set({ role: 'staff' }).where(eq(staff.email, second));
      const res = await l.app.inject({ method: 'DELETE', url: `/v1/admin/staff/${row!.id}`, headers: h });
      expect(res.statusCode).toBe(403);
      const owners = await l.database.db
        .select()
        .from(staff)
        .where(and(eq(staff.role, 'owner'), eq(staff.active, true)));
      expect(owners.map((o) => o.email)).toEqual([only]);
    } finally {
      await l.close();
    }
  });
});

describe('API reference', () => {
  it('the admin staff calls are in the OpenAPI document, with their bodies', async () => {
    const doc = (await inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/admin/sign_in',
        '/v1/admin/sign_out',
        '/v1/admin/me',
        '/v1/admin/staff',
        '/v1/admin/staff/{id}',
      ]),
    );
    const body = doc.paths['/v1/admin/staff'].post.requestBody.content['application/json'].schema;
    expect(body.properties.role.enum).toEqual(['owner', 'staff', 'catalog']);
  });
});

describe('audit log', () => {
  it('every staff action writes an entry with who, what, to whom and from where, never a secret', async () => {
    const email = newEmail('audited');
    const res = await inject({
      method: 'POST',
      url: '/v1/admin/staff',
      headers: owner.headers,
      payload: { email, name: 'Audited', role: 'staff', password: PASSWORD },
      remoteAddress: '192.0.2.44',
    });
    const id = res.json().staff.id as number;
    const h = await signIn(email);
    await inject({ method: 'DELETE', url: '/v1/admin/sign_out', headers: h });
    await inject({ method: 'DELETE', url: `/v1/admin/staff/${id}`, headers: owner.headers });

    const entries = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(id)))
    ).filter((e) => e.targetType === 'staff');
    expect(entries.map((e) => [e.action, e.staffId])).toEqual([
      ['staff.added', owner.id],
      ['staff.signed_in', id],
      ['staff.signed_out', id],
      ['staff.removed', owner.id],
    ]);
    expect(entries[0]!.details).toEqual({ email, name: 'Audited', role: 'staff' });
    expect(entries[0]!.ip).toBe('192.0.2.44');
    const all = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toMatch(/scrypt\$/);
  });

  it('audit() writes in the caller’s transaction and drops secret-looking keys', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await audit(tx, { id: owner.id, ip: '192.0.2.1' }, 'test.rolled_back', { type: 'order', id: 1 });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await auditOf('test.rolled_back')).toEqual([]);

    await audit(
      t.database.db,
      { id: owner.id },
      'test.kept',
      { type: 'order', id: 42 },
      { from: 'pending', to: 'confirmed', password: 'x', nested: { token: 'y', api_key: 'z', note: 'ok' } },
      new Date('2030-01-01T00:00:00Z'),
    );
    const [kept] = await auditOf('test.kept');
    expect(kept).toMatchObject({
      staffId: owner.id,
      targetType: 'order',
      targetId: '42',
      details: { from: 'pending', to: 'confirmed', nested: { note: 'ok' } },
      createdAt: new Date('2030-01-01T00:00:00Z'),
    });
  });
});

describe('the first owner (OWNER_EMAIL, OWNER_PASSWORD) and the demo owner', () => {
  it('OWNER_EMAIL creates the owner, a new OWNER_PASSWORD resets it and ends its sessions, the same one changes nothing', async () => {
    const b = await createTestApp();
    try {
      const email = 'boss@store.example';
      const start = (password: string) =>
        bootstrapOwner(b.database.db, {
          env: 'production',
          ownerEmail: email,
          ownerPassword: password,
          now: b.clock.now(),
        });
      expect(await start(PASSWORD)).toEqual([`Back office: created the owner ${email} (OWNER_EMAIL).`]);
      const first = await signIn(email, PASSWORD, b);
      const meOn = (h: Headers) => b.app.inject({ method: 'GET', url: '/v1/admin/me', headers: h });
      expect((await meOn(first)).json().staff.role).toBe('owner');

      // A restart with the same settings signs no one out.
      expect(await start(PASSWORD)).toEqual([]);
      expect((await meOn(first)).statusCode).toBe(200);

      const [line] = await start('Forgotten#Reset2025');
      expect(line).toContain('OWNER_PASSWORD');
      expect((await meOn(first)).statusCode).toBe(401);
      const refused = await b.app.inject({
        method: 'POST',
        url: '/v1/admin/sign_in',
        payload: { email, password: PASSWORD },
      });
      expect(refused.statusCode).toBe(401);
      expect((await meOn(await signIn(email, 'Forgotten#Reset2025', b))).statusCode).toBe(200);

      const rows = await b.database.db.select().from(staff);
      expect(rows.map((r) => [r.email, r.role, r.active])).toEqual([[email, 'owner', true]]);
      const actions = (await b.database.db.select().from(auditLog).orderBy(asc(auditLog.id))).map((e) => [
        e.action,
        e.staffId,
      ]);
      expect(actions).toContainEqual(['staff.owner_created', null]);
      expect(actions).toContainEqual(['staff.owner_reset', null]);
    } finally {
      await b.close();
    }
  });

  it('OWNER_EMAIL of a removed or non-owner member makes them an active owner again', async () => {
    const b = await createTestApp();
    try {
      const email = 'former@store.example';
      await ensureOwner(b.database.db, { email, password: PASSWORD }, b.clock.now());
      await b.database.db.update(staff).set({ role: 'staff', active: false }).where(eq(staff.email, email));
      const lines = await bootstrapOwner(b.database.db, {
        env: 'development',
        ownerEmail: email,
        ownerPassword: PASSWORD,
        now: b.clock.now(),
      });
      expect(lines).toEqual([`Back office: ${email} is an active owner again (OWNER_EMAIL).`]);
      const [row] = await b.database.db.select().from(staff).where(eq(staff.email, email));
      expect([row!.role, row!.active]).toEqual(['owner', true]);
      // No demo owner beside a real one.
      expect((await b.database.db.select().from(staff)).length).toBe(1);
    } finally {
      await b.close();
    }
  });

  it('outside production without OWNER_EMAIL a demo owner is seeded and named; production switches it off and needs OWNER_EMAIL', async () => {
    const b = await createTestApp();
    try {
      const dev = () => bootstrapOwner(b.database.db, { env: 'development', now: b.clock.now() });
      const lines = await dev();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(DEMO_OWNER.email);
      expect(lines[0]).toContain(DEMO_OWNER.password);
      expect(await dev()).toEqual(lines); // once only
      expect((await b.database.db.select().from(staff)).length).toBe(1);
      const demo = await signIn(DEMO_OWNER.email, DEMO_OWNER.password, b);

      await expect(bootstrapOwner(b.database.db, { env: 'production', now: b.clock.now() })).rejects.toThrow(
        /OWNER_EMAIL, OWNER_PASSWORD: set both/,
      );
      // The demo owner's public password no longer opens the back office.
      expect((await b.app.inject({ method: 'GET', url: '/v1/admin/me', headers: demo })).statusCode).toBe(
        401,
      );
      const prod = await bootstrapOwner(b.database.db, {
        env: 'production',
        ownerEmail: 'real@store.example',
        ownerPassword: PASSWORD,
        now: b.clock.now(),
      });
      expect(prod).toEqual(['Back office: created the owner real@store.example (OWNER_EMAIL).']);
      expect(await bootstrapOwner(b.database.db, { env: 'production', now: b.clock.now() })).toEqual([]);
    } finally {
      await b.close();
    }
  });

  it('the configuration takes both variables or neither, and refuses a weak owner password, naming the variable', () => {
    const base = { NODE_ENV: 'development' };
    const c = loadConfig({ ...base, OWNER_EMAIL: ' Boss@Store.Example ', OWNER_PASSWORD: PASSWORD });
    expect([c.OWNER_EMAIL, c.OWNER_PASSWORD]).toEqual(['boss@store.example', PASSWORD]);
    expect(loadConfig(base).OWNER_EMAIL).toBeUndefined();
    const refused = (env: Record<string, string>, message: RegExp) =>
      expect(() => loadConfig({ ...base, ...env })).toThrow(message);
    refused(
      { OWNER_EMAIL: 'boss@store.example' },
      /OWNER_PASSWORD: OWNER_PASSWORD is required with OWNER_EMAIL/,
    );
    refused({ OWNER_PASSWORD: PASSWORD }, /OWNER_EMAIL: OWNER_EMAIL is required with OWNER_PASSWORD/);
    refused({ OWNER_EMAIL: 'boss', OWNER_PASSWORD: PASSWORD }, /OWNER_EMAIL: OWNER_EMAIL must be an email/);
    refused(
      { OWNER_EMAIL: 'boss@store.example', OWNER_PASSWORD: 'short' },
      /OWNER_PASSWORD must be 8 to 128/,
    );
    refused({ OWNER_EMAIL: 'boss@store.example', OWNER_PASSWORD: 'password1' }, /OWNER_PASSWORD is a common/);
    refused(
      { OWNER_EMAIL: 'boss@store.example', OWNER_PASSWORD: 'boss@store.example' },
      /OWNER_PASSWORD must not be the email/,
    );
  });
});
