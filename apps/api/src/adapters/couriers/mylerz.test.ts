import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { courierRecorded, FakeCourierApi } from '../../test/fake-courier.ts';
import { MylerzCourier } from './mylerz.ts';
import { CourierRefused, type ShipmentRequest } from './types.ts';

const recorded = courierRecorded('mylerz');
const fake = new FakeCourierApi();
const NOW = new Date('2026-11-29T08:00:00.000Z');
let mylerz: MylerzCourier;
const fresh = () =>
  new MylerzCourier({
    url: `${fake.url}/`,
    username: 'shop-user',
    password: 'Secret-123',
    warehouse: 'Main Warehouse',
    timeoutMs: 300,
    now: () => NOW,
  });

const request: ShipmentRequest = {
  orderId: 42,
  orderNumber: '17',
  receiver: { firstName: 'Mona', lastName: 'Adel', phone: '01012345678' },
  address: {
    governorate: 'Cairo',
    district: 'مدينة نصر',
    street: 'Abbas El Akkad',
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
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.on('/token', recorded.token!);
  mylerz = fresh();
});

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CourierRefused);
  return err as CourierRefused;
};

describe('Mylerz: creating a shipment', () => {
  it('logs in for a token, then adds one order with its city and zone codes and the cash to collect', async () => {
    fake.on('/api/Orders/AddOrders', recorded.created!);
    expect(await mylerz.createShipment(request)).toEqual({
      courierShipmentId: 'MYL1234567',
      trackingNumber: 'MYL1234567',
    });
    const [login, add] = fake.received;
    expect(login!.url).toBe('/token');
    expect(login!.form).toEqual({ username: 'shop-user', password: 'Secret-123', grant_type: 'password' });
    expect(add!.url).toBe('/api/Orders/AddOrders');
    expect(add!.headers.authorization).toBe('bearer mylerz-token-abc');
    const [order] = add!.json as Record<string, unknown>[];
    expect(order).toMatchObject({
      WarehouseName: 'Main Warehouse',
      Reference: '17',
      Payment_Type: 'COD',
      COD_Value: 12345.5,
      Customer_Name: 'Mona Adel',
      Mobile_No: '01012345678',
      Country: 'Egypt',
      City: 'CA',
      Neighborhood: 'Nasr City',
      CustVal: 'order-42',
    });
    // The token is kept: a second shipment logs in no more.
    await mylerz.createShipment({ ...request, codPiastres: 0 });
    expect(fake.received.map((r) => r.url)).toEqual([
      '/token',
      '/api/Orders/AddOrders',
      '/api/Orders/AddOrders',
    ]);
    expect((fake.received[2]!.json as Record<string, unknown>[])[0]).toMatchObject({
      Payment_Type: 'PP',
      COD_Value: 0,
    });
  });

  it('a governorate outside Cairo and Giza goes to its one zone; a Cairo district it has no zone for is refused without a call', async () => {
    fake.on('/api/Orders/AddOrders', recorded.created!);
    await mylerz.createShipment({
      ...request,
      address: { ...request.address, governorate: 'Alexandria', district: 'Smouha' },
    });
    expect((fake.received[1]!.json as Record<string, unknown>[])[0]).toMatchObject({
      City: 'ALX',
      Neighborhood: 'Alexandria',
    });
    fake.received.length = 0;
    const err = await refusal(
      mylerz.createShipment({ ...request, address: { ...request.address, district: 'Atlantis' } }),
    );
    expect(err.message).toMatch(/no Mylerz zone for the district "Atlantis" of CA/);
    expect(fake.received).toHaveLength(0);
  });

  it('a refused login (wrong user name or password) is a refusal and nothing is added', async () => {
    fake.on('/token', recorded.token_refused!).on('/api/Orders/AddOrders', recorded.created!);
    const err = await refusal(mylerz.createShipment(request));
    expect(err.status).toBe(401);
    expect(err.message).toContain('invalid_grant: The user name or password is incorrect.');
    expect(fake.received.map((r) => r.url)).toEqual(['/token']);
  });

  it('a token refused by the call logs in once more, then a second refusal is a refusal', async () => {
    fake.on('/api/Orders/AddOrders', recorded.denied!);
    const err = await refusal(mylerz.createShipment(request));
    expect(err.status).toBe(401);
    expect(err.message).toContain('Authorization has been denied for this request.');
    expect(fake.received.map((r) => r.url)).toEqual([
      '/token',
      '/api/Orders/AddOrders',
      '/token',
      '/api/Orders/AddOrders',
    ]);
  });

  it('IsErrorState, a package without a barcode, and no answer in time are refusals', async () => {
    fake.on('/api/Orders/AddOrders', recorded.error_state!);
    expect((await refusal(mylerz.createShipment(request))).message).toContain(
      'IsErrorState: Wrong city(codes,names) or zone codes',
    );
    fake.on('/api/Orders/AddOrders', recorded.no_barcode!);
    expect((await refusal(mylerz.createShipment(request))).message).toContain(
      'no barcode (AWB): Mobile number is invalid',
    );
    fake.on('/api/Orders/AddOrders', 'hang');
    expect((await refusal(mylerz.createShipment(request))).kind).toBe('timeout');
  });
});

describe('Mylerz: labels, tracking and cancel', () => {
  it('prints each AWB (a PDF in base64) and puts many in one PDF', async () => {
    fake.on('/api/packages/GetAWB', recorded.awb!);
    const two = await mylerz.label(['MYL1234567', 'MYL1234568']);
    expect((await PDFDocument.load(two)).getPageCount()).toBe(2);
    expect(fake.received.slice(1).map((r) => (r.json as { Barcode: string }).Barcode)).toEqual([
      'MYL1234567',
      'MYL1234568',
    ]);
    fake.on('/api/packages/GetAWB', recorded.error_state!);
    await refusal(mylerz.label(['MYL1234567']));
  });

  it('tracking reads the package’s status words', async () => {
    fake.on('/api/packages/TrackPackages', recorded.track_delivered!);
    expect(await mylerz.track('MYL1234567')).toEqual({
      trackingNumber: 'MYL1234567',
      stateCode: null,
      status: 'delivered',
    });
    fake.on('/api/packages/TrackPackages', recorded.track_out!);
    expect((await mylerz.track('MYL1234567')).status).toBe('delivering');
  });

  it('cancel succeeds only when Mylerz says the package changed; its refusal is a refusal with its reason', async () => {
    fake.on('/api/packages/CancelPackage', recorded.cancelled!);
    await mylerz.cancel('MYL1234567');
    expect(fake.received[1]!.json).toEqual([{ Barcode: 'MYL1234567', ReferenceNumber: '' }]);
    fake.on('/api/packages/CancelPackage', recorded.cancel_refused!);
    expect((await refusal(mylerz.cancel('MYL1234567'))).message).toBe(
      'mylerz refused: not cancelled: Package already picked up',
    );
  });
});
