import { expect, type APIRequestContext, type Page } from './fixtures';

/** The demo owner (the seed's staff account). */
export const OWNER = { email: 'owner@store.local', password: 'souq-demo-owner' };

/**
 * A staff session's request headers, as the back office sends them (decision 025): the HttpOnly session cookie and
 * the CSRF token every write must carry. Passed explicitly, so a test holding two sessions sends the one it means.
 */
export type StaffHeaders = { cookie: string; 'x-csrf-token': string };

interface StaffCookie {
  name: string;
  value: string;
  path: string;
  httpOnly: boolean;
}

/** The cookies a sign-in answer set (name=value; Path=…; HttpOnly…). */
function cookiesOf(setCookie: string): StaffCookie[] {
  return setCookie
    .split('\n')
    .filter((line) => line.startsWith('staff_'))
    .map((line) => {
      const [pair, ...attributes] = line.split('; ');
      const eq = pair!.indexOf('=');
      return {
        name: pair!.slice(0, eq),
        value: pair!.slice(eq + 1),
        path: attributes.find((a) => a.startsWith('Path='))!.slice('Path='.length),
        httpOnly: attributes.includes('HttpOnly'),
      };
    });
}

/**
 * A staff session through the API (its cookies, as request headers) and the member it belongs to. The owner's is
 * this test worker's one session, signed in once and reused while it works (`ownerSession`).
 */
export async function staffSession(
  request: APIRequestContext,
  who: { email: string; password: string } = OWNER,
): Promise<StaffSession> {
  if (who.email === OWNER.email && who.password === OWNER.password) return ownerSession(request);
  return signIn(request, who);
}

async function signIn(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/v1/admin/sign_in?locale=en', { data: who });
  expect(res.ok(), await res.text()).toBeTruthy();
  const cookies = cookiesOf(res.headers()['set-cookie'] ?? '');
  // The request context keeps cookies like a browser; every call here names its session instead.
  await request.clearCookies({ name: /^staff_/ });
  const value = (name: string) => cookies.find((c) => c.name === name)!.value;
  const { staff } = (await res.json()) as { staff: { id: number; role: string } };
  return {
    headers: { cookie: `staff_session=${value('staff_session')}`, 'x-csrf-token': value('staff_csrf') },
    cookies,
    origin: new URL(res.url()).origin,
    staff,
  };
}

export type StaffSession = Awaited<ReturnType<typeof signIn>>;

/**
 * The owner keeps only STAFF_MAX_DEVICES sessions, and a sign-in past them ends the oldest: with every test signing
 * the owner in, a test that lasted while the other workers' tests signed in five times was signed out halfway (an
 * import, a journey through orders, on a slow machine). So each worker (a process of its own) signs the owner in
 * once, and signs in again only when that session no longer works (a test signed it out, the server restarted).
 */
let ownerKept: StaffSession | null = null;

async function ownerSession(request: APIRequestContext): Promise<StaffSession> {
  if (ownerKept && (await request.get('/v1/admin/me?locale=en', { headers: ownerKept.headers })).ok())
    return ownerKept;
  ownerKept = await signIn(request, OWNER);
  return ownerKept;
}

/**
 * This page opens the back office already signed in with `session` (its cookies put in the page's browser, as a
 * sign-in there would), in `locale`: the language is set once, so a language the test then switches to stays. The
 * shop and the back office share the language chosen.
 */
export async function signedIn(page: Page, session: StaffSession, locale: 'ar' | 'en' = 'ar') {
  await page.context().addCookies(
    session.cookies.map((c) => ({
      name: c.name,
      value: c.value,
      domain: new URL(session.origin).hostname,
      path: c.path,
      httpOnly: c.httpOnly,
      secure: false,
      sameSite: 'Strict' as const,
    })),
  );
  await page.addInitScript((lng) => {
    if (sessionStorage.getItem('e2e-admin-set')) return;
    localStorage.setItem('store-locale', JSON.stringify({ state: { locale: lng }, version: 0 }));
    sessionStorage.setItem('e2e-admin-set', '1');
  }, locale);
}

/**
 * Opens the back office in this page signed in as the owner, with this worker's owner session (in Arabic unless
 * told).
 */
export async function openSignedIn(page: Page, request: APIRequestContext, locale: 'ar' | 'en' = 'ar') {
  const session = await staffSession(request);
  await signedIn(page, session, locale);
  return session;
}

export const MEMBER_PASSWORD = 'Lotus-garden-2024';

/** A new staff member with this role, added by the owner through the API, and signed in (and their email). */
export async function staffMember(
  request: APIRequestContext,
  owner: StaffHeaders,
  role: 'catalog' | 'staff',
) {
  const email = `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@store.local`;
  const added = await request.post('/v1/admin/staff?locale=en', {
    headers: owner,
    data: {
      email,
      name: role === 'catalog' ? 'Hoda Catalog' : 'Karim Staff',
      role,
      password: MEMBER_PASSWORD,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  return { ...(await staffSession(request, { email, password: MEMBER_PASSWORD })), email };
}

/** Opens the back office in this page signed in as a new member of its own with this role. */
export async function openSignedInMember(
  page: Page,
  request: APIRequestContext,
  role: 'catalog' | 'staff',
  locale: 'ar' | 'en' = 'ar',
) {
  const session = await staffMember(request, (await staffSession(request)).headers, role);
  await signedIn(page, session, locale);
  return session;
}
