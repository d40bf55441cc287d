export interface BrandSeed {
  key: string;
  en: string;
  ar: string;
  /** Logo and image tint. */
  color: string;
  home?: boolean;
  featured?: boolean;
  /** Made (or assembled) in Egypt: shown in the specifications. */
  egyptian?: boolean;
  origin?: [string, string];
}

const b = (key: string, en: string, ar: string, color: string, more: Partial<BrandSeed> = {}): BrandSeed => ({
  key,
  en,
  ar,
  color,
  ...more,
});

const CHINA: [string, string] = ['China', 'الصين'];
const KOREA: [string, string] = ['South Korea', 'كوريا الجنوبية'];
const TURKEY: [string, string] = ['Turkey', 'تركيا'];
const GERMANY: [string, string] = ['Germany', 'ألمانيا'];
const EU: [string, string] = ['European Union', 'الاتحاد الأوروبي'];
const EGYPT: [string, string] = ['Egypt', 'مصر'];

/** Brands that sell in Egypt, with the names Egyptian shops write in Arabic. */
export const BRANDS: BrandSeed[] = [
  b('samsung', 'Samsung', 'سامسونج', '#1428a0', { home: true, featured: true, origin: KOREA }),
  b('lg', 'LG', 'ال جي', '#a50034', { home: true, featured: true, origin: KOREA }),
  b('toshiba', 'Toshiba El Araby', 'توشيبا العربي', '#e60012', {
    home: true,
    featured: true,
    origin: EGYPT,
    egyptian: true,
  }),
  b('apple', 'Apple', 'أبل', '#1d1d1f', { home: true, featured: true, origin: CHINA }),
  b('xiaomi', 'Xiaomi', 'شاومي', '#ff6900', { home: true, origin: CHINA }),
  b('fresh', 'Fresh', 'فريش', '#0089cf', { home: true, featured: true, origin: EGYPT, egyptian: true }),
  b('carrier', 'Carrier', 'كاريير', '#1b3e93', { home: true, origin: EGYPT, egyptian: true }),
  b('tornado', 'Tornado', 'تورنيدو', '#d71920', { home: true, origin: EGYPT, egyptian: true }),
  b('sony', 'Sony', 'سوني', '#111111', { featured: true, origin: ['Malaysia', 'ماليزيا'] }),
  b('sharp', 'Sharp El Araby', 'شارب العربي', '#e4002b', { origin: EGYPT, egyptian: true }),
  b('zanussi', 'Zanussi', 'زانوسي', '#0b2a4a', { origin: EGYPT, egyptian: true }),
  b('beko', 'Beko', 'بيكو', '#0072ce', { origin: TURKEY }),
  b('bosch', 'Bosch', 'بوش', '#ea0016', { featured: true, origin: GERMANY }),
  b('braun', 'Braun', 'براون', '#222222', { origin: GERMANY }),
  b('philips', 'Philips', 'فيليبس', '#0b5ed7', { featured: true, origin: EU }),
  b('tefal', 'Tefal', 'تيفال', '#d6001c', { origin: ['France', 'فرنسا'] }),
  b('moulinex', 'Moulinex', 'مولينكس', '#c8102e', { origin: ['France', 'فرنسا'] }),
  b('kenwood', 'Kenwood', 'كينوود', '#333333', { origin: CHINA }),
  b('oppo', 'Oppo', 'أوبو', '#1ba784', { origin: CHINA }),
  b('realme', 'Realme', 'ريلمي', '#d9a400', { origin: CHINA }),
  b('huawei', 'Huawei', 'هواوي', '#cf0a2c', { origin: CHINA }),
  b('lenovo', 'Lenovo', 'لينوفو', '#e2231a', { origin: CHINA }),
  b('hp', 'HP', 'اتش بي', '#0096d6', { origin: CHINA }),
  b('dell', 'Dell', 'ديل', '#007db8', { origin: CHINA }),
  b('unionaire', 'Unionaire', 'يونيون اير', '#003da5', { origin: EGYPT, egyptian: true }),
  b('white-whale', 'White Whale', 'وايت ويل', '#0057b8', { origin: EGYPT, egyptian: true }),
  b('hisense', 'Hisense', 'هايسنس', '#00a9a4', { origin: CHINA }),
  b('black-decker', 'Black & Decker', 'بلاك اند ديكر', '#f26f21', { origin: CHINA }),
  b('kiriazi', 'Kiriazi', 'كريازي', '#00539b', { origin: EGYPT, egyptian: true }),
  b('midea', 'Midea', 'ميديا', '#0093d0', { origin: EGYPT, egyptian: true }),
  b('ariston', 'Ariston', 'أريستون', '#002f6c', { origin: ['Italy', 'إيطاليا'] }),
  b('anker', 'Anker', 'أنكر', '#00a7e1', { origin: CHINA }),
  b('jbl', 'JBL', 'جي بي ال', '#ff3300', { origin: CHINA }),
  b('logitech', 'Logitech', 'لوجيتك', '#00b8fc', { origin: CHINA }),
  b('canon', 'Canon', 'كانون', '#cc0000', { origin: ['Vietnam', 'فيتنام'] }),
  b('microsoft', 'Microsoft', 'مايكروسوفت', '#5e5e5e', { origin: CHINA }),
  b('nintendo', 'Nintendo', 'نينتندو', '#e60012', { origin: ['Japan', 'اليابان'] }),
  b('delonghi', "De'Longhi", 'ديلونجي', '#0d2240', { origin: ['Italy', 'إيطاليا'] }),
];

export const BRAND_BY_KEY = new Map(BRANDS.map((x) => [x.key, x]));
