import { expect, type APIRequestContext, type Page } from './fixtures';

/** The demo owner (the seed's staff account). */
export const OWNER = { email: 'owner@store.local', password: 'souq-demo-owner' };

export type StaffHeaders = { client: string; token: string; uid: string };

/** A staff session through the API (headers client, token, uid) and the member it belongs to. */
export async function staffSession(
  request: APIRequestContext,
  who: { email: string; password: string } = OWNER,
) {
  const res = await request.post('/v1/admin/sign_in?locale=en', { data: who });
  expect(res.ok(), await res.text()).toBeTruthy();
  const h = res.headers();
  const { staff } = (await res.json()) as { staff: { id: number; role: string } };
  return { headers: { client: h.client!, token: h.token!, uid: h.uid! } as StaffHeaders, staff };
}

export type StaffSession = Awaited<ReturnType<typeof staffSession>>;

/**
 * This page opens the back office already signed in with `session` (stored as the app stores it), in `locale`: set
 * once, so a language the test then switches to stays. The shop and the back office share the language chosen.
 */
export async function signedIn(page: Page, session: StaffSession, locale: 'ar' | 'en' = 'ar') {
  await page.addInitScript(
    ([headers, member, lng]) => {
      if (sessionStorage.getItem('e2e-admin-set')) return;
      localStorage.setItem('admin-auth', JSON.stringify({ state: { headers, staff: member }, version: 0 }));
      localStorage.setItem('store-locale', JSON.stringify({ state: { locale: lng }, version: 0 }));
      sessionStorage.setItem('e2e-admin-set', '1');
    },
    [session.headers, session.staff, locale] as const,
  );
}

/**
 * Signs the owner in and opens the back office in this page signed in (in Arabic unless told). Each owner session
 * counts against the owner's devices (STAFF_MAX_DEVICES), so a test opens one at most.
 */
export async function openSignedIn(page: Page, request: APIRequestContext, locale: 'ar' | 'en' = 'ar') {
  const session = await staffSession(request);
  await signedIn(page, session, locale);
  return session;
}
