/**
 * The sandbox gateway's hosted checkout page: small, bilingual (Arabic and English side by side), no script.
 * It belongs to the "gateway", not the storefront, so its few texts live here.
 */
import { formatMoney } from '@store/contracts';
import { policyString, sha256Source } from '../../lib/security-headers.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}
body{font-family:system-ui,"Segoe UI",Tahoma,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:16px;box-shadow:0 10px 30px #0f172a1a;padding:clamp(16px,5vw,28px);max-width:420px;width:calc(100% - 32px)}
h1{font-size:1.15rem;margin:0 0 4px}.en{direction:ltr;text-align:left;color:#475569;font-size:.9rem;margin:0 0 16px}
.amount{font-size:2rem;font-weight:700;direction:ltr;text-align:center;margin:20px 0;overflow-wrap:anywhere}
.row{display:flex;flex-wrap:wrap;gap:12px}button,a.btn{flex:1;border:0;border-radius:10px;padding:12px;font-size:1rem;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
.ok{background:#047857;color:#fff}.no{background:#fff;color:#b91c1c;border:2px solid #b91c1c}
.note{font-size:.8rem;color:#64748b;margin-top:18px}
`;

const shell = (title: string, body: string) => `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

/**
 * The page's own Content-Security-Policy: its one style block by hash, no script, nothing else loaded; the form
 * posts here and the gateway then sends the browser to the store's public address (PUBLIC_URL), which form-action
 * must allow through the redirects.
 */
export const sandboxPagePolicy = (publicUrl: string) =>
  policyString({
    'default-src': ["'none'"],
    'style-src': [sha256Source(STYLE)],
    'form-action': ["'self'", new URL(publicUrl).origin],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  });

/** When the session ends, as people in Egypt read a time: Cairo's clock, in Arabic and in English. */
function endsAt(at: Date) {
  const opts: Intl.DateTimeFormatOptions = {
    timeZone: 'Africa/Cairo',
    hour: 'numeric',
    minute: '2-digit',
    day: 'numeric',
    month: 'long',
  };
  return {
    ar: new Intl.DateTimeFormat('ar-EG-u-nu-latn', opts).format(at),
    en: new Intl.DateTimeFormat('en-US', opts).format(at),
  };
}

/**
 * The gateway's page for one payment session. It names the order by the number the shopper reads (on the thank-you
 * page, in my orders, in the SMS: orders.order_number), never by the internal id. An online order gets its number
 * once paid, so while its payment is open it has none yet, and the page says "your order", as the storefront does.
 */
export function checkoutPage(input: {
  key: string;
  orderNumber: number | null;
  amountPiastres: number;
  expiresAt: Date;
}) {
  const amount = formatMoney(input.amountPiastres / 100);
  const ends = endsAt(input.expiresAt);
  const n = input.orderNumber;
  return shell(
    'Sandbox checkout',
    `<h1>دفع تجريبي — ${n === null ? 'طلبك' : `طلب رقم ${n}`}</h1>
<p class="en">Sandbox payment — ${n === null ? 'your order' : `order #${n}`}</p>
<div class="amount" data-testid="sandbox-amount">${esc(amount)}</div>
<form method="post" action="/v1/payments/sandbox/checkout">
<input type="hidden" name="key" value="${esc(input.key)}">
<div class="row">
<button class="ok" type="submit" name="decision" value="approve">ادفع · Approve</button>
<button class="no" type="submit" name="decision" value="decline">ارفض · Decline</button>
</div></form>
<p class="note" data-testid="sandbox-ends">مفيش فلوس حقيقية هنا: دي بوابة دفع تجريبية. الجلسة تنتهي <bdi>${esc(ends.ar)}</bdi><br>
<span dir="ltr">No real money moves: this is a sandbox gateway. The session ends at ${esc(ends.en)}.</span></p>`,
  );
}

export function closedPage(backUrl: string) {
  return shell(
    'Payment session closed',
    `<h1>جلسة الدفع دي خلصت</h1>
<p class="en">This payment session has ended.</p>
<div class="row"><a class="btn no" href="${esc(backUrl)}">رجوع · Back</a></div>`,
  );
}
