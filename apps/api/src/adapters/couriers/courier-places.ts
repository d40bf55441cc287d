/**
 * The store's governorates and districts as Aramex's and Mylerz's places (issue 48): tables in the code, like
 * bosta-places.ts, so placing a shipment needs no call to a courier's lists. A governorate is recognised once, by
 * bosta-places' matching (English or Arabic, any usual spelling), and keyed by its code there (EG-01 Cairo …).
 *
 * - Aramex takes a consignee's city by name (its Egypt city list: the governorate's capital, or a new city that is
 *   its own Aramex city such as 6th of October or 10th of Ramadan).
 * - Mylerz takes a city code and a zone (neighbourhood) code from its city and zone list (GET
 *   api/packages/GetCityZoneList): Cairo and Giza have a zone per district; the other governorates one zone, whose
 *   code is the city's. Obour, 10th of Ramadan and Shubra El Kheima are zones of Mylerz's Cairo.
 *
 * A governorate neither table knows: no call, the shipment is refused (CourierRefused, never a shipment).
 */
import { bostaCityFor, placeKey } from './bosta-places.ts';

/** Aramex's city for each governorate (by bosta-places' code), and districts that are Aramex cities of their own. */
const ARAMEX_CITY: Readonly<Record<string, string>> = {
  'EG-01': 'Cairo',
  'EG-02': 'Alexandria',
  'EG-03': 'North Coast',
  'EG-04': 'Damanhour',
  'EG-05': 'Mansoura',
  'EG-06': 'Banha',
  'EG-07': 'Tanta',
  'EG-08': 'Kafr El Sheikh',
  'EG-09': 'Shebin El Kom',
  'EG-10': 'Zagazig',
  'EG-11': 'Ismailia',
  'EG-12': 'Suez',
  'EG-13': 'Port Said',
  'EG-14': 'Damietta',
  'EG-15': 'Fayoum',
  'EG-16': 'Beni Suef',
  'EG-17': 'Assiut',
  'EG-18': 'Sohag',
  'EG-19': 'Minya',
  'EG-20': 'Qena',
  'EG-21': 'Aswan',
  'EG-22': 'Luxor',
  'EG-23': 'Hurghada',
  'EG-24': 'Kharga',
  'EG-25': 'Giza',
  'EG-26': 'Sharm El Sheikh',
  'EG-27': 'El Arish',
  'EG-28': 'Marsa Matrouh',
};

/** Districts that are Aramex cities themselves: [Aramex's name, the spellings shoppers write]. */
const ARAMEX_DISTRICT_CITIES: readonly (readonly string[])[] = [
  ['6th of October', '6th October', 'السادس من أكتوبر', '6 أكتوبر', 'October'],
  ['Sheikh Zayed', 'الشيخ زايد', 'Zayed'],
  ['New Cairo', 'القاهرة الجديدة', 'التجمع الخامس', 'Fifth Settlement', '5th Settlement'],
  ['10th of Ramadan', 'العاشر من رمضان', '10th of Ramadan City'],
  ['Obour', 'العبور', 'El Obour'],
  ['El Shorouk', 'الشروق', 'Shorouk'],
  ['Madinaty', 'مدينتي'],
  ['El Mahalla El Kubra', 'المحلة الكبرى', 'Mahalla'],
];

/** Aramex's city for the store's governorate and district, or null when the governorate is not known. */
export function aramexCityFor(governorate: string, district: string): string | null {
  const gov = bostaCityFor(governorate);
  if (!gov) return null;
  const key = placeKey(district);
  for (const names of ARAMEX_DISTRICT_CITIES)
    if (key && names.some((n) => placeKey(n) === key)) return names[0]!;
  return ARAMEX_CITY[gov.code] ?? null;
}

/** Mylerz's city code for each governorate (bosta-places' code); its single zone is the same code unless listed. */
const MYLERZ_CITY: Readonly<Record<string, string>> = {
  'EG-01': 'CA',
  'EG-25': 'Giza',
  'EG-02': 'ALX',
  'EG-17': 'ASYT',
  'EG-21': 'ASWN',
  'EG-04': 'BEHR',
  'EG-16': 'BENS',
  'EG-05': 'DAKH',
  'EG-14': 'DAMT',
  'EG-15': 'FAYM',
  'EG-07': 'GHRB',
  'EG-11': 'ISML',
  'EG-08': 'SHKH',
  'EG-22': 'LUXR',
  'EG-28': 'MTRH',
  'EG-03': 'MTRH',
  'EG-19': 'MNYA',
  'EG-09': 'MONF',
  'EG-24': 'WADI',
  'EG-27': 'NSNA',
  'EG-13': 'PORS',
  'EG-06': 'QLYB',
  'EG-20': 'QENA',
  'EG-23': 'REDS',
  'EG-10': 'SHRK',
  'EG-18': 'SOHG',
  'EG-26': 'SSINA',
  'EG-12': 'SUEZ',
};

