/**
 * What every part of the API is given: the database, the clock, the senders and gateways, the limits. app.ts builds
 * it (`app.ctx`); modules and jobs take the parts they need (`Pick<AppContext, 'db' | 'clock'>`) from here, not
 * from app.ts, so no module imports the file that imports every module's routes (decision 029).
 */
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { SmsGateway, SmsSender } from './adapters/sms/index.ts';
import type { RecordedEmailSender } from './modules/messages/email.ts';
import type { WhatsAppSender } from './adapters/whatsapp/index.ts';
import type { AuthLimits } from './modules/auth/limits.ts';
import type { Geocoder } from './adapters/geocoder.ts';
import type { PaymentProvider } from './adapters/payments/provider.ts';
import type { Courier } from './adapters/couriers/types.ts';
import type { GeocodingOptions } from './modules/addresses/geocoding.ts';
import type { InvoicingSettings } from './modules/invoices/index.ts';

export interface AppContext {
  db: Database['db'];
  clock: Clock;
  env: 'development' | 'production' | 'test';
  sms: SmsSender;
  /** The gateways behind `sms` (delivery receipts are read by theirs; the dev routes reach the outbox). */
  smsGateways: SmsGateway[];
  smsReceiptSecret?: string;
  /** Email to shoppers with an address and to staff (recorded); null when the store sends none. */
  email: RecordedEmailSender | null;
  /** WhatsApp template messages for the order steps (WHATSAPP_PROVIDER=cloud); null when the store sends none. */
  whatsapp: WhatsAppSender | null;
  authLimits: AuthLimits;
  payments: PaymentProvider;
  /** Who delivers (COURIER): the manual courier (staff type the tracking number) or Bosta. */
  courier: Courier;
  geocoder: Geocoder;
  geocoding: GeocodingOptions;
  /** The store's public address, no trailing slash: every link the server builds starts with it. */
  publicUrl: string;
  /** VAT, invoices and e-receipts (issue 47): the seller, the delivery fee's VAT rate, the ETA (null: off). */
  invoicing: InvoicingSettings;
}
