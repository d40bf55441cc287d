/**
 * COURIER=manual (the default): no courier's API. Staff hand the parcel to a carrier of their choice and type its
 * name and tracking number on the order; there is no label to print, nothing to ask and no webhook. Every call that
 * would need a courier's API says so (CourierRefused 'unsupported').
 */
import {
  CourierRefused,
  type Courier,
  type CreatedShipment,
  type ShipmentRequest,
  type TrackedShipment,
} from './types.ts';

export class ManualCourier implements Courier {
  readonly name = 'manual' as const;

  async createShipment(_request: ShipmentRequest): Promise<CreatedShipment> {
    throw new CourierRefused(
      'manual',
      'unsupported',
      'staff type the carrier and tracking number on the order',
    );
  }

  async label(_ids: string[]): Promise<Buffer> {
    throw new CourierRefused('manual', 'unsupported', 'the carrier prints its own label');
  }

  async track(trackingNumber: string): Promise<TrackedShipment> {
    return { trackingNumber, stateCode: null, status: null };
  }

  async cancel(_id: string): Promise<void> {
    // Nothing to tell anyone: staff deal with their carrier.
  }
}
