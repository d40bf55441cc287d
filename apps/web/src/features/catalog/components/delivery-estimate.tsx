import { useQuery } from '@tanstack/react-query';
import { useId, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { addressesQueryOptions, deliveryZonesQueryOptions, matchZone } from '../../addresses';
import { useIsSignedIn } from '../../auth';
import { price } from '../../../lib/format';
import { useLocaleStore } from '../../../lib/locale-store';
import { useDeliveryZoneChoice } from '../delivery-zone-store';

const DAY_MS = 86_400_000;
const noop = () => () => undefined;

/**
 * Delivery before buying (issue 16, item 2): the fee and the expected dates for the shopper's governorate (their
 * first saved address, or the one they pick here), from the delivery zones checkout charges by. Shown once the page
 * runs in the browser (the dates are the shopper's, and so is the remembered governorate); the space is kept.
 */
/**
 * The delivery zones and the shopper's: the governorate they picked, else their first saved address's. Known in
 * the browser only (`inBrowser` false while the server renders and the page hydrates: the choice is the shopper's).
 */
export function useDeliveryZone() {
  const locale = useLocaleStore((s) => s.locale);
  const inBrowser = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
  const signedIn = useIsSignedIn();
  const { data: zones } = useQuery(deliveryZonesQueryOptions(locale));
  const { data: addresses } = useQuery({ ...addressesQueryOptions(locale), enabled: signedIn });
  const chosenId = useDeliveryZoneChoice((s) => s.zoneId);
  const zone =
    zones?.find((z) => z.id === chosenId) ??
    (signedIn && addresses?.length && zones ? matchZone(zones, addresses[0]!.governorate) : undefined);
  return { inBrowser, zones, zone };
}

export function DeliveryEstimate({ className = '' }: { className?: string }) {
  const { t } = useTranslation('catalog');
  const locale = useLocaleStore((s) => s.locale);
  const { inBrowser, zones, zone } = useDeliveryZone();
  const choose = useDeliveryZoneChoice((s) => s.choose);
  const selectId = useId();
  const box = `min-h-[5.5rem] rounded-xl border border-slate-200 bg-white p-3 text-sm ${className}`;
  if (!inBrowser || !zones?.length) return <div className={box} aria-hidden="true" />;

  const day = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-EG-u-nu-latn' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
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
              fee: price(zone.shipping_fees),
              from: day.format(new Date(Date.now() + zone.delivery_days.min * DAY_MS)),
              to: day.format(new Date(Date.now() + zone.delivery_days.max * DAY_MS)),
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

/**
 * A card's delivery hint (issue 16): "Free delivery to Cairo" when the product alone reaches the free-shipping
 * amount of the shopper's governorate. Nothing before the shopper's governorate is known.
 */
export function FreeDeliveryHint({
  price: productPrice,
  className = '',
}: {
  price: number;
  className?: string;
}) {
  const { t } = useTranslation('catalog');
  const { inBrowser, zone } = useDeliveryZone();
  if (!inBrowser || zone?.free_shipping_from == null || productPrice < zone.free_shipping_from) return null;
  return (
    <p className={`text-xs font-medium text-emerald-800 ${className}`} data-testid="card-free-delivery">
      {t('card.freeDelivery', { zone: zone.name })}
    </p>
  );
}
