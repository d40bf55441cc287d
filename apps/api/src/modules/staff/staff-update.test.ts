/**
 * Owners change another member's role or set a new password for them (PATCH v1/admin/staff/{id}), without removing
 * and adding them again: the new role counts from the member's next request, a new password signs them out
 * everywhere, and the store always keeps an owner. On in-memory PGlite, and on PostgreSQL with DATABASE_URL set.
 */
import { apiMessage } from '@store/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { staffAuthOf, type StaffAuth } from '../../test/staff.ts';
import { ensureOwner } from './bootstrap.ts';
import { DEFAULT_STAFF_LIMITS } from './limits.ts';

const PASSWORD = 'Staff#Pass2025';
const NEW_PASSWORD = 'Fresh#Start2026';
const roomy = { max: 10_000, windowSeconds: 60 };

let t: TestApp;
let seq = 0;
const newEmail = (who = 'staff') => `${who}${(seq += 1)}@edit.example`;

const signInAs = (email: string, password = PASSWORD, app = t) =>
  app.app.inject({ method: 'POST', url: '/v1/admin/sign_in', payload: { email, password } });
async function signIn(email: string, password = PASSWORD, app = t): Promise<StaffAuth> {
  const res = await signInAs(email, password, app);
  if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.statusCode} ${res.body}`);
  return staffAuthOf(res);
}

/** A staff member written straight to the database, signed in. */
async function addMember(role: 'owner' | 'staff' | 'catalog', app = t) {
  const email = newEmail(role);
  await ensureOwner(app.database.db, { email, password: PASSWORD, name: `Test ${role}` }, app.clock.now());
  if (role !== 'owner') await app.database.db.update(staff).set({ role }).where(eq(staff.email, email));
  const [row] = await app.database.db.select().from(staff).where(eq(staff.email, email));
  return { id: row!.id, email, headers: await signIn(email, PASSWORD, app) };
}

const patch = (id: number, headers: StaffAuth, payload: unknown, locale = 'en', app = t) =>
  app.app.inject({
    method: 'PATCH',
    url: `/v1/admin/staff/${id}?locale=${locale}`,
    headers,
    payload: payload as Record<string, unknown>,
  });
const get = (url: string, headers: StaffAuth) => t.app.inject({ method: 'GET', url, headers });
const rowOf = async (id: number) => (await t.database.db.select().from(staff).where(eq(staff.id, id)))[0]!;
const auditOf = (action: string, targetId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))))
    .orderBy(asc(auditLog.id));

let owner: Awaited<ReturnType<typeof addMember>>;
beforeAll(async () => {
  t = await createTestApp({
    staffLimits: { signInPerIp: roomy, backoff: { ...DEFAULT_STAFF_LIMITS.backoff, free: 10_000 } },
  });
  owner = await addMember('owner');
});
afterAll(async () => {
  await t?.close();
});

describe('an owner changes a member’s role', () => {
  it('the member’s next request has the new role’s permissions, on the session they already had', async () => {
    const member = await addMember('catalog');
    expect((await get('/v1/admin/products', member.headers)).statusCode).toBe(200);
    expect((await get('/v1/admin/orders', member.headers)).statusCode).toBe(403);

    const res = await patch(member.id, owner.headers, { role: 'staff' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      staff: {
        id: member.id,
        email: member.email,
        name: 'Test catalog',
        role: 'staff',
        active: true,
        totp: false,
        created_at: expect.any(String),
      },
    });
    // Still signed in (a role change ends no session), with the order clerk's areas and no longer the catalog's.
    expect((await get('/v1/admin/me', member.headers)).json().staff.role).toBe('staff');
    expect((await get('/v1/admin/orders', member.headers)).statusCode).toBe(200);
    expect((await get('/v1/admin/products', member.headers)).statusCode).toBe(403);
    expect((await get('/v1/admin/staff', member.headers)).statusCode).toBe(403);

    // Made an owner, they manage staff from their next request.
    expect((await patch(member.id, owner.headers, { role: 'owner' })).statusCode).toBe(200);
    expect((await get('/v1/admin/staff', member.headers)).statusCode).toBe(200);

    const entries = await auditOf('staff.role_changed', member.id);
    expect(entries.map((e) => [e.staffId, e.details])).toEqual([
      [owner.id, { from: 'catalog', to: 'staff' }],
      [owner.id, { from: 'staff', to: 'owner' }],
    ]);
    // The same role again changes nothing and writes nothing.
    expect((await patch(member.id, owner.headers, { role: 'owner' })).statusCode).toBe(200);
    expect(await auditOf('staff.role_changed', member.id)).toHaveLength(2);
  });

  it('an owner can be made staff while another owner remains; the only owner cannot be demoted (only they could ask, for themselves)', async () => {
    const l = await createTestApp();
    try {
      const only = await addMember('owner', l);
      const other = await addMember('staff', l);
      // The only owner is the only one who could try, and it is their own account.
      const self = await patch(only.id, only.headers, { role: 'staff' }, 'en', l);
      expect(self.statusCode).toBe(422);
      expect(self.json().errors).toEqual([apiMessage('staff_cannot_change_self', 'en')]);
      // Made an owner, the second one may demote the first: one owner is left.
      expect((await patch(other.id, only.headers, { role: 'owner' }, 'en', l)).statusCode).toBe(200);
      // Two owners demoting each other at once: one wins, the other is no longer an owner (403).
      const [a, b] = await Promise.all([
        patch(other.id, only.headers, { role: 'staff' }, 'en', l),
        patch(only.id, other.headers, { role: 'catalog' }, 'en', l),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses).toEqual([200, 403]);
      const owners = await l.database.db
        .select()
        .from(staff)
        .where(and(eq(staff.role, 'owner'), eq(staff.active, true)));
      expect(owners).toHaveLength(1);
      // The one owner left cannot be made anything else.
      const left = owners[0]!.id === only.id ? only : other;
      const last = await patch(left.id, left.headers, { role: 'staff' }, 'en', l);
      expect(last.statusCode).toBe(422);
      expect(last.json().errors).toEqual([apiMessage('staff_cannot_change_self', 'en')]);
      const [still] = await l.database.db.select().from(staff).where(eq(staff.id, left.id));
      expect(still!.role).toBe('owner');
    } finally {
      await l.close();
    }
  });
});

describe('an owner sets a new password for a member', () => {
  it('signs the member out everywhere; the new password signs in and the old one does not', async () => {
    const member = await addMember('staff');
    const desk = await signIn(member.email);
    const res = await patch(member.id, owner.headers, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().staff).toMatchObject({ id: member.id, role: 'staff', active: true });
    expect(res.body).not.toMatch(/password|hash|scrypt/i);

    expect((await get('/v1/admin/me', member.headers)).statusCode).toBe(401);
    expect((await get('/v1/admin/me', desk)).statusCode).toBe(401);
    expect((await signInAs(member.email, PASSWORD)).statusCode).toBe(401);
    const fresh = await signIn(member.email, NEW_PASSWORD);
    expect((await get('/v1/admin/me', fresh)).json().staff).toMatchObject({ id: member.id, role: 'staff' });
    // The owner stays signed in.
    expect((await get('/v1/admin/me', owner.headers)).statusCode).toBe(200);

    const entries = await auditOf('staff.password_reset', member.id);
    expect(entries.map((e) => [e.staffId, e.details])).toEqual([[owner.id, {}]]);
    expect(JSON.stringify(entries)).not.toContain(NEW_PASSWORD);
  });

  it('a role and a password at once, in one change', async () => {
    const member = await addMember('catalog');
    const res = await patch(member.id, owner.headers, { role: 'staff', password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().staff.role).toBe('staff');
    expect((await get('/v1/admin/me', member.headers)).statusCode).toBe(401);
    const fresh = await signIn(member.email, NEW_PASSWORD);
    expect((await get('/v1/admin/orders', fresh)).statusCode).toBe(200);
    expect(await auditOf('staff.role_changed', member.id)).toHaveLength(1);
    expect(await auditOf('staff.password_reset', member.id)).toHaveLength(1);
  });

  it('the new password follows the rules of adding a member; a refused change changes nothing', async () => {
    const member = await addMember('catalog');
    const before = await rowOf(member.id);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ password: 'password123' }, { password: [apiMessage('password_too_common', 'en')] }],
      [{ password: member.email }, { password: ['The password cannot be the email address'] }],
      [{ password: 'short1!' }, { password: ['is too short (at least 8 characters)'] }],
      [{ role: 'admin' }, { role: ['must be one of: owner, staff, catalog'] }],
      [{}, { base: ['Choose a new role or enter a new password'] }],
      // A weak password refuses the role that came with it too.
      [{ role: 'owner', password: 'password123' }, { password: [apiMessage('password_too_common', 'en')] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await patch(member.id, owner.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json(), JSON.stringify(payload)).toEqual({ errors });
    }
    expect(await rowOf(member.id)).toEqual(before);
    expect((await get('/v1/admin/me', member.headers)).statusCode).toBe(200);
  });
});

describe('what an owner cannot change', () => {
  it('their own account: 422, in the request’s language', async () => {
    for (const payload of [{ role: 'staff' }, { password: NEW_PASSWORD }]) {
      const en = await patch(owner.id, owner.headers, payload, 'en');
      expect(en.statusCode).toBe(422);
      expect(en.json()).toEqual({
        errors: ['You cannot change your own role here, and your password is changed on your account page'],
      });
      const ar = await patch(owner.id, owner.headers, payload, 'ar');
      expect(ar.statusCode).toBe(422);
      expect(ar.json()).toEqual({ errors: [apiMessage('staff_cannot_change_self', 'ar')] });
      expect(ar.json().errors[0]).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await rowOf(owner.id)).role).toBe('owner');
    expect((await get('/v1/admin/me', owner.headers)).statusCode).toBe(200);
  });

  it('an unknown or removed member: 404', async () => {
    const unknown = await patch(999_999, owner.headers, { role: 'staff' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: ['Staff member not found'] });

    const member = await addMember('staff');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/admin/staff/${member.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    const res = await patch(member.id, owner.headers, { password: NEW_PASSWORD }, 'ar');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [apiMessage('staff_not_found', 'ar')] });
    // Still removed, and the old password is still the one stored (it signs in nowhere: removed).
    expect((await rowOf(member.id)).active).toBe(false);
    expect(await auditOf('staff.password_reset', member.id)).toEqual([]);
  });

  it('order clerks and catalog members are refused with 403, and nothing changes', async () => {
    const target = await addMember('catalog');
    for (const role of ['staff', 'catalog'] as const) {
      const member = await addMember(role);
      const res = await patch(target.id, member.headers, { role: 'owner', password: NEW_PASSWORD });
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual({ errors: ['Your account does not have permission to do this'] });
    }
    expect((await rowOf(target.id)).role).toBe('catalog');
    expect((await get('/v1/admin/me', target.headers)).statusCode).toBe(200);
  });

  it('a change without the session’s CSRF token is refused (403) and does nothing', async () => {
    const target = await addMember('staff');
    const res = await patch(target.id, { ...owner.headers, 'x-csrf-token': 'nope' }, { role: 'owner' });
    expect(res.statusCode).toBe(403);
    expect((await rowOf(target.id)).role).toBe('staff');
  });
});

describe('API reference', () => {
  it('PATCH /v1/admin/staff/{id} is in the OpenAPI document with its body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const op = doc.paths['/v1/admin/staff/{id}'].patch;
    expect(op.description).toMatch(/role/);
    const body = op.requestBody.content['application/json'].schema;
    expect(body.properties.role.enum).toEqual(['owner', 'staff', 'catalog']);
    expect(Object.keys(body.properties).sort()).toEqual(['password', 'role']);
  });
});

describe('a member changes their own password (PUT v1/admin/me/password)', () => {
  const put = (headers: StaffAuth, payload: Record<string, string>, locale = 'en') =>
    t.app.inject({ method: 'PUT', url: `/v1/admin/me/password?locale=${locale}`, headers, payload });
  const change = (current: string, password = NEW_PASSWORD, confirmation = password) => ({
    current_password: current,
    password,
    password_confirmation: confirmation,
  });

  it('with the current one: this device stays signed in, the others are signed out, the new one signs in', async () => {
    const member = await addMember('catalog');
    const otherDevice = await signIn(member.email);
    const res = await put(member.headers, change(PASSWORD));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password was changed. Your other devices were signed out' });
    expect((await get('/v1/admin/me', member.headers)).statusCode).toBe(200);
    expect((await get('/v1/admin/me', otherDevice)).statusCode).toBe(401);
    expect((await signInAs(member.email, PASSWORD)).statusCode).toBe(401);
    expect((await signInAs(member.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await auditOf('staff.password_changed', member.id)).toHaveLength(1);
  });

  it('refuses a wrong current password, a weak or mismatched new one, in the request’s language, and changes nothing', async () => {
    const member = await addMember('staff');
    const before = (await rowOf(member.id)).passwordHash;
    const wrong = await put(member.headers, change('not-my-password'), 'ar');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual([apiMessage('current_password_wrong', 'ar')]);
    for (const [payload, field] of [
      [change(PASSWORD, 'short'), 'password'],
      [change(PASSWORD, member.email), 'password'],
      [change(PASSWORD, NEW_PASSWORD, 'Other#Pass2026'), 'password_confirmation'],
    ] as const) {
      const res = await put(member.headers, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect((await rowOf(member.id)).passwordHash).toBe(before);
    expect((await get('/v1/admin/me', member.headers)).statusCode).toBe(200);
  });

  it('stops guessing: the sixth wrong current password in 15 minutes is 429 even when right', async () => {
    const member = await addMember('catalog');
    for (let i = 0; i < 5; i++)
      expect((await put(member.headers, change(`guess-${i}-wrong`))).statusCode).toBe(422);
    expect((await put(member.headers, change(PASSWORD))).statusCode).toBe(429);
    expect((await signInAs(member.email, PASSWORD)).statusCode).toBe(200);
  });

  it('two changes at once from two devices: one is written, the other is refused (not written over it)', async () => {
    const member = await addMember('staff');
    const other = await signIn(member.email);
    const [a, b] = await Promise.all([
      put(member.headers, change(PASSWORD, NEW_PASSWORD)),
      put(other, change(PASSWORD, 'Other#Start2027')),
    ]);
    // The other: refused as a wrong current password, or signed out already if the first had finished.
    const statuses = [a.statusCode, b.statusCode];
    expect(statuses.filter((c) => c === 200)).toHaveLength(1);
    expect(statuses.find((c) => c !== 200)).toBeOneOf([401, 422]);
    const won = a.statusCode === 200 ? NEW_PASSWORD : 'Other#Start2027';
    const lost = won === NEW_PASSWORD ? 'Other#Start2027' : NEW_PASSWORD;
    expect((await signInAs(member.email, won)).statusCode).toBe(200);
    expect((await signInAs(member.email, lost)).statusCode).toBe(401);
  });

  it('needs a signed-in member and the CSRF token', async () => {
    const member = await addMember('staff');
    expect((await put({} as StaffAuth, change(PASSWORD))).statusCode).toBe(401);
    expect((await put({ ...member.headers, 'x-csrf-token': 'nope' }, change(PASSWORD))).statusCode).toBe(403);
    expect((await signInAs(member.email, PASSWORD)).statusCode).toBe(200);
  });
});
