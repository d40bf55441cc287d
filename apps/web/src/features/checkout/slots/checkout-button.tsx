import type { ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { useIsSignedIn } from '../../auth';
import { useCheckoutEntry } from '../entry';

/** What the cart page gives its checkout button (cart-route.tsx's `CheckoutButton` slot). */
export interface CheckoutButtonProps {
  /** How many items the cart holds: none, and the button is off. */
  count: number;
  /** A guest pressed it: the cart page asks them to sign in or register first. */
  onGuest(): void;
  className?: string;
  children: ReactNode;
}

/**
 * The cart page's "Proceed to checkout": checkout's own entry (a slot of the cart page, which app/routes.tsx loads with that
 * page: the cart is below checkout and never imports it). Signed in, the wizard opens unless orders wait for a rating
 * (then the rating dialog opens first).
 */
export function CheckoutEntryButton({ count, onGuest, className, children }: CheckoutButtonProps) {
  const signedIn = useIsSignedIn();
  const entry = useCheckoutEntry();
  return (
    <>
      <Button
        size="lg"
        className={className}
        onClick={() => (signedIn ? void entry.proceed(count) : onGuest())}
        disabled={count === 0 || entry.checking}
        data-testid="proceed-checkout"
      >
        {children}
      </Button>
      {entry.dialog}
    </>
  );
}
