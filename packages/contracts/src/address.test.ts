import { describe, expect, it } from 'vitest';
import { addressInputSchema } from './address.ts';
import { HOME_PHONE_PREFIXES } from './constants.ts';
import { paymentRequestSchema, placeOrderBodySchema, ratingsBodySchema } from './checkout.ts';

const good = {
  label: 'Home',
  street_name: 'El Tahrir St',
  building: '12',
  floor: '3',
  apartment: '7',
  district: 'Dokki',
  governorate: 'Giza',
  instructions: 'Ring twice',
  number_type: 'mobile',
  phone_number: '01012345678',
  lat: '30.0444',
  lng: '31.2357',
  name: 'El Tahrir St, Dokki, Giza',
};

const errorsOf = (input: unknown) => {
  const r = addressInputSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
};

describe('the address rules (spec §5)', () => {
  it('accepts a complete address and cleans it', () => {
    const r = addressInputSchema.parse({ ...good, label: '  Home  ', city_code: '02' });
    expect(r).toMatchObject({
      label: 'Home',
      lat: 30.0444,
      lng: 31.2357,
      city_code: null,
      number_type: 'mobile',
    });
  });

  it.each(['label', 'street_name', 'building', 'floor', 'apartment', 'district', 'governorate'])(
    '%s is required and at most 50 characters',
    (field) => {
      expect(errorsOf({ ...good, [field]: '' })[field]).toEqual(['required']);
      expect(errorsOf({ ...good, [field]: '   ' })[field]).toEqual(['required']);
      const { [field]: _, ...without } = good as Record<string, string>;
      expect(errorsOf(without)[field]).toEqual(['required']);
      expect(errorsOf({ ...good, [field]: 'x'.repeat(51) })[field]).toEqual(['too_long:50']);
      expect(errorsOf({ ...good, [field]: 'x'.repeat(50) })[field]).toBeUndefined();
    },
  );

  it('takes `street` for street_name', () => {
    const { street_name: _, ...rest } = good;
    expect(addressInputSchema.parse({ ...rest, street: 'Nile St' }).street_name).toBe('Nile St');
  });

  it('instructions are optional, at most 500', () => {
    expect(addressInputSchema.parse({ ...good, instructions: '' }).instructions).toBeNull();
    expect(errorsOf({ ...good, instructions: 'x'.repeat(501) }).instructions).toEqual(['too_long:500']);
    expect(errorsOf({ ...good, instructions: 'x'.repeat(500) }).instructions).toBeUndefined();
  });

  it('number_type is mobile or home', () => {
    expect(errorsOf({ ...good, number_type: '' }).number_type).toEqual(['required']);
    expect(errorsOf({ ...good, number_type: 'fax' }).number_type).toEqual(['must_be_one_of:mobile, home']);
    expect(addressInputSchema.parse({ ...good, number_type: 'Mobile' }).number_type).toBe('mobile');
  });

  it('phone_number is required, digits only, a mobile number for mobile', () => {
    expect(errorsOf({ ...good, phone_number: '' }).phone_number).toEqual(['required']);
    expect(errorsOf({ ...good, phone_number: '0101234567a' }).phone_number).toEqual(['digits_only']);
    expect(errorsOf({ ...good, phone_number: '+201012345678' }).phone_number).toEqual(['digits_only']);
    expect(errorsOf({ ...good, phone_number: '0101234567' }).phone_number).toEqual(['mobile_number_invalid']);
    expect(errorsOf({ ...good, phone_number: '11012345678' }).phone_number).toEqual([
      'mobile_number_invalid',
    ]);
    expect(errorsOf({ ...good, phone_number: '01312345678' }).phone_number).toEqual([
      'mobile_number_invalid',
    ]);
    expect(addressInputSchema.parse({ ...good, phone_number: '٠١٠١٢٣٤٥٦٧٨' }).phone_number).toBe(
      '01012345678',
    );
  });

  it('home numbers need an area code from the list', () => {
    const home = { ...good, number_type: 'home', phone_number: '23456789' };
    expect(errorsOf(home).city_code).toEqual(['required']);
    expect(errorsOf({ ...home, city_code: '011' }).city_code?.[0]).toMatch(/^must_be_one_of:02, 03, 068/);
    for (const code of HOME_PHONE_PREFIXES) {
      expect(addressInputSchema.parse({ ...home, city_code: code }).city_code).toBe(code);
    }
    expect(errorsOf({ ...home, city_code: '02', phone_number: '12345' }).phone_number).toEqual([
      'home_number_invalid',
    ]);
    expect(errorsOf({ ...home, city_code: '02', phone_number: '0223456789' }).phone_number).toEqual([
      'home_number_invalid',
    ]);
  });

  it('a map position and its name are required', () => {
    const msg = ['choose_location_on_map'];
    expect(errorsOf({ ...good, lat: '' })).toEqual({ lat: msg });
    expect(errorsOf({ ...good, lng: undefined })).toEqual({ lng: msg });
    expect(errorsOf({ ...good, name: ' ' })).toEqual({ name: msg });
    expect(errorsOf({ ...good, lat: 'abc' })).toEqual({ lat: msg });
    expect(errorsOf({ ...good, lat: '91' })).toEqual({ lat: msg });
    expect(errorsOf({ ...good, lat: undefined, lng: undefined, name: undefined })).toEqual({
      lat: msg,
      lng: msg,
      name: msg,
    });
    expect(addressInputSchema.parse({ ...good, lat: 30.1, lng: 31.2 }).lat).toBe(30.1);
  });
});

describe('the payment request (spec §3)', () => {
  it('installments need a plan; the other methods do not', () => {
    expect(paymentRequestSchema.safeParse({ payment_method: 'cash' }).success).toBe(true);
    const r = paymentRequestSchema.safeParse({ payment_method: 'visa_on_delivery_installments' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      path: ['bank_installment_id'],
      message: 'bank_installment_required',
    });
    expect(
      paymentRequestSchema.safeParse({
        payment_method: 'visa_on_delivery_installments',
        bank_installment_id: '3',
      }).data?.bank_installment_id,
    ).toBe(3);
    expect(paymentRequestSchema.safeParse({ payment_method: 'bitcoin' }).success).toBe(false);
    expect(placeOrderBodySchema.safeParse({ payment_method: 'online' }).success).toBe(false);
  });

  it('ratings are whole numbers from 1 to 5', () => {
    expect(ratingsBodySchema.safeParse({ ratings: [{ id: 1, rating: 5 }] }).success).toBe(true);
    for (const rating of [0, 6, 2.5, '3']) {
      expect(ratingsBodySchema.safeParse({ ratings: [{ id: 1, rating }] }).success).toBe(false);
    }
    expect(ratingsBodySchema.safeParse({ ratings: [] }).success).toBe(false);
  });
});
