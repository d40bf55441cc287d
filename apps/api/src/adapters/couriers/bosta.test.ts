import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bostaRecorded, FakeBosta } from '../../test/fake-bosta.ts';
import { BostaCourier } from './bosta.ts';
import { CourierRefused, type ShipmentRequest } from './types.ts';

const recorded = bostaRecorded();
const SECRET = 'bosta-webhook-secret-0123456789';
const fake = new FakeBosta();
let bosta: BostaCourier;

const request: ShipmentRequest = {
  orderId: 42,
  orderNumber: '17',
  receiver: { firstName: 'Mona', lastName: 'Adel', phone: '01012345678' },
  address: {
    governorate: 'القاهرة',
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
  bosta = new BostaCourier({
    url: `${fake.url}/api/v2/`,
    apiKey: 'key-123',
    webhookSecret: SECRET,
    timeoutMs: 300,
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
});

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CourierRefused);
  return err as CourierRefused;
};

describe('Bosta: creating a delivery', () => {
  it('sends a deliver order with the receiver, the mapped address, the package and the cash to collect', async () => {
    fake.answerWith(recorded.created!);
    const made = await bosta.createShipment(request);
    expect(made).toEqual({ courierShipmentId: 'yL8R3kTfQpW2', trackingNumber: '48702519' });

    expect(fake.received).toHaveLength(1);
    const [sent] = fake.received;
    expect(sent!.method).toBe('POST');
    expect(sent!.url).toBe('/api/v2/deliveries?apiVersion=1');
    // The API key goes as it is in Authorization (no "Bearer"), the body as JSON.
    expect(sent!.headers.authorization).toBe('key-123');
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.json).toEqual({
      type: 10,
      specs: { packageDetails: { itemsCount: 3, description: 'Galaxy A55 (1), USB-C charger (2)' } },
      cod: 12345.5,
      dropOffAddress: {
        city: 'Cairo',
        districtName: 'Nasr City',
        firstLine: '42 Abbas El Akkad',
        secondLine: 'Next to the pharmacy',
        buildingNumber: '42',
        floor: '3',
        apartment: '7',
      },
      receiver: { firstName: 'Mona', lastName: 'Adel', phone: '01012345678' },
      businessReference: '17',
      uniqueBusinessReference: 'order-42',
    });
  });

  it('collects nothing for a paid order and sends a district it does not know as the shopper wrote it', async () => {
    fake.answerWith(recorded.created!);
    await bosta.createShipment({
      ...request,
      codPiastres: 0,
      address: {
        ...request.address,
        governorate: 'Giza Governorate',
        district: 'Kit Kat',
        instructions: null,
      },
    });
    const body = fake.received[0]!.json as { cod: number; dropOffAddress: Record<string, unknown> };
    expect(body.cod).toBe(0);
    expect(body.dropOffAddress.city).toBe('Giza');
    expect(body.dropOffAddress.districtName).toBe('Kit Kat');
    expect(body.dropOffAddress).not.toHaveProperty('secondLine');
  });

  it('refuses, without calling Bosta, a governorate Bosta has no city for', async () => {
    const err = await refusal(
      bosta.createShipment({ ...request, address: { ...request.address, governorate: 'Atlantis' } }),
    );
    expect(err.message).toMatch(/no Bosta city for the governorate "Atlantis"/);
    expect(fake.received).toHaveLength(0);
  });

  it('a wrong API key (401) is a refusal naming the status, never a shipment', async () => {
    fake.answerWith(recorded.bad_key!);
    const err = await refusal(bosta.createShipment(request));
    expect(err.status).toBe(401);
    expect(err.kind).toBe('refused');
    expect(err.message).toBe('bosta refused: HTTP 401 Invalid API Key');
  });

  it('a validation error (a list of messages) is a refusal with Bosta’s first message', async () => {
    fake.answerWith(recorded.validation_error!);
    const err = await refusal(bosta.createShipment(request));
    expect(err.status).toBe(400);
    expect(err.message).toContain('"dropOffAddress.firstLine" length must be at least 5 characters long');
  });

  it('success false inside a 200, or a 200 without a tracking number, is a refusal', async () => {
    fake.answerWith(recorded.refused_in_200!);
    expect((await refusal(bosta.createShipment(request))).message).toContain(
      'Business is not allowed to create deliveries',
    );
    fake.answerWith(recorded.no_tracking_number!);
    expect((await refusal(bosta.createShipment(request))).message).toContain('no tracking number');
  });

  it('no answer within the time allowed is a timeout, not a shipment', async () => {
    fake.answerWith('hang');
    const err = await refusal(bosta.createShipment(request));
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('bosta did not answer in time: no answer within 300 ms');
  });
});

