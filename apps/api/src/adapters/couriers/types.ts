/**
 * How the store hands an order to a courier (issue 48): a shipment is created with the courier, its label (AWB)
 * printed, its progress read, and it may be cancelled while the courier has not picked it up. The courier's news
 * comes back by webhook, read by the courier's own parser. COURIER chooses one: `manual` (staff type the carrier's
 * name and tracking number themselves), `bosta`, `aramex` or `mylerz`.
 */

/** What a shipment is doing, as the store reads it (the courier's own states map onto these). */
export const SHIPMENT_STATUSES = ['created', 'delivering', 'delivered', 'returned', 'canceled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const COURIERS = ['manual', 'bosta', 'aramex', 'mylerz'] as const;
export type CourierName = (typeof COURIERS)[number];

/** One shipment as the store asks for it: who receives it, where, what is in it and what to collect. */
export interface ShipmentRequest {
  /** The store's order id: the courier keeps it as a unique reference, so a retry cannot make a second delivery. */
  orderId: number;
  /** The number shoppers and staff read, printed on the label. */
  orderNumber: string;
  receiver: {
    firstName: string;
    lastName: string;
    /** 01XXXXXXXXX, the mobile number the courier calls. */
    phone: string;
  };
  address: {
    /** The store's governorate and district as the shopper chose them; each courier maps them to its own places. */
    governorate: string;
    district: string;
    street: string;
    building: string;
    floor: string;
    apartment: string;
    instructions?: string | null;
  };
  package: {
    itemsCount: number;
    description: string;
  };
  /** Cash to collect on the doorstep, in piastres: the order's total for cash and card-on-delivery, else 0. */
  codPiastres: number;
  notes?: string;
}

/**
 * A return's pickup (issue 48 item 5): the courier fetches the items at the shopper's address (the order's) and
 * brings them back to the shop. Nothing is collected.
 */
export type ReturnPickupRequest = Omit<ShipmentRequest, 'codPiastres'> & {
  /** The store's return id: the courier keeps it as a unique reference, so a retry books no second pickup. */
  returnId: number;
};

/** A shipment the courier accepted. */
export interface CreatedShipment {
  /** The courier's own id of the delivery (Bosta's `_id`): its label and cancel calls take it. */
  courierShipmentId: string;
  trackingNumber: string;
}

/** A shipment's state as the courier reports it when asked. */
export interface TrackedShipment {
  trackingNumber: string;
  /** The courier's state code (Bosta: 10, 21, 41, 45, 46, ...). */
  stateCode: number | null;
  /** What it means for the store; null: nothing changes (still created, an exception, or unknown). */
  status: ShipmentStatus | null;
}

/**
 * One event a courier's webhook reported: its state, when, and for which shipment. `effect` says what it does to
 * the shipment: a new status, or only a line in the order's history (`exception`, `note`).
 */
export interface CourierEvent {
  trackingNumber: string;
  courierShipmentId?: string;
  stateCode: number;
  /** The courier's words for the state (for the history; never trusted to decide: Bosta's 45 and 46 both say "Delivered"). */
  stateName: string;
  effect: ShipmentStatus | 'exception' | 'note';
  /** When the state changed, as the courier says; null when it did not say. */
  at: Date | null;
  /** Cash the courier says it collected (delivered events), in piastres. */
  codCollectedPiastres?: number;
  /** The courier's reason for an exception, as it wrote it. */
  reason?: string;
  /**
   * What the state means when the parcel is a return's pickup (issue 48 item 5; Bosta's 23 and 46 of a Customer
   * Return Pickup): the items picked up at the shopper's, or handed back to the shop. Absent: nothing for a return.
   */
  returnPickup?: ReturnPickupNews;
}

/** A return pickup's news the store records: picked up at the shopper's, or back at the shop. */
export type ReturnPickupNews = 'picked_up' | 'back_at_shop';

/** What a webhook request holds, for a courier's parser. */
export interface WebhookInput {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface Courier {
  readonly name: CourierName;
  /** Creates the delivery. Resolves only when the courier accepted it; any refusal or timeout throws CourierRefused. */
  createShipment(request: ShipmentRequest): Promise<CreatedShipment>;
  /** The label (AWB) as a PDF, for one or more of the courier's shipment ids. */
  label(courierShipmentIds: string[]): Promise<Buffer>;
  /** The shipment's current state, asked of the courier. */
  track(trackingNumber: string): Promise<TrackedShipment>;
  /**
   * Books the pickup of a shopper's return (Bosta: a Customer Return Pickup, type 25). Absent: the courier books
   * none (COURIER=manual: staff type the carrier and tracking number of the pickup).
   */
  createReturnPickup?(request: ReturnPickupRequest): Promise<CreatedShipment>;
  /** Cancels a delivery the courier has not picked up yet. */
  cancel(courierShipmentId: string): Promise<void>;
  /**
   * Reads a webhook request: null when it does not carry the shop's secret (the caller answers 401 and changes
   * nothing), else its events ([] when it holds none the store can read). Absent: the courier has no webhook.
   */
  parseWebhook?(input: WebhookInput): CourierEvent[] | null;
}

export type CourierRefusalKind = 'refused' | 'timeout' | 'unreachable' | 'unsupported';

/**
 * A courier did not do what was asked: it refused (an HTTP error, or `success: false` inside a 200), did not
 * answer within the time allowed, could not be reached, or does not do this at all (the manual courier prints no
 * label). The message names the courier's code and words, never the receiver's phone.
 */
export class CourierRefused extends Error {
  override readonly name = 'CourierRefused';
  constructor(
    readonly courier: string,
    readonly kind: CourierRefusalKind,
    readonly reason: string,
    /** The HTTP status the courier answered with, if any (401: the API key is wrong). */
    readonly status?: number,
  ) {
    super(
      `${courier} ${
        kind === 'refused'
          ? 'refused'
          : kind === 'timeout'
            ? 'did not answer in time'
            : kind === 'unreachable'
              ? 'could not be reached'
              : 'cannot do this'
      }: ${reason}`,
    );
  }
}
