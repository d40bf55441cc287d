import type { Address } from '@store/contracts/address';
import { hasPlaceName } from '@store/contracts/constants';
import { useLocaleStore } from '../../../lib/locale-store';
import { useAddressesTranslation } from '../i18n';

/** The parts of an address that say where it is, as the address book shows them. */
export type AddressPlace = Pick<
  Address,
  'building' | 'street_name' | 'floor' | 'apartment' | 'district' | 'governorate' | 'delivery_zone' | 'name'
>;

/**
 * Where an address is, in the shopper's language: building, street, floor and apartment with their labels; district
 * and governorate (its delivery zone's name when it has one); the map position's label unless the geocoder found
 * none ('N/A'). One way to write an address, shared by the address book's cards and the order page's delivery
 * address (which shows an order's snapshot of it).
 */
export function AddressLines({ address: a }: { address: AddressPlace }) {
  const { t } = useAddressesTranslation();
  // The page's language joins the parts, whatever language the shopper typed them in: "الدقي، Giza" had an
  // Arabic comma on the English page.
  const comma = useLocaleStore((s) => s.locale) === 'ar' ? '، ' : ', ';
  return (
    <>
      <p className="text-sm text-slate-700">
        {t('card.street', {
          building: a.building,
          street: a.street_name,
          floor: a.floor,
          apartment: a.apartment,
        })}
      </p>
      <p className="text-sm text-slate-700">
        {`${a.district}${comma}${a.delivery_zone?.name ?? a.governorate}`}
      </p>
      {hasPlaceName(a.name) && <p className="line-clamp-2 text-xs text-slate-500">{a.name}</p>}
    </>
  );
}

export default AddressLines;
