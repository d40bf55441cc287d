/** The shoppers' auth module's face for the rest of the API: the password hashing staff accounts share. */
export { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
/** A request's session (lib/auth.ts: the routes' requireUser). */
export { authenticate, type SessionUser } from './session.ts';
/** The shopper's language for their messages, kept from what they last used. */
export { rememberLocale } from './locale.ts';
