import type { Locale } from '@store/contracts/constants';
import type { DeliveryZone } from '@store/contracts/address';
import { useId } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { productTexts } from '../../../i18n/product';
import { deliveryFee, toEgp, toPiastres } from '@store/contracts/money';
import { deliveryFeeText, price } from '../../../lib/format';
import { useLocaleStore } from '../../../lib/locale-store';
import { useDeliveryZoneChoice } from '../delivery-zone-store';
import { useDeliveryZone } from '../use-delivery-zone';

const DAY_MS = 86_400_000;

/**
 * A day as the estimate writes it, one formatter per language (as lib/format.ts keeps its long dates), made the first
 * time a governorate is known: the first `Intl.DateTimeFormat` of a language loads its data, tens of milliseconds on
 * a phone right after hydration.
 */
function dayFormat(locale: Locale) {
  return (dayFormats[locale] ??= new Intl.DateTimeFormat(locale === 'ar' ? 'ar-EG-u-nu-latn' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }));
}
const dayFormats: Partial<Record<Locale, Intl.DateTimeFormat>> = {};

/**
 * What a zone charges for an order of `amount` EGP, by checkout's rule (contracts' `deliveryFee`): nothing once the
 * amount reaches the zone's free-delivery amount, else its fee.
 */
const feeFor = (zone: Pick<DeliveryZone, 'shipping_fees' | 'free_shipping_from'>, amount: number) =>
  toEgp(
    deliveryFee(toPiastres(amount), {
      feePiastres: toPiastres(zone.shipping_fees),
      freeFromPiastres: zone.free_shipping_from == null ? null : toPiastres(zone.free_shipping_from),
    }),
  );

/**
 * Delivery before buying (issue 16, item 2): the fee and the expected dates for the shopper's governorate (their
 * first saved address, or the one they pick here), from the delivery zones checkout charges by. Shown once the page
 * runs in the browser (the dates are the shopper's, and so is the remembered governorate); the space is kept.
 * `amount`: EGP, what free delivery is judged on (the product's checkout price, the cart's total before delivery),
 * so the fee is the one checkout charges ("Free" past the zone's free-delivery amount), never the zone's bare fee.
 */
export function DeliveryEstimate({ amount, className = '' }: { amount: number; className?: string }) {
  const { t } = useNamespace('product', productTexts);
  const locale = useLocaleStore((s) => s.locale);
  const { inBrowser, zones, zone } = useDeliveryZone();
  const choose = useDeliveryZoneChoice((s) => s.choose);
  const selectId = useId();
  const box = `min-h-[5.5rem] rounded-xl border border-slate-200 bg-white p-3 text-sm ${className}`;
  if (!inBrowser || !zones?.length) return <div className={box} aria-hidden="true" />;

  const day = (ms: number) => dayFormat(locale).format(new Date(Date.now() + ms));
  const fees = zones.map((z) => z.shipping_fees);
  return (
    <div className={box} data-testid="delivery-estimate">
      <label htmlFor={selectId} className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        {t('delivery.to')}
        <select
          id={selectId}
          value={zone?.id ?? ''}
          onChange={(e) => choose(e.target.value ? Number(e.target.value) : null)}
          className="h-9 min-w-0 rounded-lg border border-slate-300 bg-white px-2 font-normal"
          data-testid="delivery-zone"
        >
          <option value="">{t('delivery.choose')}</option>
          {zones.map((z) => (
            <option key={z.id} value={z.id}>
              {z.name}
            </option>
          ))}
        </select>
      </label>
      <p className="mt-2 text-slate-700" data-testid="delivery-fee-date">
        {zone
          ? t('delivery.estimate', {
              fee: deliveryFeeText(feeFor(zone, amount), t('delivery.free')),
              from: day(zone.delivery_days.min * DAY_MS),
              to: day(zone.delivery_days.max * DAY_MS),
            })
          : t('delivery.range', { min: price(Math.min(...fees)), max: price(Math.max(...fees)) })}
      </p>
      {zone?.free_shipping_from != null && (
        <p className="mt-1 font-medium text-emerald-800" data-testid="delivery-free-from">
          {t('delivery.freeFrom', { amount: price(zone.free_shipping_from) })}
        </p>
      )}
    </div>
  );
}
