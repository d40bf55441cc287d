/**
 * The shopper's email about an order step (issue 44): the step's sentence (the SMS's), the order's lines and
 * totals, the store's name and logo, in the shopper's language: Arabic right to left, or English. Built from an MJML
 * template (mjml: tables and inline styles mail clients render alike), with a plain-text part.
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

export interface OrderEmailArgs {
  orderId: number;
  n: string;
  locale: Locale;
  sentence: string;
  storeName: string;
  /** The logo's absolute address (PUBLIC_URL/email-logo.png); none: the name alone. */
  logoUrl?: string;
  /** Instead of "Your order #n" (a payment that did not go through: the order has no number yet). */
  subject?: string;
  /** The total to show when the order no longer holds it (back in the cart after its payment failed). */
  totalPiastres?: number;
}

interface Row {
  title: string;
  quantity: number;
  amount: string;
}

const FONT = "'Noto Sans Arabic','Noto Sans',Tahoma,Arial,sans-serif";

/** The MJML of the email; every text in it is escaped. */
function template(
  a: OrderEmailArgs,
  t: (k: Parameters<typeof apiMessage>[0]) => string,
  rows: Row[],
  shipping: string,
  total: string,
) {
  const rtl = a.locale === 'ar';
  const dir = rtl ? 'rtl' : 'ltr';
  const start = rtl ? 'right' : 'left';
  const end = rtl ? 'left' : 'right';
  const cell = 'padding:6px 0;border-bottom:1px solid #e2e8f0';
  const amountCell = (s: string, bold = false) =>
    `<td style="${cell};text-align:${end};white-space:nowrap;${bold ? 'font-weight:bold' : ''}" dir="ltr">${escape(s)}</td>`;
  const lines = rows
    .map(
      (r) =>
        `<tr><td style="${cell};text-align:${start}">${escape(r.title)} × ${r.quantity}</td>${amountCell(r.amount)}</tr>`,
    )
    .join('\n');
  const logo = a.logoUrl
    ? `<mj-image src="${escape(a.logoUrl)}" alt="" width="56px" height="56px" align="${start}" padding="0 0 8px" />`
    : '';
  return `<mjml lang="${a.locale}" dir="${dir}">
  <mj-head>
    <mj-title>${escape(a.subject ?? '')}</mj-title>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text color="#0f172a" align="${start}" css-class="dir-${dir}" />
    </mj-attributes>
    <mj-style>.dir-rtl div { direction: rtl; } .dir-ltr div { direction: ltr; }</mj-style>
  </mj-head>
  <mj-body background-color="#f8fafc" width="560px">
    <mj-wrapper padding="16px" >
      <mj-section background-color="#ffffff" border-radius="12px" padding="20px" direction="${dir}" text-align="${start}">
        <mj-column>
          ${logo}
          <mj-text font-size="20px" font-weight="bold" padding="0 0 12px">${escape(a.storeName)}</mj-text>
          <mj-text font-size="16px" line-height="1.6" padding="0 0 12px">${escape(a.sentence)}</mj-text>
          <mj-text font-size="16px" font-weight="bold" padding="8px 0">${escape(t('email_lines'))}</mj-text>
          <mj-table font-size="14px" padding="0" css-class="dir-${dir}">
            ${lines}
            <tr><td style="padding:6px 0;text-align:${start}">${escape(t('email_shipping'))}</td>${amountCell(shipping)}</tr>
            <tr><td style="padding:6px 0;text-align:${start};font-weight:bold">${escape(t('email_total'))}</td>${amountCell(total, true)}</tr>
          </mj-table>
          <mj-text font-size="12px" color="#64748b" padding="20px 0 0">${escape(t('email_footer'))}</mj-text>
        </mj-column>
      </mj-section>
    </mj-wrapper>
  </mj-body>
</mjml>`;
}

/** The email for `sentence` (an order step, already in the shopper's language) about order `orderId`. */
export async function orderEmail(db: DbOrTx, args: OrderEmailArgs): Promise<OrderEmail> {
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
      current: products.currentPricePiastres,
    })
    .from(orderProducts)
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(eq(orderProducts.orderId, args.orderId))
    .orderBy(asc(orderProducts.id));
  const egp = (piastres: number | null | undefined) =>
    `${formatAmount(toEgp(piastres ?? 0))} ${locale === 'ar' ? 'ج.م' : 'EGP'}`;
  const t = (key: Parameters<typeof apiMessage>[0]) => apiMessage(key, locale, { n });
  const rows: Row[] = lines.map((l) => ({
    title: locale === 'ar' ? l.ar : l.en,
    quantity: l.quantity,
    // A line back in the cart has no price fixed by checkout: today's price.
    amount: egp((l.unit ?? l.current ?? 0) * l.quantity),
  }));
  const subject = `${args.storeName}: ${args.subject ?? t('email_subject')}`;
  const shipping = egp(o?.shipping);
  const total = egp(args.totalPiastres ?? o?.total);
  // Loaded on the first email (about 900 modules: 1 s of every start-up and of every test file that imports the app).
  const { default: mjml2html } = await import('mjml');
  const { html, errors } = await mjml2html(template({ ...args, subject }, t, rows, shipping, total), {
    validationLevel: 'strict',
  });
  if (errors.length) throw new Error(`the order email's template: ${errors[0]!.formattedMessage}`);
  const text = [
    args.storeName,
    '',
    args.sentence,
    '',
    `${t('email_lines')}:`,
    ...rows.map((r) => `- ${r.title} × ${r.quantity}: ${r.amount}`),
    `${t('email_shipping')}: ${shipping}`,
    `${t('email_total')}: ${total}`,
    '',
    t('email_footer'),
  ].join('\n');
  return { subject, html, text };
}
