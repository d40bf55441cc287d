/**
 * Mylerz (https://mylerz.com), Egypt's courier, through its integration API as its help pages
 * (integration.mylerz.net/Help) and its own WooCommerce and Shopify apps call it:
 *
 * - a token first: POST {MYLERZ_URL}/token, a form with username, password and grant_type=password (OAuth's password
 *   grant); refused: 400 with `error: invalid_grant`. The token goes as `Authorization: bearer …` and is kept until
 *   its `expires_in` (less a minute); a call refused with it (401) drops it and logs in once more;
 * - answers are `{Value, IsErrorState, ErrorDescription}`;
 * - create: POST api/Orders/AddOrders, a list of one order (warehouse, reference, receiver, Mylerz's city and zone
 *   codes, COD or PP with COD_Value in EGP); the answer's Value.Packages[0].BarCode is the AWB;
 * - the label: POST api/packages/GetAWB {Barcode}: the PDF in base64 in Value;
 * - tracking: POST api/packages/TrackPackages [{Barcode}]: each package's status in words (Mylerz documents no codes);
 * - cancel: POST api/packages/CancelPackage [{Barcode}]: each package's IsChanged, and why not.
 *
 * A refusal in any form throws CourierRefused: never a shipment. Mylerz has no webhook.
 */
import { mylerzPlaceFor } from './courier-places.ts';
import { callCourier, clip, type CourierHttp } from './http.ts';
import { isPdf, mergePdfs } from './pdf-merge.ts';
import {
  CourierRefused,
  type Courier,
  type CreatedShipment,
  type ShipmentRequest,
  type ShipmentStatus,
  type TrackedShipment,
} from './types.ts';

/** Mylerz's integration API (Egypt). */
export const MYLERZ_URL = 'https://integration.mylerz.net';

/** Mylerz's public tracking page of a parcel. */
export const mylerzTrackingUrl = (barcode: string) =>
  `https://mylerz.net/trackShipment/${encodeURIComponent(barcode)}`;

export interface MylerzOptions extends CourierHttp {
  url: string;
  username: string;
  password: string;
  /** The warehouse (pickup place) Mylerz set up for the shop, by name. */
  warehouse: string;
  now?: () => Date;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const pounds = (piastres: number) => Math.round(piastres) / 100;

/** Mylerz's words for a package's status, read as the store reads them (null: nothing changes). */
export function mylerzEffect(words: string): ShipmentStatus | null {
  const w = words.toLowerCase();
  if (/return/.test(w)) return 'returned';
  if (/cancel/.test(w)) return 'canceled';
  if (/out for delivery/.test(w)) return 'delivering';
  if (/deliver/.test(w)) return 'delivered';
  if (/transit|picked|received|sorting|hub|dispatch|on the way/.test(w)) return 'delivering';
  return null;
}

export class MylerzCourier implements Courier {
  readonly name = 'mylerz' as const;
  private readonly base: string;
  private token: { value: string; until: number } | null = null;

  constructor(private readonly opts: MylerzOptions) {
    this.base = opts.url.replace(/\/+$/, '');
  }

  private now() {
    return (this.opts.now ?? (() => new Date()))();
  }

