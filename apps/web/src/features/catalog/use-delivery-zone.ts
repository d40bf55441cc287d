import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { addressesQueryOptions, deliveryZonesQueryOptions, matchZone } from '../addresses';
import { useIsSignedIn } from '../auth';
import { useLocaleStore } from '../../lib/locale-store';
import { useDeliveryZoneChoice } from './delivery-zone-store';

const noop = () => () => undefined;

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
