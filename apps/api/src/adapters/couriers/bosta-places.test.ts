import { describe, expect, it } from 'vitest';
import { DELIVERY_ZONES } from '../../db/seed/places.ts';
import { BOSTA_CITIES, bostaCityFor, bostaDistrictFor } from './bosta-places.ts';

describe('Bosta cities for the store’s governorates', () => {
  it('every governorate the store delivers to maps to a Bosta city, by its English and its Arabic name', () => {
    const codes = new Set<string>();
    for (const zone of DELIVERY_ZONES) {
      const byEn = bostaCityFor(zone.nameEn);
      const byAr = bostaCityFor(zone.nameAr);
      expect(byEn, zone.nameEn).not.toBeNull();
      expect(byAr?.code, zone.nameAr).toBe(byEn!.code);
      codes.add(byEn!.code);
    }
    // 27 governorates, 27 different cities (none folded into another).
    expect(codes.size).toBe(DELIVERY_ZONES.length);
    expect(BOSTA_CITIES.every((c) => /^EG-\d\d$/.test(c.code))).toBe(true);
  });

  it('matches the spellings addresses come with: the word governorate, the article, Arabic letter forms', () => {
    expect(bostaCityFor('Cairo Governorate')?.code).toBe('EG-01');
    expect(bostaCityFor('محافظة القاهرة')?.code).toBe('EG-01');
    expect(bostaCityFor('الاسكندريه')?.code).toBe('EG-02');
    expect(bostaCityFor('Qalyubia')?.name).toBe('El Kalioubia');
    expect(bostaCityFor('Beni Suef')?.name).toBe('Bani Suif');
    expect(bostaCityFor('Asyut')?.name).toBe('Assuit');
    expect(bostaCityFor('Kafr El Sheikh')?.name).toBe('Kafr Alsheikh');
    expect(bostaCityFor('Mars')).toBeNull();
    expect(bostaCityFor('')).toBeNull();
  });
});

describe('Bosta districts', () => {
  it('sends a district written in Arabic or English under Bosta’s name, within its own city only', () => {
    expect(bostaDistrictFor('EG-01', 'مدينة نصر')).toBe('Nasr City');
    expect(bostaDistrictFor('EG-01', 'nasr city')).toBe('Nasr City');
    expect(bostaDistrictFor('EG-25', 'السادس من أكتوبر')).toBe('6th of October');
    expect(bostaDistrictFor('EG-02', 'سموحة')).toBe('Smouha');
    // Dokki is in Giza, not Cairo; an unknown district is left to the caller.
    expect(bostaDistrictFor('EG-01', 'Dokki')).toBeNull();
    expect(bostaDistrictFor('EG-01', 'Kit Kat')).toBeNull();
  });
});
