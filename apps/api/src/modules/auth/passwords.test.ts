import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

/** The cost of a hash: the store's (2^15) unless NODE_ENV=test, whose suites hash thousands of passwords. */
describe('password hashes', () => {
  afterEach(() => void vi.unstubAllEnvs());

  it("a store's hash names N = 2^15; the tests' 2^10; each verifies whatever NODE_ENV says now", async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const store = await hashPassword('Mostafa#2025');
    vi.stubEnv('NODE_ENV', 'test');
    const cheap = await hashPassword('Mostafa#2025');
    expect(store).toMatch(/^scrypt\$15\$8\$1\$/);
    expect(cheap).toMatch(/^scrypt\$10\$8\$1\$/);
    for (const env of ['production', 'test']) {
      vi.stubEnv('NODE_ENV', env);
      expect(await verifyPassword('Mostafa#2025', store)).toBe(true);
      expect(await verifyPassword('Mostafa#2025', cheap)).toBe(true);
      expect(await verifyPassword('mostafa#2025', store)).toBe(false);
      expect(await verifyPassword('mostafa#2025', cheap)).toBe(false);
    }
  });
});
