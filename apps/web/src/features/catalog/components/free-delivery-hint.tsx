import { useTranslation } from '../../../lib/i18n';
import { useDeliveryZone } from '../use-delivery-zone';

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
