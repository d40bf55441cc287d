/** The shoppers' auth module's face for the rest of the API: the password hashing staff accounts share. */
export { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
