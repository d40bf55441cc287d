export { useAuth, useIsSignedIn, onSignIn, onSignOut, type SessionUser, type AuthHeaders } from './store';
export { GuestOnly, SignedInOnly } from './guards';
export { changePassword, signOutEverywhere, updateProfile } from './api/auth-api';
export { useSignOut } from './use-sign-out';
