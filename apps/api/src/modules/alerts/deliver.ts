/**
 * How an alert or a reminder reaches a shopper: by SMS (the app's recorded sender) or email (the app's recorded
 * email sender), in the shopper's language. Sending is at most once, as the staff alerts' (lib/staff-alerts.ts):
 * the job marks its rows before sending, and a provider's refusal is recorded (sms_messages, email_messages) and
 * logged, never retried, so a shopper is never told twice.
 */
import { apiMessage, ALERT_SMS_PRODUCTS, type ApiMessageKey, type Locale } from '@store/contracts';
import type { AppContext } from '../../context.ts';
import { describeError } from '../../lib/logging.ts';

export type AlertContext = Pick<AppContext, 'db' | 'sms' | 'clock' | 'email' | 'publicUrl'> & {
  log: { error(obj: object, msg: string): void };
};

export interface Recipient {
  userId: number;
  phone: string;
  email: string;
  locale: Locale;
}

export interface AlertNews {
  kind: 'shopper_alert' | 'cart_reminder';
  /** The SMS, and the email's sentence. */
  text: string;
  subject: ApiMessageKey;
  /** Where the message sends the shopper (absolute). */
  link: string;
  /** The order it is about (a cart's reminder). */
  orderId?: number;
}

/** The store's name in each language, as its messages write it. */
export const STORE: Record<Locale, string> = { ar: 'إيجيبت إلكترونيكس', en: 'Egypt Electronics' };

export const usableEmail = (e: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e);

/** "A, B, C and 2 more" in the shopper's language. */
export function productList(titles: string[], locale: Locale): string {
  const shown = titles.slice(0, ALERT_SMS_PRODUCTS);
  const sep = locale === 'ar' ? '، ' : ', ';
  const list = shown.join(sep);
  const more = titles.length - shown.length;
  return more > 0 ? apiMessage('alert_and_more', locale, { list, count: String(more) }) : list;
}

/** An address of the storefront in the shopper's language (English adds lang=en). */
export function shopLink(ctx: Pick<AlertContext, 'publicUrl'>, path: string, locale: Locale): string {
  return `${ctx.publicUrl}${path}${locale === 'en' ? '?lang=en' : ''}`;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function emailOf(news: AlertNews, locale: Locale) {
  const subject = `${apiMessage(news.subject, locale)} – ${STORE[locale]}`;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const open = apiMessage('email_alert_open', locale);
  const why = apiMessage('email_alert_stop', locale);
  const html =
    `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>` +
    `<body dir="${dir}" style="font-family:'Noto Sans Arabic','Noto Sans',Tahoma,Arial,sans-serif">` +
    `<h1 style="font-size:18px">${esc(STORE[locale])}</h1><p>${esc(news.text)}</p>` +
    `<p><a href="${esc(news.link)}">${esc(open)}</a></p><p style="color:#64748b;font-size:12px">${esc(why)}</p></body></html>`;
  return { subject, html, text: `${news.text}\n\n${why}\n` };
}

/**
 * Sends the news on the channels given (email only where the store sends email and the shopper has a usable
 * address; if none of them can go, SMS). Returns the channels it went out on; a refusal is logged, not thrown.
 */
export async function deliver(
  ctx: AlertContext,
  to: Recipient,
  channels: readonly ('sms' | 'email')[],
  news: AlertNews,
): Promise<string[]> {
  const canEmail = !!ctx.email && usableEmail(to.email);
  const use = channels.filter((c) => c === 'sms' || canEmail);
  if (use.length === 0 && channels.length > 0) use.push('sms');
  const sent: string[] = [];
  for (const c of use) {
    try {
      if (c === 'sms')
        await ctx.sms.send({ to: to.phone, text: news.text, kind: news.kind, orderId: news.orderId });
      else
        await ctx.email!.send({
          to: to.email,
          ...emailOf(news, to.locale),
          kind: news.kind,
          orderId: news.orderId,
        });
      sent.push(c);
    } catch (err) {
      ctx.log.error(
        { user: to.userId, channel: c, kind: news.kind, error: describeError(err) },
        'alert not sent',
      );
    }
  }
  return sent;
}
