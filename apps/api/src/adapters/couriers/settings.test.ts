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
    expect(startWith({ COURIER: 'fedex' })).toThrow(/COURIER must be one of manual, bosta, aramex, mylerz/);
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

  it('COURIER=aramex without its ClientInfo and shipper stops the start naming each missing one', () => {
    const err = (() => {
      try {
        loadConfig({ NODE_ENV: 'test', COURIER: 'aramex', ARAMEX_USERNAME: 'u', ARAMEX_PASSWORD: 'p' });
      } catch (e) {
        return String(e);
      }
      return '';
    })();
    for (const name of [
      'ARAMEX_ACCOUNT_NUMBER',
      'ARAMEX_ACCOUNT_PIN',
      'ARAMEX_ACCOUNT_ENTITY',
      'ARAMEX_SHIPPER_NAME',
      'ARAMEX_SHIPPER_PHONE',
      'ARAMEX_SHIPPER_ADDRESS',
    ])
      expect(err).toContain(`${name} is required when COURIER=aramex`);
    expect(err).not.toContain('ARAMEX_USERNAME is required');
    expect(
      startWith({
        COURIER: 'aramex',
        ARAMEX_USERNAME: 'u',
        ARAMEX_PASSWORD: 'p',
        ARAMEX_ACCOUNT_NUMBER: '20016',
        ARAMEX_ACCOUNT_PIN: '331421',
        ARAMEX_ACCOUNT_ENTITY: 'CAI',
        ARAMEX_SHIPPER_NAME: 'Souq',
        ARAMEX_SHIPPER_PHONE: '0223456789',
        ARAMEX_SHIPPER_ADDRESS: '5 Tahrir St',
        ARAMEX_URL: 'ws.aramex.net',
      }),
    ).toThrow(/ARAMEX_URL must be an http\(s\) address, e.g. https:\/\/ws.aramex.net\/ShippingAPI.V2/);
  });

  it('with their settings, COURIER=aramex and COURIER=mylerz start with that courier', () => {
    const aramex = loadConfig({
      NODE_ENV: 'test',
      COURIER: 'aramex',
      ARAMEX_USERNAME: 'u',
      ARAMEX_PASSWORD: 'p',
      ARAMEX_ACCOUNT_NUMBER: '20016',
      ARAMEX_ACCOUNT_PIN: '331421',
      ARAMEX_ACCOUNT_ENTITY: 'CAI',
      ARAMEX_SHIPPER_NAME: 'Souq',
      ARAMEX_SHIPPER_PHONE: '0223456789',
      ARAMEX_SHIPPER_ADDRESS: '5 Tahrir St',
    });
    expect(aramex.ARAMEX_URL).toBe('https://ws.aramex.net/ShippingAPI.V2');
    expect(aramex.ARAMEX_VERSION).toBe('v1.0');
    expect(aramex.ARAMEX_ACCOUNT_COUNTRY_CODE).toBe('EG');
    expect(createCourier(aramex).name).toBe('aramex');
    expect(startWith({ COURIER: 'mylerz', MYLERZ_USERNAME: 'u' })).toThrow(
      /MYLERZ_PASSWORD is required when COURIER=mylerz[\s\S]*MYLERZ_WAREHOUSE is required when COURIER=mylerz/,
    );
    const mylerz = loadConfig({
      NODE_ENV: 'test',
      COURIER: 'mylerz',
      MYLERZ_USERNAME: 'u',
      MYLERZ_PASSWORD: 'p',
      MYLERZ_WAREHOUSE: 'Main Warehouse',
    });
    expect(mylerz.MYLERZ_URL).toBe('https://integration.mylerz.net');
    expect(createCourier(mylerz).name).toBe('mylerz');
  });
});
