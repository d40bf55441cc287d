import { arabicTo } from '../../../lib/arabic';
import { useTranslation } from '../../../lib/i18n';
import { useIsSignedIn } from '../../auth';
import { useDeliveryZoneChoice } from '../delivery-zone-store';
import { useDeliveryZone } from '../use-delivery-zone';

/**
 * A card's delivery hint (issue 16): "Free delivery to Cairo" when the product alone reaches the free-shipping
 * amount of the shopper's governorate. Nothing before the shopper's governorate is known.
 */
export function FreeDeliveryHint(props: { price: number; className?: string }) {
  // Known only once the browser has read the shopper's choice or session (after hydration): until then, and for a
  // guest who chose no governorate, a card asks for nothing more.
  const chosen = useDeliveryZoneChoice((s) => s.zoneId !== null);
  const signedIn = useIsSignedIn();
  return chosen || signedIn ? <ZoneHint {...props} /> : null;
}

function ZoneHint({ price: productPrice, className = '' }: { price: number; className?: string }) {
  const { t } = useTranslation('catalog');
  const { inBrowser, zone } = useDeliveryZone();
  if (!inBrowser || zone?.free_shipping_from == null || productPrice < zone.free_shipping_from) return null;
  return (
    <p className={`text-xs font-medium text-emerald-800 ${className}`} data-testid="card-free-delivery">
      {/* Arabic writes "to" onto the name ("للقاهرة", "لأسوان"): its text takes `toZone`, English's `zone`. */}
      {t('card.freeDelivery', { zone: zone.name, toZone: arabicTo(zone.name) })}
    </p>
  );
}
