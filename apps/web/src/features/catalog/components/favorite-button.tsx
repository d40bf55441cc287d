import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ensureNamespace, useNamespace } from '../../../lib/i18n';
import { cartPageTexts } from '../../../i18n/cart-page';
import { productTexts } from '../../../i18n/product';
import { Link, useLocation } from 'react-router';
import { api, ApiError } from '../../../lib/api-client';
import { buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { HeartIcon } from '../../../ui/icons';
import { useIsSignedIn } from '../../auth';

/**
 * The favorite heart (spec §2, §4). A guest is asked to sign in (favorites are for customers, spec §6); a
 * customer's tap favorites or unfavorites the product. Adding that fails lists the server's messages; removing
 * that fails says something went wrong (spec §8).
 */
export function FavoriteButton({
  productId,
  initial,
  title,
}: {
  productId: number;
  initial: boolean;
  title: string;
}) {
  const { t } = useNamespace('product', productTexts);
  // The sign-in prompt's buttons are the cart page's (`cart-page:guest`).
  ensureNamespace('cart-page', cartPageTexts);
  const signedIn = useIsSignedIn();
  const qc = useQueryClient();
  const { pathname, search } = useLocation();
  const [favorite, setFavorite] = useState(initial);
  // A fresh answer about the product (signed in elsewhere, changed in the wishlist) wins over what was shown.
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setFavorite(initial);
  }
  const [askSignIn, setAskSignIn] = useState(false);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const on = signedIn && favorite;

  const toggle = async () => {
    if (!signedIn) {
      setAskSignIn(true);
      return;
    }
    const next = !favorite;
    setFavorite(next);
    setBusy(true);
    try {
      await api(`users/products/${productId}/favorites`, { method: next ? 'POST' : 'DELETE' });
      // The wishlist and the product's cached answer (its favorite flag) are out of date now.
      void qc.invalidateQueries({ queryKey: ['wishlist'] });
      void qc.invalidateQueries({ queryKey: ['product'], refetchType: 'none' });
    } catch (e) {
      setFavorite(!next);
      setErrors(next && e instanceof ApiError && e.messages.length ? e.messages : [t('common:error')]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={toggle}
        disabled={busy}
        aria-pressed={on}
        aria-label={on ? t('favorite.remove', { title }) : t('favorite.add', { title })}
        data-testid="favorite"
        className={`inline-flex size-12 shrink-0 items-center justify-center rounded-lg border transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
          on
            ? 'border-red-200 bg-red-50 text-red-700'
            : 'border-slate-300 bg-white text-slate-700 hover:text-red-700'
        }`}
      >
        <HeartIcon size={24} fill={on ? 'currentColor' : 'none'} />
      </button>
      <Dialog
        open={askSignIn}
        onOpenChange={setAskSignIn}
        title={t('favorite.signInTitle')}
        description={t('favorite.signInText')}
      >
        {/* After signing in (or signing up, confirming and signing in) the shopper comes back to this product. */}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Link to="/auth/register" state={{ from: pathname + search }} className={buttonClass('outline')}>
            {t('cart-page:guest.register')}
          </Link>
          <Link
            to="/auth/signin"
            state={{ from: pathname + search }}
            className={buttonClass('primary')}
            data-testid="favorite-signin"
          >
            {t('cart-page:guest.signIn')}
          </Link>
        </div>
      </Dialog>
      <Dialog
        open={errors !== null}
        onOpenChange={(o) => !o && setErrors(null)}
        title={t('favorite.errorTitle')}
      >
        <ul className="space-y-1 text-slate-700">
          {errors?.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