describe('Bosta: label, tracking and cancel', () => {
  it('the label is the PDF Bosta sends in base64, asked for by delivery id', async () => {
    fake.answerWith(recorded.awb!);
    const pdf = await bosta.label(['yL8R3kTfQpW2', 'Zq1']);
    expect(pdf.subarray(0, 8).toString()).toBe('%PDF-1.4');
    expect(fake.received[0]!.method).toBe('GET');
    expect(fake.received[0]!.url).toBe('/api/v2/deliveries/mass-awb?ids=yL8R3kTfQpW2,Zq1&lang=ar');
    // Anything else than a PDF in the answer is a refusal.
    fake.answerWith(recorded.terminated!);
    expect((await refusal(bosta.label(['yL8R3kTfQpW2']))).message).toContain('no PDF');
  });

  it('tracking reads the state by its code: 46 is returned although its words say "Delivered"', async () => {
    fake.answerWith(recorded.track_returned!);
    expect(await bosta.track('48702519')).toEqual({
      trackingNumber: '48702519',
      stateCode: 46,
      status: 'returned',
    });
    expect(fake.received[0]!.url).toBe('/api/v2/deliveries/business/48702519');
  });

  it('cancel terminates the delivery; a refusal is not a cancel', async () => {
    fake.answerWith(recorded.terminated!);
    await bosta.cancel('yL8R3kTfQpW2');
    expect(fake.received[0]!.method).toBe('DELETE');
    expect(fake.received[0]!.url).toBe('/api/v2/deliveries/business/yL8R3kTfQpW2/terminate');
    fake.answerWith(recorded.bad_key!);
    await refusal(bosta.cancel('yL8R3kTfQpW2'));
  });
});

describe('Bosta: webhook', () => {
  const parse = (body: unknown, ...auth: [string?]) =>
    bosta.parseWebhook({ headers: { authorization: auth.length ? auth[0] : SECRET }, body });
  const hooks = recorded.webhooks;

  it('is read only with the shop’s secret in Authorization', () => {
    expect(parse(hooks.delivered, undefined)).toBeNull();
    expect(parse(hooks.delivered, 'wrong-secret')).toBeNull();
    expect(parse(hooks.delivered, `${SECRET}x`)).toBeNull();
    expect(parse(hooks.delivered)).toHaveLength(1);
    expect(parse(hooks.delivered, `Bearer ${SECRET}`)).toHaveLength(1);
  });

  it('reads each state by its number, also from an object {code, value}', () => {
    const effect = (name: string) => parse(hooks[name])!.map((e) => [e.stateCode, e.effect]);
    expect(effect('picked_up')).toEqual([[21, 'delivering']]);
    expect(effect('out_for_delivery')).toEqual([[41, 'delivering']]);
    expect(effect('delivered')).toEqual([[45, 'delivered']]);
    expect(effect('returned')).toEqual([[46, 'returned']]);
    expect(effect('exception')).toEqual([[47, 'exception']]);
    expect(effect('terminated')).toEqual([[48, 'canceled']]);
    expect(effect('state_as_object')).toEqual([[45, 'delivered']]);
    expect(parse({ ...hooks.delivered, state: '46' })![0]!.effect).toBe('returned');
  });

  it('gives the tracking number as text, the time, the cash collected and an exception’s reason', () => {
    const [delivered] = parse(hooks.delivered)!;
    expect(delivered).toEqual({
      trackingNumber: '48702519',
      courierShipmentId: 'yL8R3kTfQpW2',
      stateCode: 45,
      stateName: 'Delivered',
      effect: 'delivered',
      at: new Date('2026-11-29T12:00:00.000Z'),
      codCollectedPiastres: 123450,
    });
    expect(parse(hooks.state_as_object)![0]!.at).toEqual(new Date('2026-11-29T10:40:00.000Z'));
    expect(parse(hooks.exception)![0]!.reason).toBe('Customer not answering');
  });

  it('says which states of a Customer Return Pickup are the items picked up and back at the shop', () => {
    const news = (name: string) => parse(hooks[name])!.map((e) => [e.stateCode, e.returnPickup]);
    expect(news('return_picking_up')).toEqual([[22, undefined]]);
    expect(news('return_picked_up')).toEqual([[23, 'picked_up']]);
    expect(news('return_back_at_shop')).toEqual([[46, 'back_at_shop']]);
    expect(news('out_for_delivery')).toEqual([[41, undefined]]);
    expect(parse(hooks.return_picked_up)![0]!.at).toEqual(new Date('2026-12-01T10:00:00.000Z'));
  });

  it('holds no event when the body has no tracking number or no readable state', () => {
    expect(parse({ ...hooks.delivered, trackingNumber: undefined })).toEqual([]);
    expect(parse({ ...hooks.delivered, state: 'Delivered' })).toEqual([]);
    expect(parse({ ...hooks.delivered, state: { value: 'Delivered' } })).toEqual([]);
    expect(parse('not json')).toEqual([]);
  });
});
