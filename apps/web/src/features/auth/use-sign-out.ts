import { useNavigate } from 'react-router';
import { signOutEverywhere } from './api/auth-api';

/**
 * Sign-out (spec §4): the server forgets this device's token, the browser forgets the session and the cart
 * (onSignOut listeners), and the shopper lands on the home page. The local sign-out happens even when the
 * call fails (offline): the shopper asked to leave.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    await navigate('/');
    await signOutEverywhere().catch(() => undefined);
  };
}
