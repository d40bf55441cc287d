import type { App } from '../app.ts';

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
