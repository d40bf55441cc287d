import { maskPhonesIn } from '../../lib/logging.ts';
import { CourierRefused } from './types.ts';

/** How long a courier's API may take to answer before the call counts as failed. */
export const DEFAULT_COURIER_TIMEOUT_MS = 15_000;

export interface CourierHttp {
  timeoutMs?: number;
  /** Tests may give their own fetch; default: the global one. */
  fetch?: typeof fetch;
}

export interface CourierAnswer {
  status: number;
  /** The body as JSON, or undefined when it is not JSON. */
  json: unknown;
  text: string;
}

/** A courier's words, fit for the record and the log: phone numbers masked, short. */
export const clip = (s: unknown) => maskPhonesIn(String(s ?? '')).slice(0, 300);

/**
 * One call to a courier's API, read within the time allowed (the signal covers the body too). Not answered in time:
 * CourierRefused('timeout'); not reached: CourierRefused('unreachable'). The caller judges the answer.
 */
export async function callCourier(
  courier: string,
  url: string,
  init: RequestInit,
  http: CourierHttp,
): Promise<CourierAnswer> {
  const timeoutMs = http.timeoutMs ?? DEFAULT_COURIER_TIMEOUT_MS;
  const doFetch = http.fetch ?? fetch;
  try {
    const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text };
  } catch (err) {
    const name = (err as { name?: string } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new CourierRefused(courier, 'timeout', `no answer within ${timeoutMs} ms`);
    const cause = (err as { cause?: { code?: string } } | null)?.cause?.code;
    throw new CourierRefused(
      courier,
      'unreachable',
      cause ?? (err instanceof Error ? err.message : 'network error'),
    );
  }
}
