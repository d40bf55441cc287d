/**
 * The back office's shipments (issue 48): an order's parcels with their courier's events, "ship with Bosta" (one
 * order or many), a carrier and tracking number typed by hand, and the label (AWB) to print.
 */
import { z } from 'zod';
import { idParam } from './catalog.ts';
import { text } from './text.ts';

export const SHIPMENT_CARRIER_MAX = 80;
export const TRACKING_NUMBER_MAX = 60;

export const adminShipmentEventSchema = z.object({
  state_code: z.number().int(),
  state_name: z.string(),
  /** delivering, delivered, returned, canceled, exception or note. */
  effect: z.string(),
  occurred_at: z.string(),
  reason: z.string().nullable(),
  /** Whether it moved the shipment (false: late, repeated news or an exception). */
  applied: z.boolean(),
});

export const adminShipmentSchema = z.object({
  id: z.number().int(),
  /** bosta, aramex, mylerz or manual. */
  courier: z.string(),
  carrier: z.string(),
  tracking_number: z.string(),
  tracking_url: z.string().nullable(),
  /** created, delivering, delivered, returned, canceled. */
  status: z.string(),
  /** EGP to collect on the doorstep, and what the courier says it collected. */
  cod: z.number(),
  cod_collected: z.number().nullable(),
  /** Whether the courier prints a label for it (Bosta's do; a carrier typed by hand: none). */
  has_label: z.boolean(),
  label_printed_at: z.string().nullable(),
  created_at: z.string(),
  events: z.array(adminShipmentEventSchema),
});
export type AdminShipment = z.infer<typeof adminShipmentSchema>;

/** The couriers COURIER may name. */
export const STORE_COURIERS = ['manual', 'bosta', 'aramex', 'mylerz'] as const;
export type StoreCourier = (typeof STORE_COURIERS)[number];

/** GET /v1/admin/orders/courier: the courier the store ships with. */
export const adminCourierResponseSchema = z.object({ courier: z.enum(STORE_COURIERS) });

export const adminShipmentsResponseSchema = z.object({
  /**
   * The courier the store ships with (COURIER): `bosta`, `aramex` or `mylerz` offer "ship with …" (and cancel a
   * shipment with them); `manual` only the typed one.
   */
  courier: z.enum(STORE_COURIERS),
  shipments: z.array(adminShipmentSchema),
});
export type AdminShipmentsResponse = z.infer<typeof adminShipmentsResponseSchema>;

const typed = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    text({ typeError: 'required' })
      .min(1, { error: 'required', abort: true })
      .max(max, { error: `too_long:${max}` }),
  );

/**
 * POST /v1/admin/orders/{id}/shipments: empty, the store's courier makes the delivery (Bosta); with a carrier and a
 * tracking number, staff record the parcel they handed to a carrier themselves.
 */
export const adminShipBodySchema = z
  .object({
    carrier: typed(SHIPMENT_CARRIER_MAX).optional(),
    tracking_number: typed(TRACKING_NUMBER_MAX).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.carrier !== undefined && b.tracking_number === undefined)
      ctx.addIssue({ code: 'custom', path: ['tracking_number'], message: 'required' });
    if (b.tracking_number !== undefined && b.carrier === undefined)
      ctx.addIssue({ code: 'custom', path: ['carrier'], message: 'required' });
  });
export type AdminShipBody = z.infer<typeof adminShipBodySchema>;

/** POST /v1/admin/orders/shipments: ship many orders with the store's courier at once. */
export const adminShipManyBodySchema = z.object({
  order_ids: z.array(idParam).min(1, { error: 'required' }).max(100, { error: 'too_many:100' }),
});
export const adminShipManyResponseSchema = z.object({
  results: z.array(
    z.object({
      order_id: z.number().int(),
      /** The tracking number when the courier took it; else why not, in the staff member's language. */
      tracking_number: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});

/** GET /v1/admin/orders/labels?order_ids=1,2,3: one PDF with the labels of these orders' live shipments. */
export const adminLabelsQuerySchema = z.object({
  order_ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, { error: 'invalid_value' })
    .transform((s) => [...new Set(s.split(',').map(Number))]),
});

/**
 * POST /v1/admin/orders/labels: the labels of many orders in one PDF (base64), and each order's result: printed, or
 * why not in the staff member's language (one order's failure does not stop the others). `pdf` is null when none
 * printed.
 */
export const adminLabelsBodySchema = adminShipManyBodySchema;
export const adminLabelsResponseSchema = z.object({
  results: z.array(
    z.object({
      order_id: z.number().int(),
      printed: z.boolean(),
      error: z.string().nullable(),
    }),
  ),
  pdf: z.string().nullable(),
});
export type AdminLabelsResponse = z.infer<typeof adminLabelsResponseSchema>;
