import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useIsSignedIn } from './store';

/** Auth pages: a signed-in shopper is sent home (spec §2). */
export function GuestOnly({ children }: { children: ReactNode }) {
  return useIsSignedIn() ? <Navigate to="/" replace /> : <>{children}</>;
}

/** Protected pages: a guest is sent to sign in, and comes back after. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const location = useLocation();
  return useIsSignedIn() ? <>{children}</> : <Navigate to="/auth/signin" replace state={{ from: location.pathname + location.search }} />;
}
