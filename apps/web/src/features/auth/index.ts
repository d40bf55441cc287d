export { useAuth, useIsSignedIn, onSignOut, type SessionUser, type AuthHeaders } from './store';
export { GuestOnly, SignedInOnly } from './guards';
export { Field } from './components/field';
export { MessageDialog } from './components/message-dialog';
export { applyServerErrors, errorOf, messageText } from './form-errors';
export { changePassword, signOutEverywhere, updateProfile } from './api/auth-api';
export { useSignOut } from './use-sign-out';
