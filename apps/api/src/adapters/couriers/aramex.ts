/**
 * Aramex (https://www.aramex.com) through its Shipping Services API's JSON endpoints, as Aramex's Shipping Services
 * API manual describes them: every call is a POST of JSON carrying `ClientInfo` (UserName, Password, Version,
 * AccountNumber, AccountPin, AccountEntity, AccountCountryCode, Source); every answer says `HasErrors` with a list of
 * `Notifications` ({Code, Message}), also inside a 200 (a wrong user or password is ERR01 in a 200).
 *
 * - create: POST {ARAMEX_URL}/Shipping/Service_1_0.svc/json/CreateShipments, one shipment: the shop as Shipper
 *   (its account number, address and phone), the receiver as Consignee (its Aramex city), domestic (DOM/ONP),
 *   cash on delivery as the CODS service with CashOnDeliveryAmount in EGP; the answer's Shipments[0].ID is the AWB;
 * - the label: POST …/Shipping/Service_1_0.svc/json/PrintLabel, one shipment number, ReportType RPT: the PDF's bytes
 *   in ShipmentLabel.LabelFileContents (a list of bytes, or base64);
 * - tracking: POST …/Tracking/Service_1_0.svc/json/TrackShipments: TrackingResults [{Key, Value: [updates]}], each
 *   update's UpdateCode (SH005 delivered, SH069 returned to the shipper …);
 * - cancel: the Shipping Services API cancels pickups, not shipments: a cancel is refused ('unsupported') and
 *   staff call Aramex.
 *
 * A refusal in any form (HTTP error, HasErrors true, an answer without an AWB or a PDF, no answer in time) throws
 * CourierRefused: never a shipment. Aramex has no webhook: its news is asked for by tracking.
 */
import { aramexCityFor } from './courier-places.ts';
import { callCourier, clip, type CourierAnswer, type CourierHttp } from './http.ts';
import { isPdf, mergePdfs } from './pdf-merge.ts';
import {
  CourierRefused,
  type Courier,
  type CreatedShipment,
  type ShipmentRequest,
  type ShipmentStatus,
  type TrackedShipment,
} from './types.ts';

/** Aramex's production API, up to ShippingAPI.V2 (its test API: https://ws.sbx.aramex.net/ShippingAPI.V2). */
export const ARAMEX_URL = 'https://ws.aramex.net/ShippingAPI.V2';

/** Aramex's public tracking page of a shipment. */
export const aramexTrackingUrl = (awb: string) =>
  `https://www.aramex.com/eg/en/track/results?ShipmentNumber=${encodeURIComponent(awb)}`;

/** The `ClientInfo` every call carries (ARAMEX_* settings). */
export interface AramexClientInfo {
  UserName: string;
  Password: string;
  Version: string;
  AccountNumber: string;
  AccountPin: string;
  AccountEntity: string;
  AccountCountryCode: string;
}

/** The shop as Aramex's Shipper: where it picks the parcels up. */
export interface AramexShipper {
  name: string;
  phone: string;
  address: string;
  city: string;
}

export interface AramexOptions extends CourierHttp {
  url: string;
  clientInfo: AramexClientInfo;
  shipper: AramexShipper;
  /** The clock (the shipping date Aramex asks for). */
  now?: () => Date;
}

