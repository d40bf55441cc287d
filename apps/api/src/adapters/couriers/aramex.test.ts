import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { courierRecorded, FakeCourierApi } from '../../test/fake-courier.ts';
import { AramexCourier } from './aramex.ts';
import { CourierRefused, type ShipmentRequest } from './types.ts';

/** A JSON body as the fake received it, read loosely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

const recorded = courierRecorded('aramex');
const fake = new FakeCourierApi();
let aramex: AramexCourier;
const NOW = new Date('2026-11-29T08:00:00.000Z');
const CREATE = '/Shipping/Service_1_0.svc/json/CreateShipments';
const LABEL = '/Shipping/Service_1_0.svc/json/PrintLabel';
const TRACK = '/Tracking/Service_1_0.svc/json/TrackShipments';

const clientInfo = {
  UserName: 'shop@example.com',
  Password: 'Secret-123',
  Version: 'v1.0',
  AccountNumber: '20016',
  AccountPin: '331421',
  AccountEntity: 'CAI',
  AccountCountryCode: 'EG',
};

const request: ShipmentRequest = {
  orderId: 42,
  orderNumber: '17',
  receiver: { firstName: 'Mona', lastName: 'Adel', phone: '01012345678' },
  address: {
    governorate: 'الجيزة',
    district: 'الشيخ زايد',
    street: 'Central Axis',
    building: '42',
    floor: '3',
    apartment: '7',
    instructions: 'Next to the pharmacy',
  },
  package: { itemsCount: 3, description: 'Galaxy A55 (1), USB-C charger (2)' },
  codPiastres: 1_234_550,
};

beforeAll(async () => {
  await fake.start();
  aramex = new AramexCourier({
    url: `${fake.url}/ShippingAPI.V2/`,
    clientInfo,
    shipper: { name: 'Souq Store', phone: '0223456789', address: '5 Tahrir St', city: 'Cairo' },
    timeoutMs: 300,
    now: () => NOW,
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CourierRefused);
  return err as CourierRefused;
};

describe('Aramex: creating a shipment', () => {
  it('posts one domestic shipment with ClientInfo, the shop as shipper, the receiver in its Aramex city and the cash to collect', async () => {
    fake.on(CREATE, recorded.created!);
    expect(await aramex.createShipment(request)).toEqual({
      courierShipmentId: '44055766342',
      trackingNumber: '44055766342',
    });
    const [sent] = fake.received;
    expect(sent!.method).toBe('POST');
    expect(sent!.url).toBe(`/ShippingAPI.V2${CREATE}`);
    const body = sent!.json as {
      ClientInfo: Record<string, unknown>;
      Shipments: Loose[];
    };
    expect(body.ClientInfo).toEqual({ ...clientInfo, Source: 24 });
    const [s] = body.Shipments;
    expect(s!.Reference1).toBe('17');
    expect(s!.Shipper.AccountNumber).toBe('20016');
    expect(s!.Shipper.PartyAddress).toEqual({ Line1: '5 Tahrir St', City: 'Cairo', CountryCode: 'EG' });
    // Sheikh Zayed is an Aramex city of its own, though the shopper chose it as a district of Giza.
    expect(s!.Consignee.PartyAddress).toMatchObject({
      Line1: '42 Central Axis',
      City: 'Sheikh Zayed',
      CountryCode: 'EG',
      Line3: 'Next to the pharmacy',
    });
    expect(s!.Consignee.Contact).toMatchObject({ PersonName: 'Mona Adel', CellPhone: '01012345678' });
    expect(s!.ShippingDateTime).toBe(`/Date(${NOW.getTime()})/`);
    expect(s!.Details).toMatchObject({
      ProductGroup: 'DOM',
      NumberOfPieces: 3,
      Services: 'CODS',
      CashOnDeliveryAmount: { CurrencyCode: 'EGP', Value: 12345.5 },
    });
  });

  it('a paid order collects nothing, and a governorate Aramex has no city for is refused without a call', async () => {
    fake.on(CREATE, recorded.created!);
    await aramex.createShipment({
      ...request,
      codPiastres: 0,
      address: { ...request.address, district: 'Dokki' },
    });
    const s = (fake.received[0]!.json as { Shipments: Loose[] }).Shipments[0]!;
    expect(s.Details.Services).toBe('');
    expect(s.Details.CashOnDeliveryAmount).toBeNull();
    expect(s.Consignee.PartyAddress.City).toBe('Giza');
    fake.reset();
    const err = await refusal(
      aramex.createShipment({ ...request, address: { ...request.address, governorate: 'Atlantis' } }),
    );
    expect(err.message).toMatch(/no Aramex city for the governorate "Atlantis"/);
    expect(fake.received).toHaveLength(0);
  });

  it('a wrong user name or password (ERR01 inside a 200) is a refusal, never a shipment', async () => {
    fake.on(CREATE, recorded.bad_credentials!);
    const err = await refusal(aramex.createShipment(request));
    expect(err.status).toBe(401);
    expect(err.message).toBe('aramex refused: HasErrors: ERR01 Invalid UserName or Password');
  });

  it('a shipment with errors, an answer without an AWB, and a server error are refusals', async () => {
    fake.on(CREATE, recorded.shipment_error!);
    expect((await refusal(aramex.createShipment(request))).message).toContain(
      'ERR52 Consignee Address - City is invalid',
    );
    fake.on(CREATE, recorded.no_awb!);
    expect((await refusal(aramex.createShipment(request))).message).toContain('no shipment number');
    fake.on(CREATE, recorded.server_error!);
    expect((await refusal(aramex.createShipment(request))).message).toContain('HTTP 500');
  });

  it('no answer in time is a timeout, not a shipment', async () => {
    fake.on(CREATE, 'hang');
    const err = await refusal(aramex.createShipment(request));
    expect(err.kind).toBe('timeout');
  });
});

describe('Aramex: labels, tracking and cancel', () => {
  it('prints each AWB as a PDF (bytes in the answer) and puts many in one PDF', async () => {
    fake.on(LABEL, recorded.label!);
    const one = await aramex.label(['44055766342']);
    expect(one.subarray(0, 5).toString()).toBe('%PDF-');
    const sent = fake.received[0]!.json as Loose;
    expect(sent.ShipmentNumber).toBe('44055766342');
    expect(sent.LabelInfo).toEqual({ ReportID: 9729, ReportType: 'RPT' });
    const two = await aramex.label(['44055766342', '44055766343']);
    expect((await PDFDocument.load(two)).getPageCount()).toBe(2);
    // A label answer without the PDF's bytes is a refusal.
    fake.on(LABEL, recorded.label_url_only!);
    expect((await refusal(aramex.label(['44055766342']))).message).toContain('no PDF');
  });

  it('tracking reads the newest update it knows: SH005 delivered, SH069 returned', async () => {
    fake.on(TRACK, recorded.track_delivered!);
    expect(await aramex.track('44055766342')).toEqual({
      trackingNumber: '44055766342',
      stateCode: null,
      status: 'delivered',
    });
    expect((fake.received[0]!.json as { Shipments: string[] }).Shipments).toEqual(['44055766342']);
    fake.on(TRACK, recorded.track_returned!);
    expect((await aramex.track('44055766342')).status).toBe('returned');
  });

  it('cancel is refused as something Aramex’s API does not do, without calling it', async () => {
    const err = await refusal(aramex.cancel('44055766342'));
    expect(err.kind).toBe('unsupported');
    expect(fake.received).toHaveLength(0);
  });
});
