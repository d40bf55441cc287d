import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords are hashed with scrypt (memory-hard): N = 2^15, r = 8, p = 1 (32 MiB per hash), a 16-byte random salt
 * and a 32-byte key. The stored form names its parameters, so they can be raised later without breaking old hashes:
 *   scrypt$<log2 N>$<r>$<p>$<salt base64url>$<key base64url>
 */
const LOG_N = 15;
/**
 * Under NODE_ENV=test (the test suites, the browser tests' server) new hashes use N = 2^10: they hash thousands of
 * passwords, each 0.1-0.5 s at 2^15 on a 2-core machine (about 40% of the sign-in tests' time). A hash names its
 * parameters, so it verifies whatever the setting; a store never runs with NODE_ENV=test (README).
 */
const TEST_LOG_N = 10;
const logN = () => (process.env.NODE_ENV === 'test' ? TEST_LOG_N : LOG_N);
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, keyLength: number) {
  const opts: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, opts, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const cost = logN();
  const key = await derive(password, salt, cost, R, P, KEY_LENGTH);
  return ['scrypt', cost, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logN, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(logN),
    Number(r),
    Number(p),
    expected.length,
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** One per cost, so it costs what a new account's hash does. */
const dummies = new Map<number, Promise<string>>();
/**
 * Spends the same time as a real check when there is no account to check against, so the answer's timing does
 * not tell whether a phone number is registered.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  const cost = logN();
  let dummy = dummies.get(cost);
  if (!dummy) dummies.set(cost, (dummy = hashPassword(randomBytes(16).toString('hex'))));
  await verifyPassword(password, await dummy);
  return false;
}
