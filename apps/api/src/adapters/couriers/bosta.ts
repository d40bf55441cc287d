/**
 * Bosta (https://bosta.co), Egypt's courier, through its REST API v2 as Bosta documents it (docs.bosta.co: "Create
 * Your First Delivery", "Format Bosta Address", "Get Shipment Status via Webhook") and as its own WooCommerce plugin
 * calls it: every call carries the business's API key as the `Authorization` header, as is; answers are JSON with
 * `success`, `message` and `data`.
 *
 * - create a delivery: POST /deliveries?apiVersion=1, type 10 (deliver), `cod` in pounds, `receiver`,
 *   `dropOffAddress` (Bosta's city name, district, first line), `specs.packageDetails`, `businessReference` (the
 *   order number, printed on the label) and `uniqueBusinessReference` (Bosta refuses a second delivery with it);
 * - the label (AWB): GET /deliveries/mass-awb?ids=…&lang=ar, a PDF in base64 in `data`;
 * - tracking: GET /deliveries/business/{trackingNumber}, whose `data.state` is `{code, value}`;
 * - cancel: DELETE /deliveries/business/{id}/terminate.
 *
 * A refusal in any form (an HTTP error, `success: false` inside a 200, an answer without a tracking number, no
 * answer within the time allowed) throws CourierRefused: a shipment is never reported made when Bosta did not make
 * it. Bosta's webhook carries the secret the shop set in Bosta's dashboard in its `Authorization` header.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { bostaCityFor, bostaDistrictFor } from './bosta-places.ts';
import { BOSTA_STATES, bostaEffect, bostaReturnPickupNews, bostaStateCode } from './bosta-states.ts';
import { callCourier, clip, type CourierAnswer, type CourierHttp } from './http.ts';
import {
  CourierRefused,
  type Courier,
  type CourierEvent,
  type CreatedShipment,
  type ReturnPickupRequest,
  type ShipmentRequest,
  type TrackedShipment,
  type WebhookInput,
} from './types.ts';

/** Bosta's production API (BOSTA_URL's default); its staging API is https://stg-app.bosta.co/api/v2. */
export const BOSTA_URL = 'https://app.bosta.co/api/v2';

/** Bosta's public tracking page of a shipment (what the shopper is sent to). */
export const bostaTrackingUrl = (trackingNumber: string) =>
  `https://bosta.co/tracking-shipments?shipment-number=${encodeURIComponent(trackingNumber)}`;

/** Bosta's type code of a delivery to the receiver ("Deliver", documented as 10). */
export const BOSTA_DELIVER = 10;
/**
 * Bosta's type code of a Customer Return Pickup (25, "CRP" in Bosta's own SDKs' DELIVERY_TYPES): the courier picks
 * the items up at the customer's address (`dropOffAddress`) and brings them back to the business.
 */
export const BOSTA_CUSTOMER_RETURN_PICKUP = 25;

