import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { useIsSignedIn } from '../../features/auth';
import { useCartCount, useServerCart } from '../../features/cart';
import { buttonClass } from '../../ui/button';
import { CartIcon, HeartIcon, UserIcon } from '../../ui/icons';

const iconLink =
  'relative inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white';

/** Signed in: wishlist and account icons. Guest: Register and Login buttons (spec §2). */
export function AccountActions() {
  const { t } = useTranslation('shell');
  const signedIn = useIsSignedIn();
  if (signedIn)
    return (
      <>
        <Link
          to="/my-account/wishlist"
          aria-label={t('account.wishlist')}
          title={t('account.wishlist')}
          className={iconLink}
        >
          <HeartIcon />
        </Link>
        <Link
          to="/my-account/account"
          aria-label={t('account.myAccount')}
          title={t('account.myAccount')}
          className={iconLink}
        >
          <UserIcon />
        </Link>
      </>
    );
  return (
    <>
      <Link to="/auth/register" className={buttonClass('onDark', 'sm')}>
        {t('account.register')}
      </Link>
      <Link to="/auth/signin" className={buttonClass('accent', 'sm')}>
        {t('account.login')}
      </Link>
    </>
  );
}

/** The cart icon with the number of items on a badge: the server cart's when signed in, else the guest cart's. */
export function CartLink() {
  const { t } = useTranslation('shell');
  const guestCount = useCartCount();
  const signedIn = useIsSignedIn();
  const { data: serverCart } = useServerCart();
  const count = signedIn ? (serverCart?.count ?? 0) : guestCount;
  return (
    <Link
      to="/cart"
      aria-label={t('cart.label', { count })}
      title={t('cart.title')}
      className={iconLink}
      data-testid="cart-link"
    >
      <CartIcon size={26} />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -end-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-xs font-bold text-slate-950"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
