import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createCourier } from './index.ts';

const startWith = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });

describe('courier settings at start-up', () => {
  it('defaults to the manual courier, which needs nothing', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.COURIER).toBe('manual');
    expect(config.BOSTA_URL).toBe('https://app.bosta.co/api/v2');
    expect(createCourier(config).name).toBe('manual');
  });

  it('COURIER=bosta without its key and webhook secret stops the start with a sentence naming each', () => {
    expect(startWith({ COURIER: 'bosta' })).toThrow(
      /BOSTA_API_KEY: BOSTA_API_KEY is required when COURIER=bosta: the API key from Bosta’s dashboard/,
    );
    expect(startWith({ COURIER: 'bosta', BOSTA_API_KEY: 'k' })).toThrow(
      /BOSTA_WEBHOOK_SECRET: BOSTA_WEBHOOK_SECRET is required when COURIER=bosta/,
    );
    expect(startWith({ COURIER: 'bosta', BOSTA_API_KEY: 'k', BOSTA_WEBHOOK_SECRET: 'short' })).toThrow(
      /BOSTA_WEBHOOK_SECRET must be at least 16 characters/,
    );
  });

  it('refuses an unknown courier and an address that is not one', () => {
    expect(startWith({ COURIER: 'aramex' })).toThrow(/COURIER must be one of manual, bosta/);
    expect(
      startWith({
        COURIER: 'bosta',
        BOSTA_API_KEY: 'k',
        BOSTA_WEBHOOK_SECRET: 'a-secret-of-16-chars',
        BOSTA_URL: 'app.bosta.co',
      }),
    ).toThrow(/BOSTA_URL must be an http\(s\) address, e.g. https:\/\/app.bosta.co\/api\/v2/);
  });

  it('with its settings, COURIER=bosta starts with Bosta at the address given', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      COURIER: 'bosta',
      BOSTA_API_KEY: 'k',
      BOSTA_WEBHOOK_SECRET: 'a-secret-of-16-chars',
      BOSTA_URL: 'https://stg-app.bosta.co/api/v2',
    });
    expect(config.BOSTA_URL).toBe('https://stg-app.bosta.co/api/v2');
    expect(createCourier(config).name).toBe('bosta');
  });
});
