/**
 * The shopper's message at every order step (issue 44 item 2), sent by the outbox (events.ts) in the shopper's
 * language: placed (number, total, payment method, expected delivery days), payment received, payment failed or
 * expired, confirmed, handed to delivery, delivered, cancelled, refunded. Each step goes out on the channels the
 * owner chose in the back office (messages module, message_step_channels): SMS, WhatsApp (a template of the
 * WhatsApp Business Cloud API) and email, each behind the same `StepChannel`.
 *
 * A channel that refuses (the SMS gateway, WhatsApp) throws, and the outbox tries the event again later; the
 * channels that went out are kept on the event (domain_events.sent_channels), so a retry sends only where the step
 * has not gone out yet. Email stays best effort (a failure is logged and recorded in email_messages, never retried:
 * decision 026).
 */
import {
  apiMessage,
  formatAmount,
  MESSAGE_CHANNELS,
  ORDER_MESSAGE_STEPS,
  toEgp,
  type Locale,
  type MessageChannel,
  type OrderMessageStep,
  type OrderStatus,
  type StepChannels,
} from '@store/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { SmsSender } from '../../adapters/sms/index.ts';
import type { WhatsAppSender } from '../../adapters/whatsapp/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orders, payments, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { stepChannels, type RecordedEmailSender } from '../messages/index.ts';
import { orderEmail } from './emails.ts';
import { invoicePdf } from './invoice-documents.ts';
import { DEFAULT_INVOICING, type InvoicingSettings } from '../invoices/index.ts';

const SHOP_TIME_ZONE = 'Africa/Cairo';
const DAY_MS = 86_400_000;

/** The store's name in each language, as its emails and WhatsApp templates write it. */
export const STORE_NAME: Record<Locale, string> = { ar: 'إيجيبت إلكترونيكس', en: 'Egypt Electronics' };

export interface StepContext {
  db: DbOrTx;
  clock: Clock;
  sms: SmsSender;
  /** Email to shoppers with an address (the app's recorded sender); absent or null: none. */
  email?: RecordedEmailSender | null;
  /** WHATSAPP_PROVIDER=cloud; absent or null: none. */
  whatsapp?: WhatsAppSender | null;
  /** Where the email's logo is (PUBLIC_URL). */
  publicUrl?: string;
  /** The invoice's seller and e-receipts (issue 47): an order's email attaches its invoice once it has one. */
  invoicing?: InvoicingSettings;
  log: { error(obj: object, msg: string): void };
}

/** The step an outbox event stands for, or null when the shopper hears nothing of it. */
export function stepOfEvent(type: string, payload: Record<string, unknown>): OrderMessageStep | null {
  if (type === 'refund.made') return Number(payload.amount_piastres) > 0 ? 'refunded' : null;
  if (type.startsWith('return.')) {
    const step = `return_${type.slice('return.'.length)}`;
    return (ORDER_MESSAGE_STEPS as readonly string[]).includes(step) ? (step as OrderMessageStep) : null;
  }
  if (type !== 'order.status_changed') return null;
  const from = payload.from as string;
  const to = payload.to as OrderStatus | 'cart' | 'abandoned';
  if (to === 'pending') return from === 'awaiting_payment' ? 'payment_received' : 'placed';
  // An online payment that failed (the gateway said so) or whose time ran out (the server found it).
  if (from === 'awaiting_payment' && (to === 'cart' || to === 'abandoned')) return 'payment_failed';
  if (to === 'confirmed' || to === 'delivering' || to === 'delivered' || to === 'canceled') return to;
  return null;
}

/** What one step says to one shopper: the sentence (SMS, email) and the WhatsApp template's parameters. */
export interface StepNews {
  step: OrderMessageStep;
  orderId: number;
  /** The order's number as the shopper reads it. */
  n: string;
  locale: Locale;
  phone: string;
  email: string | null;
  text: string;
  /** The template's body parameters, {{1}}, {{2}}… in order (README: WhatsApp templates). */
  params: string[];
  /** The email's subject when it is not "Your order #n" (a payment that did not go through has no number). */
  subject?: string;
  /** The amount the email's total line shows when the order no longer holds it (a payment gone back to the cart). */
  totalPiastres?: number;
}

const egp = (piastres: number) => formatAmount(toEgp(piastres));

