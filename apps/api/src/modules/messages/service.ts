/**
 * The record of SMS (sms_messages, written by sender.ts): the back office's list, and delivery receipts.
 */
import type { AdminMessage, AdminMessagesQuery, SmsStatus } from '@store/contracts';
import { latinDigits } from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { SmsReceipt } from '../../adapters/sms/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { escapeLike } from '../../lib/like.ts';

const SHOP_TIME_ZONE = 'Africa/Cairo';

interface MessageRow {
  id: number;
  provider: string;
  provider_message_id: string | null;
  phone_number: string;
  kind: string;
  order_id: number | null;
  order_number: number | string | null;
  body: string;
  encoding: string;
  parts: number;
  status: string;
  error: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const toMessage = (r: MessageRow): AdminMessage => ({
  id: Number(r.id),
  provider: r.provider,
  provider_message_id: r.provider_message_id,
  phone_number: r.phone_number,
  kind: r.kind,
  order_id: r.order_id === null ? null : Number(r.order_id),
  order_number: r.order_number === null ? null : Number(r.order_number),
  body: r.body,
  encoding: r.encoding === 'ucs2' ? 'ucs2' : 'gsm7',
  parts: Number(r.parts),
  status: r.status as SmsStatus,
  error: r.error,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

/** The first instant of a Cairo day, as the orders list counts days. */
const cairoDayStart = (day: string) => sql`((${day})::date::timestamp at time zone ${SHOP_TIME_ZONE})`;

function filters(q: AdminMessagesQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.status) parts.push(sql`status = ${q.status}`);
  if (q.provider) parts.push(sql`provider = ${q.provider}`);
  if (q.order_id) parts.push(sql`order_id = ${q.order_id}`);
  if (q.from) parts.push(sql`created_at >= ${cairoDayStart(q.from)}`);
  if (q.to) parts.push(sql`created_at < ${cairoDayStart(q.to)} + interval '1 day'`);
  if (q.phone) {
    // Any usual form: +20 10…, 0020…, 2010…, 010…, or the number's end; the record keeps 010….
    let digits = latinDigits(q.phone).replace(/\D/g, '');
    digits = digits.replace(/^(00)?20(?=1)/, '0');
    if (digits) parts.push(sql`phone_number like ${`%${escapeLike(digits)}%`}`);
  }
  return sql.join(parts, sql` and `);
}

/** GET /v1/admin/messages: newest first, with the filters asked for, a page at a time. */
export async function listMessages(db: DbOrTx, q: AdminMessagesQuery) {
  const perPage = q.per_page ?? 20;
  const page = q.page ?? 1;
  const where = filters(q);
  const [rows, total] = await Promise.all([
    db.execute(sql`
      select id, provider, provider_message_id, phone_number, kind, order_id, body, encoding, parts, status,
        error, created_at, updated_at,
        (select o.order_number from orders o where o.id = sms_messages.order_id) as order_number
      from sms_messages where ${where}
      order by created_at desc, id desc limit ${perPage} offset ${(page - 1) * perPage}`),
    db.execute(sql`select count(*) as n from sms_messages where ${where}`),
  ]);
  const totalEntries = Number((total as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0);
  return {
    messages: (rows as unknown as { rows: MessageRow[] }).rows.map(toMessage),
    meta: {
      per_page: perPage,
      total_entries: totalEntries,
      current_page: page,
      next_page: page * perPage < totalEntries ? page + 1 : null,
    },
  };
}

/**
 * Delivery receipts from `provider`: each names the gateway's message id. A delivered message stays delivered (a
 * late "undelivered" for it changes nothing); a message the gateway never took (failed) gets no receipt. Answers
 * how many messages changed.
 */
export async function recordReceipts(db: DbOrTx, provider: string, receipts: SmsReceipt[], now: Date) {
  let changed = 0;
  for (const r of receipts) {
    const result = (await db.execute(sql`
      update sms_messages
      set status = ${r.status}, error = ${r.status === 'undelivered' ? (r.error ?? 'undelivered') : null},
        updated_at = ${now.toISOString()}::timestamptz
      where provider = ${provider} and provider_message_id = ${r.messageId.slice(0, 100)}
        and status in ('sent', 'undelivered')
        and not (status = 'undelivered' and ${r.status} = 'undelivered')
      returning id`)) as unknown as { rows: unknown[] };
    changed += result.rows.length;
  }
  return changed;
}
