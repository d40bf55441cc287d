import { eq } from 'drizzle-orm';
import type { App } from '../app.ts';
import { staff } from '../db/schema.ts';
import { ensureOwner } from '../modules/staff/bootstrap.ts';
import type { TestApp } from './app.ts';

/** Signs a staff member in through POST /v1/admin/sign_in; answers the session headers (client, token, uid). */
export async function staffSignIn(app: App, email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/v1/admin/sign_in', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`staff sign-in: ${res.statusCode} ${res.body}`);
  return {
    client: String(res.headers.client),
    token: String(res.headers.token),
    uid: String(res.headers.uid),
  };
}

/**
 * The staff most back-office tests need, added to the test database with `password` and signed in: an owner
 * (Hoda, boss@), a catalog member (Samir, shelves@) and an order clerk (Karim, clerk@). Answers their session
 * headers.
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