/** "Tue 3 Jun to Thu 5 Jun" from the day the order was placed and its zone's delivery days (none for old orders). */
function deliveryDays(placedAt: Date | null, snapshot: unknown, locale: Locale): string | null {
  const days = (snapshot as { delivery_zone?: { delivery_days?: { min: number; max: number } } } | null)
    ?.delivery_zone?.delivery_days;
  if (!placedAt || !days) return null;
  const f = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-EG-u-nu-latn' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: SHOP_TIME_ZONE,
  });
  // "Tue 1 Dec", "الثلاثاء 1 ديسمبر": the parts with spaces between (Arabic's weekday comes with a comma).
  const day = (n: number) =>
    f
      .formatToParts(new Date(placedAt.getTime() + n * DAY_MS))
      .filter((p) => p.type !== 'literal')
      .map((p) => p.value)
      .join(' ');
  const from = day(days.min);
  const to = day(days.max);
  return from === to ? from : apiMessage('sms_delivery_days', locale, { from, to });
}

/** The step's news for the order's shopper, or null when there is no one to tell. */
export async function stepNews(
  db: DbOrTx,
  step: OrderMessageStep,
  orderId: number,
  payload: Record<string, unknown>,
): Promise<StepNews | null> {
  const [o] = await db
    .select({
      phone: users.phoneNumber,
      email: users.email,
      locale: users.locale,
      number: orders.orderNumber,
      total: orders.checkoutTotalPricePiastres,
      refunded: orders.refundedPiastres,
      method: orders.paymentMethod,
      placedAt: orders.checkoutDate,
      snapshot: orders.addressSnapshot,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!o) return null;
  const locale: Locale = o.locale === 'en' ? 'en' : 'ar';
  const n = String(o.number ?? orderId);
  const base = {
    step,
    orderId,
    n,
    locale,
    phone: o.phone,
    email: o.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(o.email) ? o.email : null,
  };
  const say = (key: Parameters<typeof apiMessage>[0], params: Record<string, string>) =>
    apiMessage(key, locale, params);
  const dates = deliveryDays(o.placedAt, o.snapshot, locale);
  const expected = dates ? ` ${say('sms_delivery_expected', { dates })}` : '';
  const total = egp(o.total);
  switch (step) {
    case 'placed': {
      const method = o.method ? say(`pay_method_${o.method}` as Parameters<typeof apiMessage>[0], {}) : '';
      return {
        ...base,
        text: say('sms_order_placed', { n, total, method }) + expected,
        params: [n, total, method, dates ?? '-'],
      };
    }
    case 'payment_received':
      return {
        ...base,
        text: say('sms_order_paid', { n, total }) + expected,
        params: [n, total, dates ?? '-'],
      };
    case 'payment_failed': {
      // Back in the cart the order holds no total: the amount is the payment's.
      const [p] = await db
        .select({ amount: payments.amountPiastres })
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(desc(payments.id))
        .limit(1);
      const piastres = p?.amount ?? o.total;
      const amount = egp(piastres);
      const expired = payload.actor === 'system';
      return {
        ...base,
        text: say(expired ? 'sms_payment_expired' : 'sms_payment_failed', { amount }),
        params: [amount],
        subject: say('email_subject_payment', {}),
        totalPiastres: piastres,
      };
    }
    case 'refunded': {
      const amount = Number(payload.amount_piastres);
      const paid = payload.paid_piastres;
      // As it was after this refund (an event written before refunds said so: as the order stands now).
      const left = egp(typeof paid === 'number' ? paid : o.total - o.refunded);
      return {
        ...base,
        text: say('sms_order_refunded', { n, amount: egp(amount), paid: left }),
        params: [n, egp(amount), left],
      };
    }
    case 'return_requested':
    case 'return_approved':
    case 'return_received':
      return { ...base, text: say(`sms_${step}`, { n }), params: [n] };
    case 'return_refused': {
      const note = typeof payload.note === 'string' && payload.note ? payload.note : '-';
      return { ...base, text: say('sms_return_refused', { n, note }), params: [n, note] };
    }
    default:
      return { ...base, text: say(`sms_order_${step}`, { n }), params: [n] };
  }
}

/** One way a step reaches the shopper. `send` answers false when it had no one to send to (nothing recorded). */
interface StepChannel {
  name: MessageChannel;
  send(news: StepNews): Promise<boolean>;
}

function channelsOf(ctx: StepContext): Record<MessageChannel, StepChannel | null> {
  return {
    sms: {
      name: 'sms',
      async send(m) {
        await ctx.sms.send({ to: m.phone, text: m.text, kind: 'order', orderId: m.orderId });
        return true;
      },
    },
    whatsapp: ctx.whatsapp
      ? {
          name: 'whatsapp',
          async send(m) {
            await ctx.whatsapp!.send({ to: m.phone, step: m.step, locale: m.locale, params: m.params });
            return true;
          },
        }
      : null,
    email: ctx.email
      ? {
          name: 'email',
          async send(m) {
            if (!m.email) return false;
            // Never thrown on (decision 026): a failure is logged and recorded as failed in email_messages.
            try {
              const mail = await orderEmail(ctx.db, {
                orderId: m.orderId,
                n: m.n,
                locale: m.locale,
                sentence: m.text,
                storeName: STORE_NAME[m.locale],
                logoUrl: ctx.publicUrl ? `${ctx.publicUrl}/email-logo.png` : undefined,
                subject: m.subject,
                totalPiastres: m.totalPiastres,
              });
              const invoice = await attachedInvoice(ctx, m.orderId, m.locale);
              await ctx.email!.send({
                to: m.email,
                ...mail,
                kind: 'order',
                orderId: m.orderId,
                ...(invoice ? { attachments: [invoice] } : {}),
              });
            } catch (err) {
              ctx.log.error(
                { order: m.orderId, error: err instanceof Error ? err.message : String(err) },
                'order email failed',
              );
            }
            return true;
          },
        }
      : null,
  };
}

/**
 * Sends an event's step on each channel the owner chose that it has not gone out on yet, marking each one done as
 * it goes. Every channel is tried; the first refusal is thrown after the others, so the outbox retries the rest.
 * An online order placed by its payment has two steps at once: each channel sends the payment-received message
 * where that step is on, else the placed one where that is on, never both.
 */
export async function sendStep(
  ctx: StepContext,
  event: { id: number; sentChannels: string[]; payload: Record<string, unknown> },
  step: OrderMessageStep,
  orderId: number,
): Promise<void> {
  const choice = await stepChannels(ctx.db, step);
  let placedChoice: StepChannels | null = null;
  if (step === 'payment_received') placedChoice = await stepChannels(ctx.db, 'placed');
  const news = new Map<OrderMessageStep, StepNews | null>();
  const newsOf = async (s: OrderMessageStep) => {
    if (!news.has(s)) news.set(s, await stepNews(ctx.db, s, orderId, event.payload));
    return news.get(s)!;
  };
  const channels = channelsOf(ctx);
  let failure: unknown = null;
  for (const name of MESSAGE_CHANNELS) {
    const channel = channels[name];
    if (!channel || event.sentChannels.includes(name)) continue;
    const s = choice[name] ? step : placedChoice?.[name] ? 'placed' : null;
    if (!s) continue;
    const m = await newsOf(s);
    if (!m) return;
    try {
      if (!(await channel.send(m))) continue;
      await ctx.db.execute(
        sql`update domain_events set sent_channels = sent_channels || ${JSON.stringify([name])}::jsonb
          where id = ${event.id}`,
      );
      event.sentChannels.push(name);
    } catch (err) {
      failure ??= err;
    }
  }
  if (failure) throw failure;
}

/**
 * The order's invoice as an email attachment, in the shopper's language, once the order has one (issue 47). Best
 * effort: without an invoice, or if its PDF cannot be made (logged), the email goes without it.
 */
async function attachedInvoice(ctx: StepContext, orderId: number, locale: Locale) {
  try {
    const [o] = await ctx.db
      .select({ number: orders.invoiceNumber })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!o?.number) return null;
    const doc = await invoicePdf(ctx.db, orderId, {
      locale,
      invoicing: ctx.invoicing ?? { seller: DEFAULT_INVOICING.seller, eta: null },
      publicUrl: ctx.publicUrl ?? '',
    });
    return { filename: doc.filename, content: doc.pdf, contentType: 'application/pdf' };
  } catch (err) {
    ctx.log.error(
      { order: orderId, error: err instanceof Error ? err.message : String(err) },
      'the invoice could not be attached',
    );
    return null;
  }
}
