/**
 * The shopper's email about an order step (issue 44): the same sentence as the SMS, with the order's lines and
 * totals, in the shopper's language: Arabic right to left, or English. HTML with a plain-text part.
 */
import { apiMessage, formatAmount, toEgp, type Locale } from '@store/contracts';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderProducts, orders, products } from '../../db/schema.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface OrderEmail {
  subject: string;
  html: string;
  text: string;
}

/** The email for `sentence` (an order step, already in the shopper's language) about order `orderId`. */
export async function orderEmail(
  db: DbOrTx,
  args: { orderId: number; n: string; locale: Locale; sentence: string; storeName: string },
): Promise<OrderEmail> {
  const { locale, n } = args;
  const [o] = await db
    .select({
      total: orders.checkoutTotalPricePiastres,
      shipping: orders.shippingFeesPiastres,
    })
    .from(orders)
    .where(eq(orders.id, args.orderId));
  const lines = await db
    .select({
      en: products.titleEn,
      ar: products.titleAr,
      quantity: orderProducts.quantity,
      unit: orderProducts.checkoutPricePiastres,
    })
    .from(orderProducts)
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(eq(orderProducts.orderId, args.orderId))
    .orderBy(asc(orderProducts.id));
  const egp = (piastres: number | null | undefined) =>
    `${formatAmount(toEgp(piastres ?? 0))} ${locale === 'ar' ? 'ج.م' : 'EGP'}`;
  const t = (key: Parameters<typeof apiMessage>[0]) => apiMessage(key, locale, { n });
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const align = locale === 'ar' ? 'right' : 'left';
  const rows = lines.map((l) => ({
    title: locale === 'ar' ? l.ar : l.en,
    quantity: l.quantity,
    amount: egp((l.unit ?? 0) * l.quantity),
  }));
  const subject = `${args.storeName}: ${t('email_subject')}`;
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:16px;background:#f8fafc;font-family:'Noto Sans Arabic','Noto Sans',Tahoma,Arial,sans-serif;color:#0f172a;direction:${dir};text-align:${align}">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:20px">
<h1 style="font-size:20px;margin:0 0 12px">${escape(args.storeName)}</h1>
<p style="font-size:16px;line-height:1.6">${escape(args.sentence)}</p>
<h2 style="font-size:16px;margin:20px 0 8px">${escape(t('email_lines'))}</h2>
<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px">
${rows.map((r) => `<tr><td style="padding:6px 0;border-bottom:1px solid #e2e8f0">${escape(r.title)} × ${r.quantity}</td><td style="padding:6px 0;border-bottom:1px solid #e2e8f0;text-align:${locale === 'ar' ? 'left' : 'right'};white-space:nowrap" dir="ltr">${escape(r.amount)}</td></tr>`).join('\n')}
<tr><td style="padding:6px 0">${escape(t('email_shipping'))}</td><td style="padding:6px 0;text-align:${locale === 'ar' ? 'left' : 'right'}" dir="ltr">${escape(egp(o?.shipping))}</td></tr>
<tr><td style="padding:6px 0;font-weight:bold">${escape(t('email_total'))}</td><td style="padding:6px 0;font-weight:bold;text-align:${locale === 'ar' ? 'left' : 'right'}" dir="ltr">${escape(egp(o?.total))}</td></tr>
</table>
<p style="font-size:12px;color:#64748b;margin-top:20px">${escape(t('email_footer'))}</p>
</div>
</body>
</html>`;
  const text = [
    args.storeName,
    '',
    args.sentence,
    '',
    `${t('email_lines')}:`,
    ...rows.map((r) => `- ${r.title} × ${r.quantity}: ${r.amount}`),
    `${t('email_shipping')}: ${egp(o?.shipping)}`,
    `${t('email_total')}: ${egp(o?.total)}`,
    '',
    t('email_footer'),
  ].join('\n');
  return { subject, html, text };
}
