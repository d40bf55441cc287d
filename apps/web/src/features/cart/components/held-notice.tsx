import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { cartPageTexts } from '../../../i18n/cart-page';
import { price } from '../../../lib/format';
import { buttonClass } from '../../../ui/button';
import { useServerCart } from '../server-cart';

/** "mm:ss" of a number of seconds. */
const mmss = (s: number) =>
  `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(Math.max(0, s) % 60).padStart(2, '0')}`;

/**
 * Items held by an online payment under way (issue 16, item 3): the cart says so, with the time left and the way
 * back to the payment page, instead of looking empty. When the time is up the cart is read again: the items are
 * back.
 */
export function HeldNotice() {
  const { t } = useNamespace('cart-page', cartPageTexts);
  const qc = useQueryClient();
  const { data: cart, dataUpdatedAt } = useServerCart();
  const held = cart?.held ?? null;
  // Counted from the server's seconds when the cart was read, not from this device's clock.
  const endsAt = held ? dataUpdatedAt + held.time_remaining_seconds * 1000 : null;
  const [left, setLeft] = useState(() => (endsAt ? Math.ceil((endsAt - Date.now()) / 1000) : 0));
  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const s = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) void qc.invalidateQueries({ queryKey: ['server-cart'] });
    };
    tick();
    const id = setInterval(tick, 500);
    return () => clearInterval(id);
  }, [endsAt, qc]);
  if (!held || left <= 0) return null;
  return (
    <section
      role="status"
      className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-slate-900"
      data-testid="held-notice"
    >
      <p className="font-semibold">{t('held.title', { n: held.count, total: price(held.total) })}</p>
      <p className="mt-1 text-sm text-slate-700">
        {t('held.text')}{' '}
        <span className="font-bold tabular-nums" data-testid="held-time">
          {mmss(left)}
        </span>
      </p>
      {held.payment_url && (
        <a href={held.payment_url} className={buttonClass('primary', 'md', 'mt-3')} data-testid="held-pay">
          {t('held.pay')}
        </a>
      )}
    </section>
  );
}
