/**
 * The outbox's consumer (CONVENTIONS 15, issue 13): `domain_events` rows are written by modules/orders/core.ts in
 * the transaction of the change; this drains them after the commit, from any number of instances.
 *
 * A batch is claimed in one statement (`for update skip locked`): its rows get a lease (available_at two minutes
 * ahead) and one more attempt, so two instances never take the same row, and a row whose instance died is taken
 * again when its lease runs out. Each event is then handled outside any transaction (an SMS gateway call must not
 * hold the database) and marked processed; a failure sets it back with a growing delay, and after MAX_ATTEMPTS it
 * is kept as failed (processed, with its last error) for someone to look at. One order's events are handled in
 * the order they were written (a shopper reads "on its way" after "confirmed"). Handling is at least once: a crash
 * between the SMS and the mark would send it again, which is the better failure for a shopper than none.
 */
import {
  apiMessage,
  formatAmount,
  SMS_ON_STATUS,
  toEgp,
  type Locale,
  type OrderStatus,
} from '@store/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { domainEvents, orders, users } from '../../db/schema.ts';
import { describeError } from '../../lib/logging.ts';
import { createShipmentForOrder } from '../shipments/index.ts';
import { orderEmail } from './emails.ts';
import { markHandedOn } from './core.ts';

const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 8;
const BATCH = 20;

interface EventRow {
  id: number;
  type: string;
  order_id: number | null;
  payload: Record<string, unknown>;
  attempts: number;
}

export type EventContext = Pick<AppContext, 'db' | 'sms' | 'clock'> &
  /** The courier COURIER names (absent: no delivery is asked for). */
  Partial<Pick<AppContext, 'courier'>> & {
  /** Email beside the SMS (the app's recorded sender); absent or null: none. */
  email?: AppContext['email'];
  log: { error(obj: object, msg: string): void };
};

const SMS_KEYS: Partial<Record<OrderStatus, Parameters<typeof apiMessage>[0]>> = {
  confirmed: 'sms_order_confirmed',
  delivering: 'sms_order_delivering',
  delivered: 'sms_order_delivered',
  canceled: 'sms_order_canceled',
};

