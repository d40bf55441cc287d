import { maskPhonesIn } from '../../lib/logging.ts';
import { SmsRefused } from './types.ts';

/** How long a gateway may take to answer (SMS_TIMEOUT_MS): past it the send failed. */
export const DEFAULT_SMS_TIMEOUT_MS = 10_000;

export interface GatewayHttp {
  /** SMS_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Tests may give their own fetch; default: the global one. */
  fetch?: typeof fetch;
}

export interface GatewayAnswer {
  status: number;
  text: string;
  contentType: string;
}

/**
 * One call to a gateway: the answer's status and body, read within the time allowed. A call not answered in time
 * throws SmsRefused('timeout'); one that cannot reach the gateway, SmsRefused('unreachable'). The caller judges
 * the answer (a 200 may still be a refusal).
 */
export async function callGateway(
  provider: string,
  url: string,
  init: RequestInit,
  http: GatewayHttp,
): Promise<GatewayAnswer> {
  const timeoutMs = http.timeoutMs ?? DEFAULT_SMS_TIMEOUT_MS;
  const doFetch = http.fetch ?? fetch;
  try {
    // The signal covers the body too: a gateway that sends its headers and then stalls is given up as well.
    const res = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    return { status: res.status, text, contentType: res.headers.get('content-type') ?? '' };
  } catch (err) {
    const name = (err as { name?: string } | null)?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new SmsRefused(provider, 'timeout', `no answer within ${timeoutMs} ms`);
    const cause = (err as { cause?: { code?: string } } | null)?.cause?.code;
    throw new SmsRefused(
      provider,
      'unreachable',
      cause ?? (err instanceof Error ? err.message : 'network error'),
    );
  }
}

/** The answer as JSON, or undefined when it is not JSON. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A gateway's words, fit for the record and the log: phone numbers masked, short, never the message text. */
export const clip = (s: unknown) => maskPhonesIn(String(s ?? '')).slice(0, 200);

/** A refusal carried by an HTTP status: the gateway's code and meaning when its body names them. */
export function httpRefusal(provider: string, status: number, detail?: unknown) {
  const words = detail === undefined || detail === '' ? '' : ` ${clip(detail)}`;
  return new SmsRefused(provider, 'refused', `HTTP ${status}${words}`);
}

/** A value from a query or form body: the first one when the key came twice. */
export function field(source: unknown, ...names: string[]): string | undefined {
  if (!source || typeof source !== 'object') return undefined;
  const record = source as Record<string, unknown>;
  for (const name of names) {
    const v = record[name];
    const first = Array.isArray(v) ? (v as unknown[])[0] : v;
    if (typeof first === 'string' && first !== '') return first;
    if (typeof first === 'number') return String(first);
  }
  return undefined;
}
