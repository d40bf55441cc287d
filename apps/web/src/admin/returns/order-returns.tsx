import type { Locale } from '@store/contracts/constants';
import type { AdminReturn } from '@store/contracts/returns';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReturnPickupLine, ReturnPickupNews } from '../../ui/return-pickup';
import { Card } from '../components/card';
import { dateTime, money } from '../lib/format';
import { addReturnTexts, orderReturnsQueryOptions, RETURN_TONE } from './api';

addReturnTexts();

/** The courier's news of a return's pickup (Bosta's webhook): picked up at the shopper's, back at the shop. */
export function PickupNews({ r, locale }: { r: AdminReturn; locale: Locale }) {
  const { t } = useTranslation('admin-returns');
  if (!r.pickup) return null;
  return (
    <ReturnPickupNews
      pickup={r.pickup}
      pickedUp={(at) => t('pickedUp', { date: dateTime(at, locale) })}
      backAtShop={(at) => (
        <>
          {t('backAtShop', { date: dateTime(at, locale) })}
          {r.status === 'approved' && <span className="block font-normal">{t('backAtShopNext')}</span>}
        </>
      )}
      testId="admin-return-pickup-news"
      className="mt-1 flex flex-col gap-0.5 text-sm"
      backClassName="font-semibold text-sky-900"
    />
  );
}

/** A return's photos, each opening whole in a new tab. */
export function ReturnPhotos({
  photos,
  size,
  testId,
}: {
  photos: string[];
  size: 'size-16' | 'size-20';
  testId?: string;
}) {
  const { t } = useTranslation('admin-returns');
  if (!photos.length) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2" data-testid={testId}>
      {photos.map((src, i) => (
        <a key={src} href={src} target="_blank" rel="noreferrer" aria-label={t('photo', { n: i + 1 })}>
          <img
            src={src}
            alt={t('photo', { n: i + 1 })}
            className={`${size} rounded-lg border border-slate-200 object-cover`}
            loading="lazy"
          />
        </a>
      ))}
    </div>
  );
}

function OrderReturn({ r, locale }: { r: AdminReturn; locale: Locale }) {
  const { t } = useTranslation('admin-returns');
  return (
    <li className="min-w-0 py-3 first:pt-0 last:pb-0" data-testid="order-return" data-return-id={r.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link
          to={`/returns?order=${r.order_id}#return-${r.id}`}
          className="font-bold text-brand-700 underline"
          data-testid="order-return-link"
        >
          {t('return', { id: r.id })}
        </Link>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${RETURN_TONE[r.status]}`}
          data-testid="order-return-status"
          data-status={r.status}
        >
          {t(`status.${r.status}`)}
        </span>
        <span className="text-sm text-slate-600">
          {t('askedOn', { date: dateTime(r.created_at, locale) })}
        </span>
      </div>
      <ul className="mt-2 text-sm" data-testid="order-return-lines">
        {r.lines.map((l) => (
          <li key={l.order_product_id} className="break-words">
            {t('unitsOf', { n: l.quantity })} <bdi>{l.name}</bdi> · {money(l.unit_price)}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm">
        <span className="font-semibold">{t('reason')}:</span> {t(`reasons.${r.reason}`)}
      </p>
      {r.details && (
        <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{r.details}</p>
      )}
      <ReturnPhotos photos={r.photos} size="size-16" testId="order-return-photos" />
      {r.staff_note && r.status !== 'requested' && (
        <p className="mt-2 text-sm break-words text-slate-700">{t('staffNote', { note: r.staff_note })}</p>
      )}
      {r.pickup && (
        <div className="mt-2" data-testid="order-return-pickup">
          <ReturnPickupLine
            pickup={r.pickup}
            text={t('pickup', { carrier: r.pickup.carrier })}
            follow={t('follow')}
            className="text-sm break-words"
          />
          <PickupNews r={r} locale={locale} />
        </div>
      )}
      {r.refund !== null && (
        <p className="mt-2 text-sm font-semibold text-emerald-800" data-testid="order-return-refund">
          {t('refund', { amount: money(r.refund), method: t(`methods.${r.refund_method ?? 'cash'}`) })}
        </p>
      )}
    </li>
  );
}

/**
 * The order's returns on its page in the back office (issue 48 item 5): what the shopper asked to return, where it
 * stands, the units, the photos, the pickup and its news, the refund, each with a link to its entry on the Returns
 * page, where staff decide. Nothing shows for an order with no return.
 */
export function OrderReturns({ orderId, locale }: { orderId: number; locale: Locale }) {
  const { t } = useTranslation('admin-returns');
  const q = useQuery(orderReturnsQueryOptions(orderId, locale));
  const returns = q.data?.returns ?? [];
  if (!returns.length) return null;
  return (
    <Card
      title={t('ofOrder', { n: returns.length })}
      testId="order-returns"
      action={
        <Link to={`/returns?order=${orderId}`} className="text-sm font-semibold text-brand-700 underline">
          {t('openAll')}
        </Link>
      }
    >
      <ul className="divide-y divide-slate-100">
        {returns.map((r) => (
          <OrderReturn key={r.id} r={r} locale={locale} />
        ))}
      </ul>
    </Card>
  );
}
