import { eq } from 'drizzle-orm';
import type { App } from '../app.ts';
import { staff } from '../db/schema.ts';
import { ensureOwner } from '../modules/staff/bootstrap.ts';
import type { TestApp } from './app.ts';

/**
 * The request headers of a staff session, as the back office sends them: the session cookie, and the CSRF token
 * every write must carry (decision 025). Pass them whole as `headers`.
 */
export type StaffAuth = { cookie: string; 'x-csrf-token': string };

/** The staff cookies a sign-in answer set, as request headers (throws when it set none). */
export function staffAuthOf(res: { headers: Record<string, unknown> }): StaffAuth {
  const setCookie = res.headers['set-cookie'];
  const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie]).map(String);
  const value = (name: string) => {
    const line = cookies.find((c) => c.startsWith(`${name}=`));
    if (!line) throw new Error(`staff sign-in set no ${name} cookie`);
    return line.slice(name.length + 1, line.indexOf(';'));
  };
  return { cookie: `staff_session=${value('staff_session')}`, 'x-csrf-token': value('staff_csrf') };
}

/** Signs a staff member in through POST /v1/admin/sign_in; answers the session's request headers. */
export async function staffSignIn(app: App, email: string, password: string): Promise<StaffAuth> {
  const res = await app.inject({ method: 'POST', url: '/v1/admin/sign_in', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`staff sign-in: ${res.statusCode} ${res.body}`);
  return staffAuthOf(res);
}

/**
 * The staff most back-office tests need, added to the test database with `password` and signed in: an owner
 * (Hoda, boss@), a catalog member (Samir, shelves@) and an order clerk (Karim, clerk@). Answers their session's
 * request headers (cookie and CSRF token).
 */
export async function ownerCatalogClerk(t: TestApp, password: string) {
  for (const [email, role, name] of [
    ['boss@store.example', 'owner', 'Hoda'],
    ['shelves@store.example', 'catalog', 'Samir'],
    ['clerk@store.example', 'staff', 'Karim'],
  ] as const) {
    await ensureOwner(t.database.db, { email, password }, t.clock.now());
    await t.database.db.update(staff).set({ role, name }).where(eq(staff.email, email));
  }
  return {
    owner: await staffSignIn(t.app, 'boss@store.example', password),
    catalog: await staffSignIn(t.app, 'shelves@store.example', password),
    clerk: await staffSignIn(t.app, 'clerk@store.example', password),
  };
}
