/** The demo store's branches and the delivery zones: one per governorate of Egypt. */

export interface BranchSeed {
  nameEn: string;
  nameAr: string;
  addressEn: string;
  addressAr: string;
  phoneNumbers: string[];
  lat: number;
  lng: number;
}

export const BRANCHES: BranchSeed[] = [
  {
    nameEn: 'Egypt Electronics – Nasr City',
    nameAr: 'إلكترونيات مصر – مدينة نصر',
    addressEn: '42 Abbas El Akkad St, Nasr City, Cairo',
    addressAr: '42 شارع عباس العقاد، مدينة نصر، القاهرة',
    phoneNumbers: ['02 2401 5566', '0100 555 0101'],
    lat: 30.0605,
    lng: 31.3375,
  },
  {
    nameEn: 'Egypt Electronics – Mohandessin',
    nameAr: 'إلكترونيات مصر – المهندسين',
    addressEn: '26 Gameat El Dowal El Arabeya St, Mohandessin, Giza',
    addressAr: '26 شارع جامعة الدول العربية، المهندسين، الجيزة',
    phoneNumbers: ['02 3749 2210', '0111 555 0102'],
    lat: 30.0561,
    lng: 31.2009,
  },
  {
    nameEn: 'Egypt Electronics – Smouha',
    nameAr: 'إلكترونيات مصر – سموحة',
    addressEn: '15 Fawzy Moaz St, Smouha, Alexandria',
    addressAr: '15 شارع فوزي معاذ، سموحة، الإسكندرية',
    phoneNumbers: ['03 425 7788', '0122 555 0103'],
    lat: 31.21,
    lng: 29.944,
  },
];

export interface ZoneSeed {
  nameEn: string;
  nameAr: string;
  /** Shipping fees in whole pounds. */
  feesEgp: number;
  /** Free delivery for orders of products worth this many pounds or more (where the shop's own vans go). */
  freeFromEgp?: number;
}

/**
 * The 27 governorates, named as OpenStreetMap (and so the map's reverse geocoding) names them, without the word
 * "Governorate" (addresses/service.ts matches either way). Fees grow with the distance from the Cairo warehouse.
 */
/**
 * Days to deliver by distance, which the fee follows: Greater Cairo 1-2, the Delta and Alexandria 2-3, Upper Egypt
 * and the Canal 3-5, the far governorates (Red Sea, Sinai, Matrouh, New Valley) 4-7 (migration 0017 does the same).
 */
export function deliveryDaysFor(feesEgp: number): { min: number; max: number } {
  if (feesEgp <= 60) return { min: 1, max: 2 };
  if (feesEgp <= 80) return { min: 2, max: 3 };
  if (feesEgp <= 120) return { min: 3, max: 5 };
  return { min: 4, max: 7 };
}

export const DELIVERY_ZONES: ZoneSeed[] = [
  { nameEn: 'Cairo', nameAr: 'القاهرة', feesEgp: 50, freeFromEgp: 2000 },
  { nameEn: 'Giza', nameAr: 'الجيزة', feesEgp: 50, freeFromEgp: 2000 },
  { nameEn: 'Qalyubia', nameAr: 'القليوبية', feesEgp: 60 },
  { nameEn: 'Alexandria', nameAr: 'الإسكندرية', feesEgp: 75, freeFromEgp: 3000 },
  { nameEn: 'Beheira', nameAr: 'البحيرة', feesEgp: 80 },
  { nameEn: 'Monufia', nameAr: 'المنوفية', feesEgp: 70 },
  { nameEn: 'Gharbia', nameAr: 'الغربية', feesEgp: 75 },
  { nameEn: 'Dakahlia', nameAr: 'الدقهلية', feesEgp: 75 },
  { nameEn: 'Sharqia', nameAr: 'الشرقية', feesEgp: 70 },
  { nameEn: 'Kafr El Sheikh', nameAr: 'كفر الشيخ', feesEgp: 85 },
  { nameEn: 'Damietta', nameAr: 'دمياط', feesEgp: 85 },
  { nameEn: 'Port Said', nameAr: 'بورسعيد', feesEgp: 85 },
  { nameEn: 'Ismailia', nameAr: 'الإسماعيلية', feesEgp: 80 },
  { nameEn: 'Suez', nameAr: 'السويس', feesEgp: 80 },
  { nameEn: 'Faiyum', nameAr: 'الفيوم', feesEgp: 90 },
  { nameEn: 'Beni Suef', nameAr: 'بني سويف', feesEgp: 90 },
  { nameEn: 'Minya', nameAr: 'المنيا', feesEgp: 110 },
  { nameEn: 'Asyut', nameAr: 'أسيوط', feesEgp: 120 },
  { nameEn: 'Sohag', nameAr: 'سوهاج', feesEgp: 130 },
  { nameEn: 'Qena', nameAr: 'قنا', feesEgp: 140 },
  { nameEn: 'Luxor', nameAr: 'الأقصر', feesEgp: 145 },
  { nameEn: 'Aswan', nameAr: 'أسوان', feesEgp: 150 },
  { nameEn: 'Red Sea', nameAr: 'البحر الأحمر', feesEgp: 160 },
  { nameEn: 'Matrouh', nameAr: 'مطروح', feesEgp: 150 },
  { nameEn: 'New Valley', nameAr: 'الوادي الجديد', feesEgp: 180 },
  { nameEn: 'North Sinai', nameAr: 'شمال سيناء', feesEgp: 180 },
  { nameEn: 'South Sinai', nameAr: 'جنوب سيناء', feesEgp: 175 },
];
