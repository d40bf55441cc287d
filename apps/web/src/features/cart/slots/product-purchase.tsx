import type { Product } from '@store/contracts/catalog';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../ui/button';
import { CartIcon } from '../../../ui/icons';
import { StockAlertButton } from '../../alerts';
import { CartErrorDialog } from '../components/cart-error-dialog';
import { QuantityCounter } from '../components/quantity-counter';
import { useCartActions, useCartQuantity } from '../use-cart';

/**
 * The product page's counter and cart button: a slot of the catalog's product page, which app/routes.tsx loads with
 * that page (the catalog is below the cart and never imports it). Before the product is in the cart the counter picks how many to add;
 * once it is, the counter changes the cart line (0 removes it) and the button removes it.
 */
export function ProductPurchase({ product, title }: { product: Product; title: string }) {
  const { t } = useTranslation('catalog');
  const inCart = useCartQuantity(product.id);
  const cart = useCartActions();
  const [wanted, setWanted] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const soldOut = product.stock <= 0;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-start gap-3" data-testid="purchase">
      <QuantityCounter
        value={inCart > 0 ? inCart : Math.min(wanted, Math.max(1, product.stock))}
        onChange={(q) => (inCart > 0 ? void run(() => cart.setQuantity(product.id, q)) : setWanted(q))}
        onRemove={inCart > 0 ? () => void run(() => cart.remove(product.id)) : undefined}
        stock={product.stock}
        maxPerOrder={product.maximum_number_per_order}
        productTitle={title}
        disabled={soldOut || busy}
      />
      {inCart > 0 ? (
        <Button
          variant="outline"
          size="lg"
          className="h-11 flex-1 border-red-700 text-red-700 hover:bg-red-50 sm:flex-none"
          onClick={() => void run(() => cart.remove(product.id))}
          disabled={busy}
          data-testid="remove-from-cart"
        >
          <CartIcon size={20} />
          {t('card.removeFromCart')}
        </Button>
      ) : (
        <Button
          size="lg"
          className="h-11 flex-1 sm:flex-none sm:min-w-52"
          onClick={() => void run(() => cart.setQuantity(product.id, Math.min(wanted, product.stock)))}
          disabled={soldOut || busy}
          data-testid="add-to-cart"
        >
          <CartIcon size={20} />
          {soldOut ? t('availability.outOfStock') : t('card.addToCart')}
        </Button>
      )}
      {/* Sold out: the shopper may ask to be told when it is back (issue 49). */}
      {soldOut && <StockAlertButton productId={product.id} />}
      <CartErrorDialog error={error} onClose={() => setError(null)} />
    </div>
  );
}
