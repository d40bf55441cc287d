import { expect, type APIRequestContext } from './fixtures';

/**
 * Shoppers for browser tests, made through the API as a person would: sign-up, the SMS code from the dev outbox,
 * confirmation, sign-in. One place for the steps that orders.spec.ts and placed-order.ts need.
 */

export interface Shopper {
  phone: string;
  headers: Record<string, string>;
  user: Record<string, unknown>;
}

/** An API call that must succeed; its JSON answer. */
export async function apiJson<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  headers?: Record<string, string>,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(path, { method, headers, data });
  expect(res.ok(), `${method} ${path} answers ${res.status()}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

export const newPhone = () => `011${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A confirmed, signed-in shopper with this name and password. */
export async function newShopper(
  request: APIRequestContext,
  opts: { firstName: string; lastName: string; password: string },
): Promise<Shopper> {
  const phone = newPhone();
  await apiJson(request, 'POST', '/v1/users?locale=en', undefined, {
    first_name: opts.firstName,
    last_name: opts.lastName,
    email: `${phone}@example.com`,
    phone_number: phone,
    password: opts.password,
    password_confirmation: opts.password,
  });
  let code = '';
  await expect
    .poll(async () => {
      const r = await apiJson<{ messages: { code: string | null }[] }>(
        request,
        'GET',
        `/dev/sms-outbox?phone_number=${phone}`,
      );
      code = r.messages[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d+$/);
  await apiJson(request, 'PUT', '/v1/users/confirmations?locale=en', undefined, {
    sms_confirmation_otp: code,
    phone_number: phone,
  });
  const res = await request.post('/v1/users/sign_in?locale=en', {
    data: { phone_number: phone, password: opts.password },
  });
  expect(res.ok()).toBeTruthy();
  const h = res.headers();
  const body = (await res.json()) as { user: Record<string, unknown> };
  return { phone, headers: { client: h.client!, token: h.token!, uid: h.uid! }, user: body.user };
}