/** Alexandria's one zone is named, not coded. */
const MYLERZ_CITY_ZONE: Readonly<Record<string, string>> = { ALX: 'Alexandria' };

/** Zones of Mylerz's Cairo and Giza: [city code, zone code, the spellings shoppers write]. */
const MYLERZ_ZONES: readonly (readonly string[])[] = [
  ['CA', 'Nasr City', 'Nasr City', 'مدينة نصر', 'Madinet Nasr'],
  ['CA', 'HEl', 'Heliopolis', 'مصر الجديدة', 'Masr El Gedida', 'هليوبوليس'],
  ['CA', 'Maadi', 'Maadi', 'المعادي', 'El Maadi'],
  ['CA', 'New Cairo', 'New Cairo', 'القاهرة الجديدة', 'التجمع الخامس', 'Fifth Settlement', '5th Settlement'],
  ['CA', 'Shoubra', 'Shubra', 'شبرا', 'Shoubra'],
  ['CA', 'Zamalek', 'Zamalek', 'الزمالك'],
  ['CA', 'AS', 'Ain Shams', 'عين شمس'],
  ['CA', 'Helwan', 'Helwan', 'حلوان'],
  ['CA', 'Qasr elneil', 'Downtown', 'وسط البلد', 'Qasr El Nil', 'قصر النيل'],
  ['CA', '15th of May', '15 May', '15th of May', '15 مايو', '١٥ مايو'],
  ['CA', 'El-M', 'El Marg', 'المرج'],
  ['CA', 'El Shorouk', 'El Shorouk', 'الشروق', 'Shorouk'],
  ['CA', 'Madinaty', 'Madinaty', 'مدينتي'],
  ['CA', 'Badr City', 'Badr City', 'مدينة بدر'],
  ['CA', 'Zeitoun', 'Zeitoun', 'الزيتون'],
  ['CA', 'OBOR', 'Obour', 'العبور', 'El Obour'],
  ['CA', 'RMDN', '10th of Ramadan', 'العاشر من رمضان', '10th of Ramadan City'],
  ['CA', 'KHM1', 'Shubra El Kheima', 'شبرا الخيمة'],
  ['Giza', 'Dokki', 'Dokki', 'الدقي'],
  ['Giza', 'Mohandseen', 'Mohandessin', 'المهندسين', 'Mohandeseen'],
  ['Giza', '6th of Oct', '6th of October', 'السادس من أكتوبر', '6 أكتوبر', '6th October', 'October'],
  ['Giza', 'Sheikh Zayed', 'Sheikh Zayed', 'الشيخ زايد', 'Zayed'],
  ['Giza', 'Haram', 'Haram', 'الهرم', 'El Haram', 'Pyramids', 'Faisal', 'فيصل'],
  ['Giza', 'Agouza', 'Agouza', 'العجوزة'],
  ['Giza', 'Imbaba', 'Imbaba', 'إمبابة'],
  ['Giza', 'Hadayek Al Ahram', 'Hadayek Al Ahram', 'حدائق الأهرام'],
  ['Giza', 'Omraneya', 'Omraneya', 'العمرانية'],
  ['Giza', 'GIZA', 'Giza', 'الجيزة'],
];

export interface MylerzPlace {
  city: string;
  /** The zone code (AddOrders' `Neighborhood`), or null when Mylerz's Cairo or Giza has no zone for the district. */
  zone: string | null;
}

/** Mylerz's city and zone for the store's governorate and district, or null when the governorate is not known. */
export function mylerzPlaceFor(governorate: string, district: string): MylerzPlace | null {
  const gov = bostaCityFor(governorate);
  if (!gov) return null;
  const key = placeKey(district);
  for (const [city, zone, ...names] of MYLERZ_ZONES)
    if (key && names.some((n) => placeKey(n) === key)) return { city: city!, zone: zone! };
  const city = MYLERZ_CITY[gov.code];
  if (!city) return null;
  if (city === 'CA' || city === 'Giza') return { city, zone: null };
  return { city, zone: MYLERZ_CITY_ZONE[city] ?? city };
}