export interface BostaOptions extends CourierHttp {
  /** BOSTA_URL: the API's address, up to /api/v2. */
  url: string;
  /** BOSTA_API_KEY: the business's API key (Bosta dashboard, Settings, API Integration). */
  apiKey: string;
  /** BOSTA_WEBHOOK_SECRET: what Bosta sends in the webhook's Authorization header. */
  webhookSecret: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** Bosta's words for a refusal: its `message`, or the first of a list of validation errors. */
function bostaMessage(json: unknown, text: string): string {
  if (isObject(json)) {
    if (typeof json.message === 'string' && json.message) return json.message;
    if (isObject(json.data) && typeof json.data.message === 'string') return json.data.message;
  }
  if (Array.isArray(json) && isObject(json[0]) && typeof json[0].message === 'string') return json[0].message;
  return text ? text.slice(0, 200) : 'no message';
}

/** Same length strings compared in constant time (hashes, so the length leaks nothing either). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const pounds = (piastres: number) => Math.round(piastres) / 100;

export class BostaCourier implements Courier {
  readonly name = 'bosta' as const;
  private readonly base: string;

  constructor(private readonly opts: BostaOptions) {
    this.base = opts.url.replace(/\/+$/, '');
  }

  private async call(method: string, path: string, body?: unknown): Promise<CourierAnswer> {
    return callCourier(
      'bosta',
      `${this.base}${path}`,
      {
        method,
        headers: {
          Authorization: this.opts.apiKey,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      this.opts,
    );
  }

  /** The answer's `data` when Bosta did what was asked; otherwise CourierRefused with its status and words. */
  private accepted(answer: CourierAnswer): unknown {
    const { status, json, text } = answer;
    if (status < 200 || status >= 300)
      throw new CourierRefused(
        'bosta',
        'refused',
        `HTTP ${status} ${clip(bostaMessage(json, text))}`,
        status,
      );
    if (!isObject(json))
      throw new CourierRefused(
        'bosta',
        'refused',
        `HTTP ${status}, not a JSON answer: ${clip(text)}`,
        status,
      );
    if (json.success === false)
      throw new CourierRefused(
        'bosta',
        'refused',
        `success false: ${clip(bostaMessage(json, text))}`,
        status,
      );
    return json.data;
  }

  /** The delivery Bosta is asked to make (exported for the tests through `deliveryBody`). */
  deliveryBody(r: ShipmentRequest) {
    const city = bostaCityFor(r.address.governorate);
    if (!city)
      throw new CourierRefused(
        'bosta',
        'refused',
        `no Bosta city for the governorate "${clip(r.address.governorate)}" (adapters/couriers/bosta-places.ts)`,
      );
    const districtName = bostaDistrictFor(city.code, r.address.district) ?? r.address.district;
    // Bosta wants a first line of more than 5 characters: the building and street, then the district if short.
    let firstLine = `${r.address.building} ${r.address.street}`.trim();
    if (firstLine.length <= 5) firstLine = `${firstLine}, ${r.address.district}`;
    return {
      type: BOSTA_DELIVER,
      specs: { packageDetails: { itemsCount: r.package.itemsCount, description: r.package.description } },
      cod: pounds(r.codPiastres),
      dropOffAddress: {
        city: city.name,
        districtName,
        firstLine,
        ...(r.address.instructions ? { secondLine: r.address.instructions } : {}),
        buildingNumber: r.address.building,
        floor: r.address.floor,
        apartment: r.address.apartment,
      },
      receiver: { firstName: r.receiver.firstName, lastName: r.receiver.lastName, phone: r.receiver.phone },
      businessReference: r.orderNumber,
      uniqueBusinessReference: `order-${r.orderId}`,
      ...(r.notes ? { notes: r.notes } : {}),
    };
  }

  /** The return's pickup Bosta is asked for: the shopper's address and person, nothing to collect. */
  returnPickupBody(r: ReturnPickupRequest) {
    const delivery = this.deliveryBody({ ...r, codPiastres: 0 });
    return {
      ...delivery,
      type: BOSTA_CUSTOMER_RETURN_PICKUP,
      specs: undefined,
      returnSpecs: delivery.specs,
      businessReference: `${r.orderNumber}-R${r.returnId}`,
      uniqueBusinessReference: `return-${r.returnId}`,
    };
  }

  async createReturnPickup(r: ReturnPickupRequest): Promise<CreatedShipment> {
    return this.created(await this.call('POST', '/deliveries?apiVersion=1', this.returnPickupBody(r)));
  }

  async createShipment(r: ShipmentRequest): Promise<CreatedShipment> {
    const body = this.deliveryBody(r);
    return this.created(await this.call('POST', '/deliveries?apiVersion=1', body));
  }