  private async login(): Promise<string> {
    if (this.token && this.token.until > this.now().getTime()) return this.token.value;
    const answer = await callCourier(
      'mylerz',
      `${this.base}/token`,
      {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          username: this.opts.username,
          password: this.opts.password,
          grant_type: 'password',
        }).toString(),
      },
      this.opts,
    );
    const json = isObject(answer.json) ? answer.json : {};
    const token = json.access_token;
    if (answer.status < 200 || answer.status >= 300 || typeof token !== 'string' || !token) {
      const why = [json.error, json.error_description].filter((x) => typeof x === 'string' && x).join(': ');
      throw new CourierRefused(
        'mylerz',
        'refused',
        `login refused: HTTP ${answer.status} ${clip(why || answer.text || 'no token')}`,
        // A refused login is a wrong user name or password, whatever status it came with.
        401,
      );
    }
    const seconds = typeof json.expires_in === 'number' ? json.expires_in : 3600;
    this.token = { value: token, until: this.now().getTime() + Math.max(0, seconds - 60) * 1000 };
    return token;
  }

  /** One call with the token; its `Value` when Mylerz did it, else CourierRefused. */
  private async call(path: string, body: unknown, retried = false): Promise<unknown> {
    const token = await this.login();
    const { status, json, text } = await callCourier(
      'mylerz',
      `${this.base}${path}`,
      {
        method: 'POST',
        headers: {
          Authorization: `bearer ${token}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      },
      this.opts,
    );
    if (status === 401 && !retried) {
      this.token = null;
      return this.call(path, body, true);
    }
    const why = (o: unknown) =>
      isObject(o)
        ? [o.ErrorDescription, o.Message].find((x): x is string => typeof x === 'string' && !!x)
        : undefined;
    if (status < 200 || status >= 300)
      throw new CourierRefused(
        'mylerz',
        'refused',
        `HTTP ${status} ${clip(why(json) ?? (text || 'no message'))}`,
        status,
      );
    if (!isObject(json))
      throw new CourierRefused(
        'mylerz',
        'refused',
        `HTTP ${status}, not a JSON answer: ${clip(text)}`,
        status,
      );
    if (json.IsErrorState !== false)
      throw new CourierRefused(
        'mylerz',
        'refused',
        `IsErrorState: ${clip(why(json) ?? 'no message')}`,
        status,
      );
    return json.Value;
  }

  /** The order Mylerz is asked to deliver (public for the tests). */
  orderBody(r: ShipmentRequest) {
    const place = mylerzPlaceFor(r.address.governorate, r.address.district);
    if (!place)
      throw new CourierRefused(
        'mylerz',
        'refused',
        `no Mylerz city for the governorate "${clip(r.address.governorate)}" (adapters/couriers/courier-places.ts)`,
      );
    if (!place.zone)
      throw new CourierRefused(
        'mylerz',
        'refused',
        `no Mylerz zone for the district "${clip(r.address.district)}" of ${place.city} (adapters/couriers/courier-places.ts)`,
      );
    const cod = r.codPiastres > 0;
    return [
      {
        WarehouseName: this.opts.warehouse,
        PickupDueDate: new Date(this.now().getTime() + 86_400_000).toISOString(),
        Package_Serial: r.orderId,
        Reference: r.orderNumber,
        Description: r.package.description,
        Total_Weight: 1,
        Service_Type: 'DTD',
        Service: 'ND',
        Service_Category: 'Delivery',
        Payment_Type: cod ? 'COD' : 'PP',
        COD_Value: cod ? pounds(r.codPiastres) : 0,
        Customer_Name: `${r.receiver.firstName} ${r.receiver.lastName}`.trim(),
        Mobile_No: r.receiver.phone,
        Building_No: r.address.building,
        Street: r.address.street,
        Floor_No: r.address.floor,
        Apartment_No: r.address.apartment,
        Country: 'Egypt',
        City: place.city,
        Neighborhood: place.zone,
        District: r.address.district,
        Address_Category: 'H',
        Special_Notes: [r.address.instructions, r.notes].filter(Boolean).join(' · '),
        CustVal: `order-${r.orderId}`,
        Currency: 'EGP',
        Pieces: [{ PieceNo: 1, Special_Notes: '' }],
      },
    ];
  }

  async createShipment(r: ShipmentRequest): Promise<CreatedShipment> {
    const value = await this.call('/api/Orders/AddOrders', this.orderBody(r));
    const pkg = isObject(value) && Array.isArray(value.Packages) ? value.Packages.find(isObject) : undefined;
    const barcode = pkg?.BarCode ?? pkg?.Barcode;
    if ((typeof barcode !== 'string' && typeof barcode !== 'number') || !String(barcode).trim()) {
      const why =
        typeof pkg?.ErrorMessage === 'string' && pkg.ErrorMessage ? `: ${clip(pkg.ErrorMessage)}` : '';
      throw new CourierRefused('mylerz', 'refused', `the answer holds no barcode (AWB)${why}`);
    }
    return { courierShipmentId: String(barcode), trackingNumber: String(barcode) };
  }

  async label(ids: string[]): Promise<Buffer> {
    const pdfs: Buffer[] = [];
    for (const id of ids) {
      const value = await this.call('/api/packages/GetAWB', { Barcode: id, ReferenceNumber: '' });
      const pdf = typeof value === 'string' ? Buffer.from(value, 'base64') : Buffer.alloc(0);
      if (!isPdf(pdf)) throw new CourierRefused('mylerz', 'refused', 'the label answer holds no PDF');
      pdfs.push(pdf);
    }
    return mergePdfs(pdfs);
  }

  async track(trackingNumber: string): Promise<TrackedShipment> {
    const value = await this.call('/api/packages/TrackPackages', [
      { Barcode: trackingNumber, ReferenceNumber: '' },
    ]);
    const list = Array.isArray(value) ? value.filter(isObject) : isObject(value) ? [value] : [];
    const mine = list.find((p) => String(p.BarCode ?? p.Barcode ?? '') === trackingNumber) ?? list[0];
    const words = mine
      ? [mine.Status, mine.StatusName, mine.PhaseName].filter((x) => typeof x === 'string').join(' ')
      : '';
    return { trackingNumber, stateCode: null, status: words ? mylerzEffect(words) : null };
  }

  async cancel(courierShipmentId: string): Promise<void> {
    const value = await this.call('/api/packages/CancelPackage', [
      { Barcode: courierShipmentId, ReferenceNumber: '' },
    ]);
    const list = Array.isArray(value) ? value.filter(isObject) : isObject(value) ? [value] : [];
    const mine = list.find((p) => String(p.Barcode ?? p.BarCode ?? '') === courierShipmentId) ?? list[0];
    if (mine?.IsChanged !== true)
      throw new CourierRefused(
        'mylerz',
        'refused',
        `not cancelled: ${clip(typeof mine?.ErrorMessage === 'string' && mine.ErrorMessage ? mine.ErrorMessage : 'no reason given')}`,
      );
  }
}