/** Aramex's update codes, read as the store reads them (the rest: history only). */
export const ARAMEX_UPDATES: Readonly<Record<string, ShipmentStatus>> = {
  SH012: 'delivering', // picked up
  SH047: 'delivering', // departed the origin facility
  SH003: 'delivering', // out for delivery
  SH005: 'delivered',
  SH006: 'delivered', // collected by the consignee
  SH069: 'returned', // returned to the shipper
  SH070: 'canceled',
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const pounds = (piastres: number) => Math.round(piastres) / 100;
/** WCF's JSON date. */
const wcfDate = (d: Date) => `/Date(${d.getTime()})/`;

/** The first notification's code and words in an answer (or a shipment of it). */
function notificationOf(json: unknown): string | null {
  const list = isObject(json) ? json.Notifications : undefined;
  if (!Array.isArray(list)) return null;
  const first = list.find(isObject);
  if (!first) return null;
  return [first.Code, first.Message].filter((x) => typeof x === 'string' && x).join(' ');
}

/** A label's bytes as Aramex's JSON gives them: a list of numbers, or base64. */
function bytesOf(v: unknown): Buffer {
  if (Array.isArray(v) && v.every((n) => typeof n === 'number')) return Buffer.from(v as number[]);
  if (typeof v === 'string') return Buffer.from(v, 'base64');
  return Buffer.alloc(0);
}

export class AramexCourier implements Courier {
  readonly name = 'aramex' as const;
  private readonly base: string;

  constructor(private readonly opts: AramexOptions) {
    this.base = opts.url.replace(/\/+$/, '');
  }

  private async call(path: string, body: Json): Promise<Json> {
    const answer: CourierAnswer = await callCourier(
      'aramex',
      `${this.base}${path}`,
      {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ ClientInfo: { ...this.opts.clientInfo, Source: 24 }, ...body }),
      },
      this.opts,
    );
    const { status, json, text } = answer;
    if (status < 200 || status >= 300)
      throw new CourierRefused(
        'aramex',
        'refused',
        `HTTP ${status} ${clip(notificationOf(json) ?? (text || 'no message'))}`,
        status,
      );
    if (!isObject(json))
      throw new CourierRefused(
        'aramex',
        'refused',
        `HTTP ${status}, not a JSON answer: ${clip(text)}`,
        status,
      );
    if (json.HasErrors !== false) {
      const shipment = Array.isArray(json.Shipments) ? json.Shipments.find(isObject) : undefined;
      const why = notificationOf(json) ?? notificationOf(shipment) ?? 'HasErrors without a notification';
      // ERR01: the user name or password is wrong (Aramex answers it in a 200).
      throw new CourierRefused(
        'aramex',
        'refused',
        `HasErrors: ${clip(why)}`,
        /^ERR01\b/.test(why) ? 401 : status,
      );
    }
    return json;
  }

  /** The shipment Aramex is asked to make (public for the tests). */
  shipmentBody(r: ShipmentRequest) {
    const city = aramexCityFor(r.address.governorate, r.address.district);
    if (!city)
      throw new CourierRefused(
        'aramex',
        'refused',
        `no Aramex city for the governorate "${clip(r.address.governorate)}" (adapters/couriers/courier-places.ts)`,
      );
    const now = (this.opts.now ?? (() => new Date()))();
    const name = `${r.receiver.firstName} ${r.receiver.lastName}`.trim();
    const { clientInfo: ci, shipper } = this.opts;
    const cod = r.codPiastres > 0;
    return {
      Shipments: [
        {
          Reference1: r.orderNumber,
          Reference2: `order-${r.orderId}`,
          Shipper: {
            Reference1: r.orderNumber,
            AccountNumber: ci.AccountNumber,
            PartyAddress: { Line1: shipper.address, City: shipper.city, CountryCode: ci.AccountCountryCode },
            Contact: {
              PersonName: shipper.name,
              CompanyName: shipper.name,
              PhoneNumber1: shipper.phone,
              CellPhone: shipper.phone,
              EmailAddress: '',
            },
          },
          Consignee: {
            Reference1: r.orderNumber,
            PartyAddress: {
              Line1: `${r.address.building} ${r.address.street}`.trim(),
              Line2: [
                r.address.district,
                r.address.floor && `Floor ${r.address.floor}`,
                r.address.apartment && `Apt ${r.address.apartment}`,
              ]
                .filter(Boolean)
                .join(', '),
              Line3: r.address.instructions ?? '',
              City: city,
              StateOrProvinceCode: r.address.governorate,
              CountryCode: 'EG',
            },
            Contact: {
              PersonName: name,
              CompanyName: name,
              PhoneNumber1: r.receiver.phone,
              CellPhone: r.receiver.phone,
              EmailAddress: '',
            },
          },
          ShippingDateTime: wcfDate(now),
          DueDate: wcfDate(new Date(now.getTime() + 3 * 86_400_000)),
          Comments: r.notes ?? '',
          PickupLocation: 'Reception',
          Details: {
            ActualWeight: { Unit: 'KG', Value: 1 },
            NumberOfPieces: Math.max(1, r.package.itemsCount),
            ProductGroup: 'DOM',
            ProductType: 'ONP',
            PaymentType: 'P',
            DescriptionOfGoods: r.package.description.slice(0, 100),
            GoodsOriginCountry: 'EG',
            Services: cod ? 'CODS' : '',
            CashOnDeliveryAmount: cod ? { CurrencyCode: 'EGP', Value: pounds(r.codPiastres) } : null,
          },
        },
      ],
      LabelInfo: null,
      Transaction: { Reference1: r.orderNumber },
    };
  }

  async createShipment(r: ShipmentRequest): Promise<CreatedShipment> {
    const json = await this.call('/Shipping/Service_1_0.svc/json/CreateShipments', this.shipmentBody(r));
    const shipment = Array.isArray(json.Shipments) ? json.Shipments.find(isObject) : undefined;
    if (shipment?.HasErrors === true)
      throw new CourierRefused(
        'aramex',
        'refused',
        `HasErrors: ${clip(notificationOf(shipment) ?? 'no message')}`,
      );
    const id = shipment?.ID;
    if ((typeof id !== 'string' && typeof id !== 'number') || !String(id).trim())
      throw new CourierRefused('aramex', 'refused', 'the answer holds no shipment number (AWB)');
    return { courierShipmentId: String(id), trackingNumber: String(id) };
  }

  private async oneLabel(awb: string): Promise<Buffer> {
    const json = await this.call('/Shipping/Service_1_0.svc/json/PrintLabel', {
      ShipmentNumber: awb,
      ProductGroup: 'DOM',
      OriginEntity: this.opts.clientInfo.AccountEntity,
      LabelInfo: { ReportID: 9729, ReportType: 'RPT' },
      Transaction: { Reference1: awb },
    });
    const pdf = bytesOf(isObject(json.ShipmentLabel) ? json.ShipmentLabel.LabelFileContents : undefined);
    if (!isPdf(pdf)) throw new CourierRefused('aramex', 'refused', 'the label answer holds no PDF');
    return pdf;
  }

  async label(ids: string[]): Promise<Buffer> {
    const pdfs: Buffer[] = [];
    for (const id of ids) pdfs.push(await this.oneLabel(id));
    return mergePdfs(pdfs);
  }

  async track(trackingNumber: string): Promise<TrackedShipment> {
    const json = await this.call('/Tracking/Service_1_0.svc/json/TrackShipments', {
      Shipments: [trackingNumber],
      GetLastTrackingUpdateOnly: false,
      Transaction: { Reference1: trackingNumber },
    });
    const results = Array.isArray(json.TrackingResults) ? json.TrackingResults.filter(isObject) : [];
    const mine = results.find((r) => String(r.Key) === trackingNumber);
    const updates = Array.isArray(mine?.Value) ? mine.Value.filter(isObject) : [];
    // Aramex lists the newest update first; the newest one the store reads decides.
    const known = updates.find((u) => typeof u.UpdateCode === 'string' && ARAMEX_UPDATES[u.UpdateCode]);
    return {
      trackingNumber,
      stateCode: null,
      status: known ? ARAMEX_UPDATES[known.UpdateCode as string]! : null,
    };
  }

  async cancel(_courierShipmentId: string): Promise<void> {
    throw new CourierRefused(
      'aramex',
      'unsupported',
      'Aramex’s API cancels no shipment once made; ask Aramex to cancel it',
    );
  }
}