  /** The delivery Bosta made: its id and tracking number, or CourierRefused. */
  private created(answer: CourierAnswer): CreatedShipment {
    const data = this.accepted(answer);
    const trackingNumber = isObject(data) ? data.trackingNumber : undefined;
    const id = isObject(data) ? data._id : undefined;
    if ((typeof trackingNumber !== 'string' && typeof trackingNumber !== 'number') || typeof id !== 'string')
      throw new CourierRefused('bosta', 'refused', 'the answer holds no tracking number or delivery id');
    return { courierShipmentId: id, trackingNumber: String(trackingNumber) };
  }

  async label(ids: string[]): Promise<Buffer> {
    const query = `ids=${ids.map(encodeURIComponent).join(',')}&lang=ar`;
    const data = this.accepted(await this.call('GET', `/deliveries/mass-awb?${query}`));
    const pdf = typeof data === 'string' ? Buffer.from(data, 'base64') : Buffer.alloc(0);
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new CourierRefused('bosta', 'refused', 'the label answer holds no PDF');
    return pdf;
  }

  async track(trackingNumber: string): Promise<TrackedShipment> {
    const data = this.accepted(
      await this.call('GET', `/deliveries/business/${encodeURIComponent(trackingNumber)}`),
    );
    const code = isObject(data) ? bostaStateCode(data.state) : null;
    const effect = code === null ? 'note' : bostaEffect(code);
    return {
      trackingNumber,
      stateCode: code,
      status: effect === 'note' || effect === 'exception' ? null : effect,
    };
  }

  async cancel(courierShipmentId: string): Promise<void> {
    this.accepted(
      await this.call('DELETE', `/deliveries/business/${encodeURIComponent(courierShipmentId)}/terminate`),
    );
  }

  parseWebhook(input: WebhookInput): CourierEvent[] | null {
    const header = input.headers.authorization;
    const given = Array.isArray(header) ? header[0] : header;
    if (!given) return null;
    const token = given.startsWith('Bearer ') ? given.slice(7) : given;
    if (!sameSecret(token, this.opts.webhookSecret) && !sameSecret(given, this.opts.webhookSecret))
      return null;
    const items = Array.isArray(input.body) ? input.body : [input.body];
    const events: CourierEvent[] = [];
    for (const item of items) {
      if (!isObject(item)) continue;
      const tn = item.trackingNumber;
      const trackingNumber =
        typeof tn === 'number' && Number.isInteger(tn) ? String(tn) : typeof tn === 'string' ? tn.trim() : '';
      const stateCode = bostaStateCode(item.state);
      if (!trackingNumber || trackingNumber.length > 40 || stateCode === null) continue;
      const cod = typeof item.cod === 'number' ? item.cod : Number(item.cod);
      const effect = bostaEffect(stateCode);
      const returnPickup = bostaReturnPickupNews(stateCode);
      events.push({
        trackingNumber,
        ...(typeof item._id === 'string' ? { courierShipmentId: item._id } : {}),
        stateCode,
        stateName: BOSTA_STATES[stateCode] ?? `State ${stateCode}`,
        effect,
        at: dateOf(item.timeStamp ?? item.timestamp),
        ...(effect === 'delivered' && Number.isFinite(cod) && cod >= 0
          ? { codCollectedPiastres: Math.round(cod * 100) }
          : {}),
        ...(typeof item.exceptionReason === 'string' && item.exceptionReason
          ? { reason: item.exceptionReason.slice(0, 300) }
          : {}),
        ...(returnPickup ? { returnPickup } : {}),
      });
    }
    return events;
  }
}

/** A webhook's time: milliseconds (or seconds) since 1970, or an ISO date; null when it is neither. */
function dateOf(v: unknown): Date | null {
  let d: Date | null = null;
  if (typeof v === 'number' && Number.isFinite(v)) d = new Date(v < 1e12 ? v * 1000 : v);
  else if (typeof v === 'string' && /^\d{10,13}$/.test(v)) d = dateOf(Number(v));
  else if (typeof v === 'string' && v) d = new Date(v);
  return d && !Number.isNaN(d.getTime()) ? d : null;
}
