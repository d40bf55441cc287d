import type { DeliveryZone } from '@store/contracts/address';
import { addressInputSchema } from '@store/contracts/address';
import { HOME_PHONE_PREFIXES } from '@store/contracts/constants';
import { describe, expect, it } from 'vitest';
import { addressPhone, emptyAddressValues, mapLabel, matchZone } from './address-values';

const zones: DeliveryZone[] = [
  {
    id: 1,
    name: 'Cairo',
    name_en: 'Cairo',
    name_ar: 'القاهرة',
    shipping_fees: 50,

    delivery_days: { min: 1, max: 2 },
  },
  {
    id: 2,
    name: 'Giza',
    name_en: 'Giza',
    name_ar: 'الجيزة',
    shipping_fees: 60,

    delivery_days: { min: 1, max: 2 },
  },
];

describe('the address form values', () => {
  it('a new address has no map position, a mobile number, and the first area code ready for a home number', () => {
    const v = emptyAddressValues();
    expect(v.lat).toBeUndefined();
    expect(v.name).toBe('');
    expect(v.number_type).toBe('mobile');
    expect(v.city_code).toBe(HOME_PHONE_PREFIXES[0]);
  });

  it('without a map position the shared rule asks to choose the location on the map', () => {
    const r = addressInputSchema.safeParse({
      ...emptyAddressValues(),
      label: 'Home',
      street_name: 'Tahrir',
      building: '1',
      floor: '2',
      apartment: '3',
      district: 'Dokki',
      governorate: 'Giza',
      phone_number: '01012345678',
    });
    expect(r.success).toBe(false);
    const map = r.error!.issues.filter((i) => ['lat', 'lng', 'name'].includes(String(i.path[0])));
    expect(map.length).toBeGreaterThan(0);
    expect(map.every((i) => i.message === 'choose_location_on_map')).toBe(true);
  });

  it('a home number keeps its area code; a mobile number drops it', () => {
    const base = {
      ...emptyAddressValues(),
      label: 'Home',
      street_name: 'Tahrir',
      building: '1',
      floor: '2',
      apartment: '3',
      district: 'Dokki',
      governorate: 'Giza',
      lat: 30,
      lng: 31,
      name: 'Dokki, Giza',
    };
    const home = addressInputSchema.parse({
      ...base,
      number_type: 'home',
      city_code: '03',
      phone_number: '4567890',
    });
    expect(home.city_code).toBe('03');
    const mobile = addressInputSchema.parse({
      ...base,
      number_type: 'mobile',
      city_code: '03',
      phone_number: '01012345678',
    });
    expect(mobile.city_code).toBeNull();
    expect(addressPhone({ number_type: 'home', city_code: '03', phone_number: '4567890' })).toBe(
      '03 4567890',
    );
  });
});

describe('matching a geocoded governorate to a delivery zone', () => {
  it('finds the zone whatever the spelling or language', () => {
    expect(matchZone(zones, 'Cairo Governorate')?.id).toBe(1);
    expect(matchZone(zones, 'محافظة الجيزة')?.id).toBe(2);
    expect(matchZone(zones, 'الجيزه')?.id).toBe(2);
    expect(matchZone(zones, 'cairo')?.id).toBe(1);
  });
  it('finds nothing for a governorate we do not serve, or none at all', () => {
    expect(matchZone(zones, 'Aswan Governorate')).toBeUndefined();
    expect(matchZone(zones, null)).toBeUndefined();
    expect(matchZone(zones, '')).toBeUndefined();
  });
});

describe("the map's label", () => {
  it('says N/A in the page language when the geocoder finds nothing, never the raw N/A on an Arabic page', async () => {
    const ar = (await import('../../i18n/ar/addresses.json')).default as { map: Record<string, string> };
    const en = (await import('../../i18n/en/addresses.json')).default as { map: Record<string, string> };
    const failed = mapLabel({ geocoding: false, position: { lat: 30, lng: 31 }, name: 'N/A', failed: 'N/A' });
    expect(failed).toEqual({ key: 'map.unknownPlace' });
    if (!('key' in failed)) throw new Error('expected a key');
    const key = failed.key.split('.')[1]!;
    expect(ar.map[key]).toMatch(/^مش متاح/);
    expect(ar.map[key]).not.toMatch(/N\/A/);
    expect(en.map[key]).toMatch(/^N\/A/);
    expect(
      mapLabel({ geocoding: false, position: { lat: 30, lng: 31 }, name: 'Tahrir St', failed: 'N/A' }),
    ).toEqual({
      text: 'Tahrir St',
    });
    expect(mapLabel({ geocoding: true, position: null, name: '', failed: 'N/A' })).toEqual({
      key: 'map.finding',
    });
    expect(mapLabel({ geocoding: false, position: null, name: '', failed: 'N/A' })).toEqual({
      key: 'map.notChosen',
    });
  });
});
