/**
 * Paymob's transaction HMAC (reference/paymob.md): HMAC-SHA512, lower-case hex, over the values of 20 fields
 * concatenated with no separator, in a fixed order. The sandbox provider signs with the same scheme.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { VerifiedTransaction } from './provider.ts';

/** The 20 fields, in order, as paths into the processed callback's `obj` (note Paymob's `error_occured`). */
export const PAYMOB_HMAC_FIELDS = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
] as const;

type Json = Record<string, unknown>;

/** Booleans as true/false, numbers as decimal text, absent as nothing. */
function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'object') return '';
  return String(v);
}

function at(obj: Json, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Json)[part];
  }
  return cur;
}

/** The string signed for a processed callback (POST, the transaction `obj`). */
export function hmacStringFromTransaction(obj: Json): string {
  return PAYMOB_HMAC_FIELDS.map((f) => {
    // `order` is an object in the callback ({ id, ... }); tolerate a bare id.
    if (f === 'order.id' && typeof obj.order !== 'object') return text(obj.order);
    return text(at(obj, f));
  }).join('');
}

/** The string signed for a transaction response (GET, flattened query: `order`, `source_data.pan`, ...). */
export function hmacStringFromQuery(query: Record<string, unknown>): string {
  return PAYMOB_HMAC_FIELDS.map((f) => text(query[f === 'order.id' ? 'order' : f])).join('');
}

export function signHmac(data: string, secret: string): string {
  return createHmac('sha512', secret).update(data, 'utf8').digest('hex');
}

/** Constant-time comparison of the expected signature with the one received. */
export function hmacMatches(data: string, received: unknown, secret: string): boolean {
  if (typeof received !== 'string' || !/^[0-9a-fA-F]{128}$/.test(received)) return false;
  const expected = Buffer.from(signHmac(data, secret), 'hex');
  const given = Buffer.from(received.toLowerCase(), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const bool = (v: unknown) => v === true || v === 'true';

/** A transaction in our terms from its fields (signed, or the gateway's own inquiry answer); null if malformed. */
export function transactionFrom(get: (field: string) => unknown): VerifiedTransaction | null {
  const id = text(get('id'));
  const orderId = text(get('order.id'));
  const amount = Number(text(get('amount_cents')));
  if (!id || !orderId || !Number.isSafeInteger(amount)) return null;
  const merchant = get('order.merchant_order_id');
  return {
    transactionId: id,
    providerOrderId: orderId,
    merchantReference: typeof merchant === 'string' && merchant ? merchant : null,
    integrationId: text(get('integration_id')),
    success: bool(get('success')),
    pending: bool(get('pending')),
    amountPiastres: amount,
    currency: text(get('currency')),
    isRefunded: bool(get('is_refunded')),
    isVoided: bool(get('is_voided')),
    sourceType: text(get('source_data.type')),
    sourceSubType: text(get('source_data.sub_type')),
  };
}

/** A transaction object as the gateway holds it (callback `obj`, or an inquiry's answer), unsigned. */
export function transactionFromObject(o: Json): VerifiedTransaction | null {
  return transactionFrom((f) => {
    if (f === 'order.id' && typeof o.order !== 'object') return o.order;
    return at(o, f);
  });
}

/** Verifies a processed callback `{ type: 'TRANSACTION', obj }` with `?hmac=`; null when it does not verify. */
export function verifyPaymobCallback(
  body: unknown,
  query: Record<string, unknown>,
  secret: string,
): VerifiedTransaction | null {
  if (!body || typeof body !== 'object') return null;
  const obj = (body as Json).obj;
  if (!obj || typeof obj !== 'object') return null;
  const o = obj as Json;
  if (!hmacMatches(hmacStringFromTransaction(o), query.hmac, secret)) return null;
  return transactionFromObject(o);
}

/** Verifies a transaction response (the browser's return); null when it does not verify. */
export function verifyPaymobRedirect(
  query: Record<string, unknown>,
  secret: string,
): VerifiedTransaction | null {
  if (!hmacMatches(hmacStringFromQuery(query), query.hmac, secret)) return null;
  return transactionFrom((f) =>
    f === 'order.id' ? query.order : f === 'order.merchant_order_id' ? query.merchant_order_id : query[f],
  );
}

/** The flattened query string a gateway sends the browser back with (sandbox), signed. */
export function redirectQueryFromTransaction(obj: Json, secret: string): Record<string, string> {
  const q: Record<string, string> = {};
  for (const f of PAYMOB_HMAC_FIELDS) {
    q[f === 'order.id' ? 'order' : f] = f === 'order.id' ? text(at(obj, 'order.id')) : text(at(obj, f));
  }
  const merchant = at(obj, 'order.merchant_order_id');
  if (typeof merchant === 'string') q.merchant_order_id = merchant;
  q.hmac = signHmac(hmacStringFromQuery(q), secret);
  return q;
}
