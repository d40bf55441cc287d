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
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { domainEvents } from '../../db/schema.ts';
import type { PaymentProvider } from '../../adapters/payments/provider.ts';
import { questionHook } from '../../lib/hooks.ts';
import { describeError } from '../../lib/logging.ts';
import { createShipmentForOrder } from '../shipments/index.ts';
import { issueReturnReceipt, issueSaleReceiptOnOrderConfirmed } from '../einvoicing/index.ts';
import { markHandedOn } from './core.ts';
import type { DomainEvent } from './domain-events.ts';
import { sendStep, stepOfEvent, type StepContext } from './step-messages.ts';

const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 8;
const BATCH = 20;

interface EventRow {
  id: number;
  type: string;
  order_id: number | null;
  payload: Record<string, unknown>;
  attempts: number;
  /** The channels its step's message already went out on (a retry skips them). */
  sent_channels: string[] | null;
}

export type EventContext = Pick<AppContext, 'db' | 'sms' | 'clock'> &
  /** The courier COURIER names (absent: no delivery is asked for). */
  Partial<Pick<AppContext, 'courier'>> &
  /** The payment gateway money goes back through (absent: a `payment.reversal_due` fails and is retried). */
  Partial<Pick<AppContext, 'payments'>> &
  /** The ETA's e-receipts (invoicing.eta; absent or null: ETA_RECEIPTS off). */
  Partial<Pick<AppContext, 'invoicing'>> & {
    /** Email beside the SMS (the app's recorded sender); absent or null: none. */
    email?: AppContext['email'];
    log: { error(obj: object, msg: string): void };
  } & Pick<StepContext, 'whatsapp' | 'publicUrl'>;

/**
 * The outbox asks the payments module (above this one) to give a payment's money back through its gateway:
 * payments/reversal.ts answers, voiding or refunding it, and throws when the gateway refuses (the event is retried).
 */
export const paymentReversal = questionHook<
  { paymentId: number; provider: PaymentProvider; now: Date; log: EventContext['log'] },
  'voided' | 'refunded' | 'by_hand' | 'nothing_due'
>();

/**
 * An approved return's pickup is booked with the courier (modules/returns answers), before the shopper's message: a
 * courier's refusal throws, and the event is tried again.
 */
export const returnPickupDue = questionHook<
  { returnId: number; courier: NonNullable<EventContext['courier']>; now: Date },
  'booked' | 'nothing_to_do'
>();

async function handle(ctx: EventContext, e: EventRow) {
  // The row as core.ts `emit` wrote it: one of the outbox's events (domain-events.ts).
  const event = { type: e.type, payload: e.payload } as DomainEvent;
  const orderId = Number(event.payload.order_id);
  // A payment's money back through its gateway (a cancel, a late payment whose order is gone): a void the same
  // business day, else a refund; a refusal fails the event, with the gateway's words kept on the payment.
  if (event.type === 'payment.reversal_due') {
    if (!ctx.payments) throw new Error('no payment gateway to give the money back through');
    const done = await paymentReversal.ask(ctx.db, {
      paymentId: event.payload.payment_id,
      provider: ctx.payments,
      now: ctx.clock.now(),
      log: ctx.log,
    });
    if (!done) throw new Error('no payments module answers a payment reversal');
    return;
  }
  // Moved to processing: the courier is asked for the delivery (modules/shipments, issue 48), before any message; a
  // refusal fails the event, which is tried again and shows in the back office's failed sends.
  if (event.type === 'order.status_changed' && event.payload.to === 'processing' && ctx.courier)
    await createShipmentForOrder({ db: ctx.db, clock: ctx.clock, courier: ctx.courier }, orderId);
  // An approved return: the courier is asked to pick the items up (modules/returns), before the message.
  if (event.type === 'return.approved' && ctx.courier)
    await returnPickupDue.ask(ctx.db, {
      returnId: event.payload.return_id,
      courier: ctx.courier,
      now: ctx.clock.now(),
    });
  // Egypt's e-receipts (issue 47, ETA_RECEIPTS=on): a confirmed order's sale, a credit note's return. An ETA that
  // cannot be reached throws: the event is tried again, and the receipt (already stored) is sent as it was.
  const eta = ctx.invoicing?.eta ?? null;
  if (eta && event.type === 'order.status_changed' && event.payload.to === 'confirmed')
    await issueSaleReceiptOnOrderConfirmed({ db: ctx.db, clock: ctx.clock, eta, log: ctx.log }, orderId);
  if (eta && event.type === 'credit_note.issued') {
    await issueReturnReceipt(
      { db: ctx.db, clock: ctx.clock, eta, log: ctx.log },
      {
        orderId,
        number: event.payload.number,
        lines: event.payload.lines.map((l) => ({
          productId: l.product_id,
          quantity: l.quantity,
          grossPiastres: l.gross_piastres,
          vatPiastres: l.vat_piastres,
        })),
        shippingPiastres: event.payload.shipping_piastres,
        shippingVatPiastres: event.payload.shipping_vat_piastres,
      },
    );
    return;
  }
  // A placed order is handed on (to the warehouse / ERP): the sap_sync flag of spec §3 says so.
  if (event.type === 'order.status_changed' && event.payload.to === 'pending')
    await markHandedOn(ctx.db, orderId, ctx.clock.now());
  // The shopper hears of the step on the channels the owner chose (step-messages.ts, issue 44).
  const step = stepOfEvent(e.type, e.payload);
  if (step)
    await sendStep(ctx, { id: e.id, sentChannels: e.sent_channels ?? [], payload: e.payload }, step, orderId);
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
    returning id, type, order_id, payload, attempts, sent_channels`)) as unknown as { rows: EventRow[] };
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
