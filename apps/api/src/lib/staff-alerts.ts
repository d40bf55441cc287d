/**
 * Staff alerts (issue 44 item 4): a placed order, a payment needing a refund, an import that finished or failed, a
 * product's stock falling to LOW_STOCK_AT or below. Each is written as a `staff_alerts` row in the transaction of the
 * change (recordStaffAlert), so a rolled-back change alerts nobody. The alerts job (jobs.ts, every minute) claims
 * every unsent row in one statement (`update … set sent_at … for update skip locked … returning`): two instances
 * or two overlapping runs never take the same row, so nothing is sent twice. Each active member who asked for some
 * of the claimed kinds then gets ONE email listing them (a burst of 100 orders is one digest), in their language;
 * an owner with an alert phone gets the digest by SMS too. Sending is at most once: a provider's refusal is
 * recorded (email_messages, sms_messages) and logged, the rows stay sent.
 */
import { apiMessage, formatAmount, toEgp, type Locale, type StaffAlertKind } from '@store/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { staff, staffAlerts } from '../db/schema.ts';
import { describeError } from './logging.ts';

/** The kinds of rows: import_finished is written as import_done or import_failed (one preference for both). */
type AlertRowKind = 'new_order' | 'refund_required' | 'import_done' | 'import_failed' | 'low_stock';

const PREFERENCE_OF: Record<AlertRowKind, StaffAlertKind> = {
  new_order: 'new_order',
  refund_required: 'refund_required',
  import_done: 'import_finished',
  import_failed: 'import_finished',
  low_stock: 'low_stock',
};

export async function recordStaffAlert(
  tx: DbOrTx,
  kind: AlertRowKind,
  payload: Record<string, string | number>,
  now: Date,
): Promise<void> {
  await tx.insert(staffAlerts).values({ kind, payload, createdAt: now });
}

interface AlertRow {
  id: number;
  kind: AlertRowKind;
  payload: Record<string, string | number>;
}

export type AlertContext = Pick<AppContext, 'db' | 'sms' | 'clock'> & {
  email?: AppContext['email'];
  log: { error(obj: object, msg: string): void };
};

function line(a: AlertRow, locale: Locale): string {
  const p = a.payload;
  switch (a.kind) {
    case 'new_order':
      return apiMessage('alert_new_order', locale, {
        n: String(p.n),
        total: formatAmount(toEgp(Number(p.total_piastres))),
      });
    case 'refund_required':
      return apiMessage('alert_refund_required', locale, { n: String(p.n) });
    case 'import_done':
      return apiMessage('alert_import_done', locale, { id: String(p.import_id) });
    case 'import_failed':
      return apiMessage('alert_import_failed', locale, { id: String(p.import_id) });
    case 'low_stock':
      return apiMessage('alert_low_stock', locale, {
        name: String(locale === 'ar' ? p.title_ar : p.title_en),
        stock: String(p.stock),
      });
  }
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const SMS_LINES = 5;

/** Claims every unsent alert and sends each member who asked one digest; returns how many alerts were claimed. */
export async function sendAlertDigests(ctx: AlertContext, limit = 5000): Promise<number> {
  const now = ctx.clock.now();
  const claimed = (await ctx.db.execute(sql`
    update staff_alerts set sent_at = ${now.toISOString()}::timestamptz
    where id in (select id from staff_alerts where sent_at is null order by id limit ${limit} for update skip locked)
      and sent_at is null
    returning id, kind, payload`)) as unknown as { rows: AlertRow[] };
  const alerts = claimed.rows.sort((a, b) => a.id - b.id);
  if (alerts.length === 0) return 0;
  const members = await ctx.db
    .select({
      email: staff.email,
      role: staff.role,
      kinds: staff.alertKinds,
      locale: staff.alertLocale,
      phone: staff.alertPhone,
    })
    .from(staff)
    .where(and(eq(staff.active, true), sql`jsonb_array_length(${staff.alertKinds}) > 0`));
  for (const m of members) {
    const mine = alerts.filter((a) => m.kinds.includes(PREFERENCE_OF[a.kind]));
    if (mine.length === 0) continue;
    const locale: Locale = m.locale === 'en' ? 'en' : 'ar';
    const lines = mine.map((a) => line(a, locale));
    const subject = apiMessage('alert_digest_subject', locale, { count: String(mine.length) });
    const dir = locale === 'ar' ? 'rtl' : 'ltr';
    if (ctx.email) {
      const html =
        `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>` +
        `<body dir="${dir}"><h1>${esc(subject)}</h1><ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul></body></html>`;
      await ctx.email
        .send({
          to: m.email,
          subject,
          html,
          text: `${subject}\n\n${lines.join('\n')}\n`,
          kind: 'staff_alert',
        })
        .catch((err: unknown) => ctx.log.error({ error: describeError(err) }, 'staff alert email failed'));
    }
    if (m.role === 'owner' && m.phone) {
      const shown = lines.slice(0, SMS_LINES);
      const more = lines.length > SMS_LINES ? '\n…' : '';
      await ctx.sms
        .send({ to: m.phone, text: `${subject}\n${shown.join('\n')}${more}`, kind: 'staff_alert' })
        .catch((err: unknown) => ctx.log.error({ error: describeError(err) }, 'staff alert SMS failed'));
    }
  }
  return alerts.length;
}
