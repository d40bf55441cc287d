import { BostaCourier } from './bosta.ts';
import { ManualCourier } from './manual.ts';
import type { CourierSettings } from './settings.ts';
import type { Courier } from './types.ts';

export * from './types.ts';
export { BostaCourier, BOSTA_URL, BOSTA_DELIVER, bostaTrackingUrl } from './bosta.ts';
export { ManualCourier } from './manual.ts';
export { BOSTA_STATES, bostaEffect, bostaStateCode } from './bosta-states.ts';
export { BOSTA_CITIES, bostaCityFor, bostaDistrictFor } from './bosta-places.ts';
export { checkCourierSettings, courierSettingsShape, type CourierSettings } from './settings.ts';

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
  }
}
