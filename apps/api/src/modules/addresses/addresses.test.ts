import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { multipart } from '../../test/accounts.ts';
import { addZones, addressFields, addShopper, call, type Shopper } from '../../test/shoppers.ts';
import { governorateKey } from './service.ts';

let t: TestApp;
let a: Shopper;
let b: Shopper;

beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now();
  await addZones(t.database.db);
  a = await addShopper(t.database.db, now);
  b = await addShopper(t.database.db, now);
});
afterAll(() => t.close());

const post = (s: Shopper, payload: unknown, locale = 'en') =>
  call(t.app, 'POST', `/v1/users/addresses?locale=${locale}`, s.headers, payload);

const asMultipart = (fields: Record<string, string>) =>
  multipart(Object.fromEntries(Object.entries(fields).map(([k, v]) => [`address[${k}]`, v])));

describe('saving an address', () => {
  it('a signed-in shopper saves an address from the multipart form, with its zone and fee', async () => {
    const m = asMultipart(addressFields({ governorate: 'Giza' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/users/addresses',
      headers: { ...a.headers, ...m.headers },
      payload: m.payload,
    });
    expect(res.statusCode).toBe(201);
    const address = res.json().address;
    expect(address).toMatchObject({
      label: 'Home',
      street_name: 'El Tahrir St',
      street: 'El Tahrir St',
      number_type: 'mobile',
      phone_number: '01012345678',
      city_code: null,
      lat: 30.0444,
      lng: 31.2357,
      delivery_zone: { name_en: 'Giza', shipping_fees: 60 },
    });
  });

  it('JSON { address: {...} } works the same, and the governorate may be written in Arabic or loosely', async () => {
    for (const [governorate, zone] of [
      ['محافظة القاهرة', 'Cairo'],
      ['القاهره', 'Cairo'],
      ['Cairo Governorate', 'Cairo'],
      ['alexandria', 'Alexandria'],
      ['الاسكندرية', 'Alexandria'],
      ['El Giza', 'Giza'],
    ] as const) {
      const r = await post(a, { address: addressFields({ governorate }) });
      expect(r.status, governorate).toBe(201);
      expect(r.body.address.delivery_zone.name_en).toBe(zone);
    }
    expect(governorateKey('محافظة الإسكندرية')).toBe(governorateKey('الاسكندريه'));
    expect(governorateKey('Al-Qalyubia Governorate')).toBe(governorateKey('qalyubia'));
  });

  it('home numbers keep their area code', async () => {
    const r = await post(a, {
      address: addressFields({ number_type: 'home', phone_number: '23456789', city_code: '02' }),
    });
    expect(r.status).toBe(201);
    expect(r.body.address).toMatchObject({ number_type: 'home', city_code: '02', phone_number: '23456789' });
  });

  it('every rule of the form answers 422 with errors keyed by field, in the request language', async () => {
    const r = await post(a, {
      address: addressFields({
        label: '',
        building: 'x'.repeat(51),
        phone_number: '01x',
        lat: '',
        instructions: 'y'.repeat(501),
      }),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      label: ['is required'],
      building: ['is too long (at most 50 characters)'],
      phone_number: ['Only numbers are allowed'],
      lat: ['Please choose your location on map'],
      instructions: ['is too long (at most 500 characters)'],
    });
    const ar = await post(a, { address: addressFields({ name: '' }) }, 'ar');
    expect(ar.body.errors).toEqual({ name: ['من فضلك حدّد مكانك على الخريطة'] });
  });

  it.each([
    ['street_name', { street_name: '' }, 'is required'],
    ['floor', { floor: ' ' }, 'is required'],
    ['apartment', { apartment: 'a'.repeat(51) }, 'is too long (at most 50 characters)'],
    ['district', { district: '' }, 'is required'],
    ['governorate', { governorate: '' }, 'is required'],
    ['number_type', { number_type: 'fax' }, 'must be one of: mobile, home'],
    ['phone_number', { phone_number: '0101234567' }, 'Please enter a valid mobile number'],
    [
      'city_code',
      { number_type: 'home', phone_number: '2345678', city_code: '011' },
      'must be one of: 02, 03',
    ],
    ['city_code', { number_type: 'home', phone_number: '2345678' }, 'is required'],
    ['lng', { lng: 'abc' }, 'Please choose your location on map'],
    ['governorate', { governorate: 'Atlantis' }, 'We do not deliver to this governorate yet'],
    ['governorate', { governorate: 'North Sinai' }, 'We do not deliver to this governorate yet'],
  ])('%s: %j is refused', async (field, change, message) => {
    const r = await post(a, { address: addressFields(change) });
    expect(r.status).toBe(422);
    expect(r.body.errors[field][0]).toContain(message);
  });

  it('multipart errors are keyed the same way', async () => {
    const m = asMultipart(addressFields({ name: '', label: '' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/users/addresses?locale=en',
      headers: { ...a.headers, ...m.headers },
      payload: m.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      label: ['is required'],
      name: ['Please choose your location on map'],
    });
  });

  it('guests get 401', async () => {
    const r = await call(t.app, 'POST', '/v1/users/addresses', {}, { address: addressFields() });
    expect(r.status).toBe(401);
    expect((await call(t.app, 'GET', '/v1/users/addresses', {})).status).toBe(401);
  });
});

describe('reading, changing and deleting', () => {
  it("lists only the shopper's own addresses; another user's address is not found", async () => {
    const mine = (await post(b, { address: addressFields({ label: 'Office' }) })).body.address;
    const list = await call(t.app, 'GET', '/v1/users/addresses', b.headers);
    expect(list.body.addresses.map((x: { id: number }) => x.id)).toEqual([mine.id]);
    expect((await call(t.app, 'GET', `/v1/users/addresses/${mine.id}`, b.headers)).body.address.label).toBe(
      'Office',
    );

    expect((await call(t.app, 'GET', `/v1/users/addresses/${mine.id}`, a.headers)).status).toBe(404);
    const put = await call(t.app, 'PUT', `/v1/users/addresses/${mine.id}`, a.headers, {
      address: { label: 'Mine now' },
    });
    expect(put.status).toBe(404);
    expect((await call(t.app, 'DELETE', `/v1/users/addresses/${mine.id}`, a.headers)).status).toBe(404);
    const aList = await call(t.app, 'GET', '/v1/users/addresses', a.headers);
    expect(aList.body.addresses.every((x: { id: number }) => x.id !== mine.id)).toBe(true);
    expect((await call(t.app, 'GET', `/v1/users/addresses/${mine.id}`, b.headers)).body.address.label).toBe(
      'Office',
    );
  });

  it('PUT changes the sent fields, keeps the others, follows the governorate to its zone, and validates', async () => {
    const made = (await post(b, { address: addressFields({ governorate: 'Giza' }) })).body.address;
    const m = multipart({ 'address[governorate]': 'Cairo', 'address[label]': 'Parents' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v1/users/addresses/${made.id}`,
      headers: { ...b.headers, ...m.headers },
      payload: m.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toMatchObject({
      label: 'Parents',
      governorate: 'Cairo',
      building: '12',
      delivery_zone: { name_en: 'Cairo', shipping_fees: 50 },
    });
    const bad = await call(t.app, 'PUT', `/v1/users/addresses/${made.id}?locale=en`, b.headers, {
      address: { number_type: 'home' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['city_code', 'phone_number']);
  });

  it('delete is soft: the address leaves the list and cannot be read again', async () => {
    const made = (await post(b, { address: addressFields({ label: 'Temp' }) })).body.address;
    const del = await call(t.app, 'DELETE', `/v1/users/addresses/${made.id}`, b.headers);
    expect(del).toMatchObject({ status: 200, body: { id: made.id, deleted: true } });
    expect((await call(t.app, 'GET', `/v1/users/addresses/${made.id}`, b.headers)).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/v1/users/addresses/${made.id}`, b.headers)).status).toBe(404);
    const rows = await t.database.db.query.addresses.findFirst({ where: (x, { eq }) => eq(x.id, made.id) });
    expect(rows?.deletedAt).not.toBeNull();
  });

  it('an unknown or malformed id is 404', async () => {
    expect((await call(t.app, 'GET', '/v1/users/addresses/999999', a.headers)).status).toBe(404);
    expect((await call(t.app, 'PUT', '/v1/users/addresses/abc', a.headers, { address: {} })).status).toBe(
      404,
    );
  });
});

describe('delivery zones', () => {
  it("lists active governorates with fees in EGP, in the alphabetical order of the shopper's language", async () => {
    const r = await call(t.app, 'GET', '/v1/delivery_zones?locale=ar', {});
    expect(r.body.delivery_zones).toEqual([
      expect.objectContaining({ name: 'الإسكندرية', shipping_fees: 75.5 }),
      expect.objectContaining({ name: 'الجيزة', shipping_fees: 60, delivery_days: { min: 2, max: 4 } }),
      expect.objectContaining({ name: 'القاهرة', shipping_fees: 50, delivery_days: { min: 1, max: 2 } }),
    ]);
    const en = await call(t.app, 'GET', '/v1/delivery_zones?locale=en', {});
    expect(en.body.delivery_zones.map((z: { name: string }) => z.name)).toEqual([
      'Alexandria',
      'Cairo',
      'Giza',
    ]);
  });
});
