import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth, useIsSignedIn } from './store';

/** Where a protected page sent the guest from (SignedInOnly), to go back there after signing in. */
export const returnPath = (state: unknown): string | undefined => {
  const from = (state as { from?: unknown } | null)?.from;
  // Only paths of this site (not '//elsewhere').
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
};

/**
 * Auth pages: a signed-in shopper is sent home (spec §2), or back to the page that asked them to sign in. While a
 * sign-in is finishing (the cart merge), the sign-in page sends the shopper on itself.
 */
/** The phone number another auth page handed over in the router's state (sign-up's "already registered"). */
export function statePhone(state: unknown): string | undefined {
  const phone = (state as { phone_number?: unknown } | null)?.phone_number;
  return typeof phone === 'string' ? phone : undefined;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const signingIn = useAuth((s) => s.signingIn);
  const location = useLocation();
  if (signedIn && !signingIn) return <Navigate to={returnPath(location.state) ?? '/'} replace />;
  return <>{children}</>;
}

/** Protected pages: a guest is sent to sign in, and comes back after. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const location = useLocation();
  return useIsSignedIn() ? (
    <>{children}</>
  ) : (
    <Navigate to="/auth/signin" replace state={{ from: location.pathname + location.search }} />
  );
}
