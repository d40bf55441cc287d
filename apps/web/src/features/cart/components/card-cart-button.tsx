import type { Product } from '@store/contracts/catalog';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CartIcon } from '../../../ui/icons';
import { useCartActions, useCartQuantity } from '../use-cart';
import { CartErrorDialog } from './cart-error-dialog';

/**
 * A product card's cart button (the catalog's card shows it through its purchase slot): adds one, or takes the
 * product out once it is in the cart. `row`: the card is a row of a phone's list, the button a round icon at its end.
 */
export function CardCartButton({ product, title, row }: { product: Product; title: string; row: boolean }) {
  const { t } = useTranslation('catalog');
  const inCart = useCartQuantity(product.id) > 0;
  const cart = useCartActions();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<unknown>(null);
  const soldOut = product.stock <= 0;

  const toggle = async () => {
    setBusy(true);
    try {
      await (inCart ? cart.remove(product.id) : cart.add(product.id, 1));
    } catch (e) {
      setErrors(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={toggle}
        disabled={busy || (soldOut && !inCart)}
        data-testid={inCart ? 'card-remove' : 'card-add'}
        className={`mt-auto inline-flex h-10 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60 ${
          inCart
            ? 'border border-red-700 bg-white text-red-700 hover:bg-red-50'
            : 'bg-brand-700 text-white hover:bg-brand-900'
        } ${row ? 'max-sm:absolute max-sm:end-2 max-sm:top-1/2 max-sm:size-11 max-sm:-translate-y-1/2 max-sm:rounded-full max-sm:p-0' : ''}`}
      >
        <CartIcon size={18} />
        <span className={row ? 'max-sm:sr-only' : ''}>
          {soldOut && !inCart
            ? t('availability.outOfStock')
            : inCart
              ? t('card.removeFromCart')
              : t('card.addToCart')}
        </span>
        <span className="sr-only">: {title}</span>
      </button>
      <CartErrorDialog error={errors} onClose={() => setErrors(null)} />
    </>
  );
}