/** The shopper of an order with their language, and the order's number as they read it (issue 43). */
async function shopperOf(ctx: EventContext, orderId: number) {
  const [row] = await ctx.db
    .select({
      phone: users.phoneNumber,
      locale: users.locale,
      number: orders.orderNumber,
      total: orders.checkoutTotalPricePiastres,
      refunded: orders.refundedPiastres,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const locale: Locale = row.locale === 'en' ? 'en' : 'ar';
  return {
    phone: row.phone,
    locale,
    n: String(row.number ?? orderId),
    paidNow: row.total - row.refunded,
    total: row.total,
  };
}

/**
 * The same news by email, to a shopper with an address (issue 44). Best effort beside the SMS: the SMS is what the
 * event stands for, so an email the provider refuses is recorded as failed (email_messages) and not retried with it.
 */
async function emailShopper(ctx: EventContext, orderId: number, sentence: string) {
  // Never thrown on: a failure here must not make the outbox retry the event and send its SMS a second time.
  await emailShopperOnce(ctx, orderId, sentence).catch((err: unknown) => {
    ctx.log.error(
      { order: orderId, error: err instanceof Error ? err.message : String(err) },
      'order email failed',
    );
  });
}

async function emailShopperOnce(ctx: EventContext, orderId: number, sentence: string) {
  if (!ctx.email) return;
  const [u] = await ctx.db
    .select({ email: users.email, locale: users.locale, number: orders.orderNumber })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!u?.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(u.email)) return;
  const locale: Locale = u.locale === 'en' ? 'en' : 'ar';
  const mail = await orderEmail(ctx.db, {
    orderId,
    n: String(u.number ?? orderId),
    locale,
    sentence,
    storeName: locale === 'ar' ? 'إيجيبت إلكترونيكس' : 'Egypt Electronics',
  });
  await ctx.email.send({ to: u.email, ...mail, kind: 'order', orderId }).catch((err: unknown) => {
    ctx.log.error(
      { order: orderId, error: err instanceof Error ? err.message : String(err) },
      'order email failed',
    );
  });
}

async function handle(ctx: EventContext, e: EventRow) {
  const orderId = Number(e.payload.order_id);
  // Moved to processing: the courier is asked for the delivery (modules/shipments, issue 48), before any message; a
  // refusal fails the event, which is tried again and shows in the back office's failed sends.
  if (e.type === 'order.status_changed' && e.payload.to === 'processing' && ctx.courier)
    await createShipmentForOrder({ db: ctx.db, clock: ctx.clock, courier: ctx.courier }, orderId);
  if (e.type === 'refund.made') {
    // A refund (in full or in part): the shopper reads how much came back and what they paid in the end.
    const amount = Number(e.payload.amount_piastres);
    if (!(amount > 0)) return;
    const who = await shopperOf(ctx, orderId);
    if (!who) return;
    const paid = e.payload.paid_piastres;
    const text = apiMessage('sms_order_refunded', who.locale, {
      n: who.n,
      amount: formatAmount(toEgp(amount)),
      // As it was after this refund (an event written before refunds said so: as the order stands now).
      paid: formatAmount(toEgp(typeof paid === 'number' ? paid : who.paidNow)),
    });
    await ctx.sms.send({ to: who.phone, text, kind: 'order', orderId });
    await emailShopper(ctx, orderId, text);
    return;
  }
  if (e.type !== 'order.status_changed') return;
  const to = e.payload.to as OrderStatus;
  if (to === 'pending') {
    // A placed order is handed on (to the warehouse / ERP): the sap_sync flag of spec §3 says so.
    await markHandedOn(ctx.db, orderId, ctx.clock.now());
    // The shopper with an email gets the order as placed: its number, lines and total.
    const who = await shopperOf(ctx, orderId);
    if (who)
      await emailShopper(
        ctx,
        orderId,
        apiMessage('email_order_placed', who.locale, { n: who.n, total: formatAmount(toEgp(who.total)) }),
      );
    return;
  }
  const key = SMS_KEYS[to];
  if (!key || !SMS_ON_STATUS.includes(to)) return;
  const who = await shopperOf(ctx, orderId);
  if (!who) return;
  const text = apiMessage(key, who.locale, { n: who.n });
  await ctx.sms.send({ to: who.phone, text, kind: 'order', orderId });
  await emailShopper(ctx, orderId, text);
}

/** Claims and handles what is due; returns how many events this call handled (processed or failed for good). */
export async function drainEvents(ctx: EventContext, limit = BATCH): Promise<number> {
  const now = ctx.clock.now();
  const lease = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
  const claimed = (await ctx.db.execute(sql`
    update domain_events set available_at = ${lease}::timestamptz, attempts = attempts + 1
    where id in (
      select id from domain_events d
      where processed_at is null and available_at <= ${now.toISOString()}::timestamptz
        -- One order's events in the order they happened: not before the earlier ones are done.
        and not exists (select 1 from domain_events e
          where e.order_id = d.order_id and e.processed_at is null and e.id < d.id)
      order by available_at, id limit ${limit}
      for update skip locked)
    returning id, type, order_id, payload, attempts`)) as unknown as { rows: EventRow[] };
  let done = 0;
  for (const e of claimed.rows.sort((a, b) => a.id - b.id)) {
    try {
      await handle(ctx, e);
      await ctx.db
        .update(domainEvents)
        .set({ processedAt: ctx.clock.now(), lastError: null })
        .where(eq(domainEvents.id, e.id));
      done++;
    } catch (err) {
      // Kept in the table and logged: never Drizzle's message (the query and its parameters) nor a full phone.
      const message = describeError(err);
      const dead = e.attempts >= MAX_ATTEMPTS;
      // 30 s, 1 min, 2 min ... up to an hour between tries.
      const delayMs = Math.min(3_600_000, 30_000 * 2 ** (e.attempts - 1));
      await ctx.db
        .update(domainEvents)
        .set({
          lastError: message,
          availableAt: new Date(ctx.clock.now().getTime() + delayMs),
          processedAt: dead ? ctx.clock.now() : null,
        })
        .where(eq(domainEvents.id, e.id));
      ctx.log.error({ event: e.id, type: e.type, attempts: e.attempts, error: message }, 'event failed');
      if (dead) done++;
    }
  }
  return done;
}
