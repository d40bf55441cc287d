import { currentLocale } from './locale-store';

/** An error answer of the API, in DESIGN.md's shape: field errors or a list of messages. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: { errors?: string[] | Record<string, string[]> } & Record<string, unknown>,
  ) {
    super(ApiError.messagesOf(body).join('\n') || `HTTP ${status}`);
  }
  /** Every message, flattened (for dialogs that list them). */
  static messagesOf(body: ApiError['body']): string[] {
    const e = body?.errors;
    if (!e) return [];
    return Array.isArray(e) ? e : Object.values(e).flat();
  }
  get messages() {
    return ApiError.messagesOf(this.body);
  }
  get fieldErrors(): Record<string, string[]> {
    const e = this.body?.errors;
    return e && !Array.isArray(e) ? e : {};
  }
}

type Query = Record<string, string | number | boolean | undefined | null | (string | number)[]>;

/** Hooks other features register: auth headers to send, what to do on 401 and 403, headers to store. */
export const apiHooks: {
  headers: () => Record<string, string>;
  onUnauthorized: () => void;
  /** A call answered 403 (refused to whoever is signed in): its path after /v1/, e.g. 'admin/orders'. */
  onForbidden: (path: string) => void;
  onHeaders: (h: Headers) => void;
  /** How a call reaches the API: the network in the browser, the server's own services when it renders a page. */
  fetch: typeof fetch;
} = {
  headers: () => ({}),
  onUnauthorized: () => {},
  onForbidden: () => {},
  onHeaders: () => {},
  fetch: (input, init) => fetch(input, init),
};

export function buildQuery(query: Query = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '' || v === false) continue;
    p.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  p.set('locale', currentLocale());
  return p.toString();
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

/** Every call to the store API goes through here: locale, auth headers, JSON, one error type. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await apiWithHeaders<T>(path, opts)).data;
}

/** Like `api`, also giving the answer's headers (sign-in and profile update return auth headers). */
export async function apiWithHeaders<T>(
  path: string,
  opts: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json', ...apiHooks.headers() };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const route = path.replace(/^\//, '');
  const res = await apiHooks.fetch(`/v1/${route}?${buildQuery(opts.query)}`, {
    method: opts.method ?? 'GET',
    headers,
    body,
    signal: opts.signal,
  });
  apiHooks.onHeaders(res.headers);
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = { errors: [] };
  }
  if (!res.ok) {
    if (res.status === 401) apiHooks.onUnauthorized();
    if (res.status === 403) apiHooks.onForbidden(route);
    throw new ApiError(res.status, (data ?? {}) as ApiError['body']);
  }
  return { data: data as T, headers: res.headers };
}
