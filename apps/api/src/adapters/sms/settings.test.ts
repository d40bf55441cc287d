/**
 * The SMS settings at start-up (config.ts): a gateway named without its account stops the start with a sentence
 * naming each missing variable; a fallback must be another gateway; production takes no outbox and no SMS Misr
 * test environment; each gateway is built from its settings, its address overridable by <PROVIDER>_URL.
 */
import { SMS_PROVIDERS } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { PRODUCTION_ENV } from '../../test/production-env.ts';
import { createSmsGateways } from './index.ts';
import { SMS_REQUIRED_SETTINGS } from './settings.ts';

const ACCOUNTS: Record<string, string> = {
  SMS_HTTP_URL: 'https://sms.example/send',
  SMS_HTTP_TOKEN: 'token',
  SMSMISR_USERNAME: 'u',
  SMSMISR_PASSWORD: 'p',
  SMSMISR_SENDER: 'sender-token',
  SMSMISR_ENVIRONMENT: '1',
  CEQUENS_TOKEN: 'jwt',
  CEQUENS_SENDER: 'Store',
  VICTORYLINK_USERNAME: 'u',
  VICTORYLINK_PASSWORD: 'p',
  VICTORYLINK_SENDER: 'Store',
  VODAFONE_ACCOUNT_ID: '550049024',
  VODAFONE_PASSWORD: 'p',
  VODAFONE_SECRET: 'F5B4064ABB0646F9986E154C5AFF0FD7',
  VODAFONE_SENDER: 'Store',
  TWILIO_ACCOUNT_SID: 'AC1',
  TWILIO_AUTH_TOKEN: 't',
  TWILIO_FROM: 'Store',
  INFOBIP_API_KEY: 'k',
  INFOBIP_SENDER: 'Store',
  VONAGE_API_KEY: 'k',
  VONAGE_API_SECRET: 's',
  VONAGE_SENDER: 'Store',
};

/** A real store's settings, its SMS gateway aside (each test names its own). */
const { SMS_PROVIDER: _sms, SMS_HTTP_URL: _url, SMS_HTTP_TOKEN: _token, ...production } = PRODUCTION_ENV;

const stopsWith = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the configuration was taken');
};

describe('SMS settings at start-up', () => {
  it.each(SMS_PROVIDERS.filter((p) => p !== 'outbox'))(
    'SMS_PROVIDER=%s without its account stops the start, naming every missing setting',
    (provider) => {
      const message = stopsWith({ SMS_PROVIDER: provider });
      for (const key of SMS_REQUIRED_SETTINGS[provider])
        expect(message).toContain(`${key}: ${key} is required when SMS_PROVIDER=${provider}`);
    },
  );

  it('SMS Misr needs its username, password, sender token and environment (1 live, 2 test)', () => {
    const message = stopsWith({ SMS_PROVIDER: 'smsmisr', SMSMISR_USERNAME: 'u' });
    expect(message).toContain('SMSMISR_PASSWORD is required when SMS_PROVIDER=smsmisr');
    expect(message).toContain('SMSMISR_SENDER is required when SMS_PROVIDER=smsmisr');
    expect(message).toContain('SMSMISR_ENVIRONMENT is required when SMS_PROVIDER=smsmisr');
    expect(message).not.toContain('SMSMISR_USERNAME is required');
    expect(stopsWith({ ...ACCOUNTS, SMS_PROVIDER: 'smsmisr', SMSMISR_ENVIRONMENT: '3' })).toContain(
      'SMSMISR_ENVIRONMENT: SMSMISR_ENVIRONMENT must be 1 (live) or 2 (test)',
    );
  });

  it('Twilio needs a sender or a messaging service', () => {
    expect(
      stopsWith({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' }),
    ).toContain(
      'TWILIO_FROM: TWILIO_FROM (a Twilio number or sender ID) or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER=twilio',
    );
  });

  it('the fallback gateway needs its settings too, and must be another gateway', () => {
    expect(stopsWith({ ...ACCOUNTS, SMS_PROVIDER: 'smsmisr', SMS_FALLBACK_PROVIDER: 'smsmisr' })).toContain(
      'SMS_FALLBACK_PROVIDER must be another gateway than SMS_PROVIDER (both are smsmisr)',
    );
    expect(stopsWith({ SMS_PROVIDER: 'outbox', SMS_FALLBACK_PROVIDER: 'vonage' })).toContain(
      'VONAGE_API_KEY is required when SMS_FALLBACK_PROVIDER=vonage',
    );
    expect(stopsWith({ SMS_PROVIDER: 'whatsapp' })).toContain(
      'SMS_PROVIDER must be one of outbox, http, smsmisr',
    );
  });

  it('an address override must be an http(s) address', () => {
    expect(stopsWith({ ...ACCOUNTS, SMS_PROVIDER: 'smsmisr', SMSMISR_URL: 'smsmisr.com/api' })).toContain(
      'SMSMISR_URL: SMSMISR_URL must be an http(s) address, e.g. https://smsmisr.com/api/SMS/',
    );
    expect(stopsWith({ SMS_RECEIPT_SECRET: 'short' })).toContain(
      'SMS_RECEIPT_SECRET must be at least 16 characters',
    );
  });

  it('production refuses the outbox, as the gateway or as the fallback, and SMS Misr’s test environment', () => {
    expect(
      stopsWith({ ...production, ...ACCOUNTS, SMS_PROVIDER: 'vonage', SMS_FALLBACK_PROVIDER: 'outbox' }),
    ).toContain(
      'SMS_FALLBACK_PROVIDER: SMS_FALLBACK_PROVIDER=outbox writes codes to the log instead of phones',
    );
    expect(
      stopsWith({ ...production, ...ACCOUNTS, SMS_PROVIDER: 'smsmisr', SMSMISR_ENVIRONMENT: '2' }),
    ).toContain('SMSMISR_ENVIRONMENT=2 is SMS Misr’s test environment, which delivers nothing');
    const c = loadConfig({
      ...production,
      ...ACCOUNTS,
      SMS_PROVIDER: 'smsmisr',
      SMS_FALLBACK_PROVIDER: 'infobip',
    });
    expect([c.SMS_PROVIDER, c.SMS_FALLBACK_PROVIDER, c.SMS_TIMEOUT_MS]).toEqual([
      'smsmisr',
      'infobip',
      10_000,
    ]);
  });

  it.each(SMS_PROVIDERS)('SMS_PROVIDER=%s with its settings builds that gateway', (provider) => {
    const c = loadConfig({ ...ACCOUNTS, SMS_PROVIDER: provider, SMS_TIMEOUT_MS: '2500' });
    const { primary, fallback } = createSmsGateways(c, { db: {} as never });
    expect([primary.name, fallback]).toEqual([provider, undefined]);
    expect(c.SMS_TIMEOUT_MS).toBe(2500);
  });
});
