import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** What a real store must set: production refuses the demo's stand-ins and says which variable to set. */
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://store.example',
  PAYMENT_PROVIDER: 'paymob',
  PAYMOB_SECRET_KEY: 'sk',
  PAYMOB_PUBLIC_KEY: 'pk',
  PAYMOB_HMAC_SECRET: 'hmac',
  PAYMOB_INTEGRATION_IDS: '1,2',
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'https://sms.example/send',
  SMS_HTTP_TOKEN: 'token',
};

describe('configuration', () => {
  it('production starts with real providers and a public address', () => {
    const c = loadConfig(production);
    expect(c.PUBLIC_URL).toBe('https://store.example');
    expect(c.DEV_ROUTES).toBe('false');
    expect(c.TRUST_PROXY).toBeUndefined();
  });

  it.each([
    [
      'PAYMENT_PROVIDER',
      { PAYMENT_PROVIDER: 'sandbox' },
      /PAYMENT_PROVIDER=sandbox .* set PAYMENT_PROVIDER=paymob/,
    ],
    ['SMS_PROVIDER', { SMS_PROVIDER: 'outbox' }, /SMS_PROVIDER=outbox .* set SMS_PROVIDER=http/],
    ['PUBLIC_URL', { PUBLIC_URL: undefined }, /PUBLIC_URL is required in production/],
    ['DEV_ROUTES', { DEV_ROUTES: 'true' }, /DEV_ROUTES=true is refused in production/],
  ])('production refuses to start with %s of the demo, naming the variable', (_name, change, message) => {
    expect(() => loadConfig({ ...production, ...change })).toThrow(message);
  });

  it('the demo (no NODE_ENV) starts with the sandbox, the outbox and no developer routes', () => {
    const c = loadConfig({});
    expect([c.PAYMENT_PROVIDER, c.SMS_PROVIDER, c.DEV_ROUTES]).toEqual(['sandbox', 'outbox', 'false']);
  });

  it('ADDRESS_LIMIT_FACTOR multiplies the per-address limits only', async () => {
    const { DEFAULT_AUTH_LIMITS, withAddressFactor } = await import('./modules/auth/limits.ts');
    const l = withAddressFactor(
      DEFAULT_AUTH_LIMITS,
      loadConfig({ ADDRESS_LIMIT_FACTOR: '20' }).ADDRESS_LIMIT_FACTOR,
    );
    expect([l.smsPerIp.max, l.signInPerIp.max, l.codePerIp.max]).toEqual([1000, 2000, 2000]);
    expect([l.smsPerPhone, l.signInPerPhone, l.codePerPhone]).toEqual([
      DEFAULT_AUTH_LIMITS.smsPerPhone,
      DEFAULT_AUTH_LIMITS.signInPerPhone,
      DEFAULT_AUTH_LIMITS.codePerPhone,
    ]);
    expect(() => loadConfig({ ADDRESS_LIMIT_FACTOR: '0' })).toThrow(/ADDRESS_LIMIT_FACTOR/);
  });

  it('TRUST_PROXY takes a hop count or proxy addresses, and refuses "true"', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toBe('127.0.0.1, 10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: 'loopback,::1' }).TRUST_PROXY).toBe('loopback,::1');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true would let any client/);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY must be/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY must be/);
  });
});
