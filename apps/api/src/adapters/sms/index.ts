import type { SmsProvider } from '@store/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { CequensGateway } from './cequens.ts';
import { HttpGateway } from './generic-http.ts';
import { InfobipGateway } from './infobip.ts';
import { OutboxGateway } from './outbox.ts';
import type { SmsSettings } from './settings.ts';
import { SmsMisrGateway } from './smsmisr.ts';
import { TwilioGateway } from './twilio.ts';
import type { SmsGateway } from './types.ts';
import { VictoryLinkGateway } from './victorylink.ts';
import { VodafoneGateway } from './vodafone.ts';
import { VonageGateway } from './vonage.ts';

export * from './types.ts';
export { callGateway, DEFAULT_SMS_TIMEOUT_MS } from './http.ts';
export { OutboxGateway } from './outbox.ts';
export { HttpGateway, type HttpSmsOptions } from './generic-http.ts';
export { SmsMisrGateway, SMSMISR_CODES } from './smsmisr.ts';
export { CequensGateway } from './cequens.ts';
export { VictoryLinkGateway } from './victorylink.ts';
export { VodafoneGateway, web2smsSecureHash } from './vodafone.ts';
export { TwilioGateway } from './twilio.ts';
export { InfobipGateway } from './infobip.ts';
export { VonageGateway } from './vonage.ts';
export { checkSmsSettings, smsSettingsShape, SMS_REQUIRED_SETTINGS, type SmsSettings } from './settings.ts';

/** What the outbox gateway writes to (the demo and tests). */
export interface OutboxDeps {
  db: Db;
  log?: Pick<FastifyBaseLogger, 'info'>;
  /** The demo server: each message is also printed as a block of its own, easy to find among the log lines. */
  print?: (block: string) => void;
}

/** The gateway a setting names (SMS_PROVIDER, SMS_FALLBACK_PROVIDER); config.ts has checked its settings. */
export function createSmsGateway(name: SmsProvider, s: SmsSettings, outbox: OutboxDeps): SmsGateway {
  const http = { timeoutMs: s.SMS_TIMEOUT_MS };
  switch (name) {
    case 'outbox':
      return new OutboxGateway(outbox.db, outbox.log, outbox.print);
    case 'http':
      return new HttpGateway({
        ...http,
        url: s.SMS_HTTP_URL!,
        token: s.SMS_HTTP_TOKEN!,
        senderId: s.SMS_SENDER_ID,
      });
    case 'smsmisr':
      return new SmsMisrGateway({
        ...http,
        url: s.SMSMISR_URL,
        username: s.SMSMISR_USERNAME!,
        password: s.SMSMISR_PASSWORD!,
        sender: s.SMSMISR_SENDER!,
        environment: s.SMSMISR_ENVIRONMENT!,
      });
    case 'cequens':
      return new CequensGateway({
        ...http,
        url: s.CEQUENS_URL,
        token: s.CEQUENS_TOKEN!,
        senderName: s.CEQUENS_SENDER!,
      });
    case 'victorylink':
      return new VictoryLinkGateway({
        ...http,
        url: s.VICTORYLINK_URL,
        username: s.VICTORYLINK_USERNAME!,
        password: s.VICTORYLINK_PASSWORD!,
        sender: s.VICTORYLINK_SENDER!,
      });
    case 'vodafone':
      return new VodafoneGateway({
        ...http,
        url: s.VODAFONE_URL,
        accountId: s.VODAFONE_ACCOUNT_ID!,
        password: s.VODAFONE_PASSWORD!,
        secret: s.VODAFONE_SECRET!,
        sender: s.VODAFONE_SENDER!,
      });
    case 'twilio':
      return new TwilioGateway({
        ...http,
        url: s.TWILIO_URL,
        accountSid: s.TWILIO_ACCOUNT_SID!,
        authToken: s.TWILIO_AUTH_TOKEN!,
        from: s.TWILIO_FROM,
        messagingServiceSid: s.TWILIO_MESSAGING_SERVICE_SID,
      });
    case 'infobip':
      return new InfobipGateway({
        ...http,
        url: s.INFOBIP_URL,
        apiKey: s.INFOBIP_API_KEY!,
        sender: s.INFOBIP_SENDER!,
      });
    case 'vonage':
      return new VonageGateway({
        ...http,
        url: s.VONAGE_URL,
        apiKey: s.VONAGE_API_KEY!,
        apiSecret: s.VONAGE_API_SECRET!,
        sender: s.VONAGE_SENDER!,
      });
  }
}

/** SMS_PROVIDER's gateway and SMS_FALLBACK_PROVIDER's, when set. */
export function createSmsGateways(s: SmsSettings, outbox: OutboxDeps) {
  return {
    primary: createSmsGateway(s.SMS_PROVIDER, s, outbox),
    fallback: s.SMS_FALLBACK_PROVIDER ? createSmsGateway(s.SMS_FALLBACK_PROVIDER, s, outbox) : undefined,
  };
}
