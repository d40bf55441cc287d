import { AramexCourier, aramexTrackingUrl } from './aramex.ts';
import { BostaCourier, bostaTrackingUrl } from './bosta.ts';
import { ManualCourier } from './manual.ts';
import { MylerzCourier, mylerzTrackingUrl } from './mylerz.ts';
import type { CourierSettings } from './settings.ts';
import type { Courier } from './types.ts';

export * from './types.ts';
export { BostaCourier, BOSTA_URL, BOSTA_DELIVER, bostaTrackingUrl } from './bosta.ts';
export { AramexCourier, ARAMEX_URL, aramexTrackingUrl } from './aramex.ts';
export { MylerzCourier, MYLERZ_URL, mylerzTrackingUrl } from './mylerz.ts';
export { ManualCourier } from './manual.ts';
export { mergePdfs, isPdf, readsAsPdf } from './pdf-merge.ts';
export { BOSTA_STATES, bostaEffect, bostaStateCode } from './bosta-states.ts';
export { BOSTA_CITIES, bostaCityFor, bostaDistrictFor } from './bosta-places.ts';
export { checkCourierSettings, courierSettingsShape, type CourierSettings } from './settings.ts';

/** The couriers whose API prints labels and cancels (all but the manual one). */
export const API_COURIERS = ['bosta', 'aramex', 'mylerz'] as const;

/** A courier's name as shoppers and staff read it (a manual shipment: the carrier staff typed). */
export function courierDisplayName(
  courier: string,
  locale: 'ar' | 'en',
  carrierName?: string | null,
): string {
  switch (courier) {
    case 'bosta':
      return locale === 'ar' ? 'بوسطة' : 'Bosta';
    case 'aramex':
      return locale === 'ar' ? 'أرامكس' : 'Aramex';
    case 'mylerz':
      return locale === 'ar' ? 'مايلرز' : 'Mylerz';
    default:
      return carrierName ?? '';
  }
}

/** The courier's public tracking page of a parcel, or null (a carrier typed by hand). */
export function courierTrackingUrl(courier: string, trackingNumber: string): string | null {
  if (courier === 'bosta') return bostaTrackingUrl(trackingNumber);
  if (courier === 'aramex') return aramexTrackingUrl(trackingNumber);
  if (courier === 'mylerz') return mylerzTrackingUrl(trackingNumber);
  return null;
}

/** The courier COURIER names; config.ts has checked its settings. */
export function createCourier(s: CourierSettings): Courier {
  switch (s.COURIER) {
    case 'manual':
      return new ManualCourier();
    case 'bosta':
      return new BostaCourier({
        url: s.BOSTA_URL,
        apiKey: s.BOSTA_API_KEY!,
        webhookSecret: s.BOSTA_WEBHOOK_SECRET!,
      });
    case 'aramex':
      return new AramexCourier({
        url: s.ARAMEX_URL,
        clientInfo: {
          UserName: s.ARAMEX_USERNAME!,
          Password: s.ARAMEX_PASSWORD!,
          Version: s.ARAMEX_VERSION,
          AccountNumber: s.ARAMEX_ACCOUNT_NUMBER!,
          AccountPin: s.ARAMEX_ACCOUNT_PIN!,
          AccountEntity: s.ARAMEX_ACCOUNT_ENTITY!,
          AccountCountryCode: s.ARAMEX_ACCOUNT_COUNTRY_CODE,
        },
        shipper: {
          name: s.ARAMEX_SHIPPER_NAME!,
          phone: s.ARAMEX_SHIPPER_PHONE!,
          address: s.ARAMEX_SHIPPER_ADDRESS!,
          city: s.ARAMEX_SHIPPER_CITY,
        },
      });
    case 'mylerz':
      return new MylerzCourier({
        url: s.MYLERZ_URL,
        username: s.MYLERZ_USERNAME!,
        password: s.MYLERZ_PASSWORD!,
        warehouse: s.MYLERZ_WAREHOUSE!,
      });
  }
}
