import { RETURN_DAYS } from '@store/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { deliveryZonesQueryOptions } from '../../../addresses';
import { andList, price } from '../../../../lib/format';
import { useLocaleStore } from '../../../../lib/locale-store';
import { useTranslation } from '../../../../lib/i18n';
import { HeadsetIcon, RefundIcon, ShieldIcon, TruckIcon } from '../../../../ui/icons';

const PERKS = [
  { key: 'shipping', Icon: TruckIcon },
  { key: 'refund', Icon: RefundIcon },
  { key: 'support', Icon: HeadsetIcon },
  { key: 'payment', Icon: ShieldIcon },
] as const;

/**
 * The four promises of the home page (spec §1), each true to the store's rules (issue 16): delivery to the
 * governorates of the delivery zones from the lowest fee, returns within the returns policy's days, support, safe
 * payment.
 */
export function Perks() {
  const { t } = useTranslation('home');
  const locale = useLocaleStore((s) => s.locale);
  const { data: zones } = useQuery(deliveryZonesQueryOptions(locale));
  // Free delivery where a zone gives it: the lowest such amount and the governorates that give it there.
  const free = zones?.filter((z) => z.free_shipping_from != null) ?? [];
  const freeFrom = free.length ? Math.min(...free.map((z) => z.free_shipping_from!)) : null;
  const values = {
    days: RETURN_DAYS,
    count: zones?.length ?? 27,
    fee: zones?.length ? price(Math.min(...zones.map((z) => z.shipping_fees))) : '…',
    free: freeFrom === null ? '' : price(freeFrom),
    places: andList(
      free.filter((z) => z.free_shipping_from === freeFrom).map((z) => z.name),
      locale,
    ),
  };
  const textKey = (key: string) =>
    key === 'shipping' && freeFrom !== null ? 'perks.shipping.textFree' : `perks.${key}.text`;
  return (
    <section
      aria-label={t('perks.label')}
      className="below-fold mx-auto mt-10 max-w-7xl px-4 [--below-fold-size:356px] sm:[--below-fold-size:188px] lg:[--below-fold-size:116px] 3xl:max-w-[1600px]"
      data-testid="home-perks"
    >
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {PERKS.map(({ key, Icon }) => (
          <li
            key={key}
            className="flex flex-col items-center gap-2 rounded-xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200 sm:flex-row sm:text-start"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon size={28} />
            </span>
            <span>
              <span className="block font-bold text-slate-900">{t(`perks.${key}.title`, values)}</span>
              <span className="block text-sm text-slate-600">{t(textKey(key), values)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
