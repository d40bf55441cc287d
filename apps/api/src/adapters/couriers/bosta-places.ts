/**
 * The store's governorates and districts as Bosta's cities and districts (issue 48): a table in the code, so placing
 * a shipment needs no call to Bosta's lists. Bosta's cities and their codes are those of its cities list
 * (GET /api/v2/cities?countryId=…, Egypt; the codes the SDKs call "city code"); a governorate is matched by its
 * English or Arabic name in any usual spelling (the word "governorate" and the article ignored). Districts are
 * matched the same way and sent under Bosta's English name (its zoning sheet's spelling); a district the table does
 * not know goes as the shopper wrote it, for Bosta to match or refuse (a refusal is a failed shipment, never a
 * shipment).
 */
import { normalizeSearchText } from '@store/contracts';

export interface BostaCity {
  /** Bosta's city code, e.g. EG-01. */
  code: string;
  /** The city's name in Bosta's list (what `dropOffAddress.city` takes). */
  name: string;
  nameAr: string;
  /** Other spellings of the governorate it stands for (English and Arabic), beside name and nameAr. */
  aliases: string[];
}

export const BOSTA_CITIES: readonly BostaCity[] = [
  { code: 'EG-01', name: 'Cairo', nameAr: 'القاهرة', aliases: [] },
  { code: 'EG-02', name: 'Alexandria', nameAr: 'الإسكندرية', aliases: ['Alex', 'Iskandariya'] },
  { code: 'EG-03', name: 'North Coast', nameAr: 'الساحل الشمالي', aliases: ['Sahel'] },
  { code: 'EG-04', name: 'Behira', nameAr: 'البحيرة', aliases: ['Beheira', 'Buhayrah', 'Bohaira'] },
  { code: 'EG-05', name: 'Dakahlia', nameAr: 'الدقهلية', aliases: ['Daqahlia', 'Dakahleya', 'Daqahliyah'] },
  {
    code: 'EG-06',
    name: 'El Kalioubia',
    nameAr: 'القليوبية',
    aliases: ['Qalyubia', 'Qaliubiya', 'Kalyoubia', 'Qalyubiyah', 'Kaliobeya'],
  },
  { code: 'EG-07', name: 'Gharbia', nameAr: 'الغربية', aliases: ['Gharbiya', 'Gharbiyah'] },
  {
    code: 'EG-08',
    name: 'Kafr Alsheikh',
    nameAr: 'كفر الشيخ',
    aliases: ['Kafr El Sheikh', 'Kafr el-Sheikh', 'Kafr Ash Shaykh'],
  },
  { code: 'EG-09', name: 'Monufia', nameAr: 'المنوفية', aliases: ['Menofia', 'Menoufia', 'Minufiyah'] },
  { code: 'EG-10', name: 'Sharqia', nameAr: 'الشرقية', aliases: ['Sharkia', 'Sharqiyah', 'Al Sharqia'] },
  { code: 'EG-11', name: 'Ismailia', nameAr: 'الإسماعيلية', aliases: ['Ismailiya', 'Isamilia'] },
  { code: 'EG-12', name: 'Suez', nameAr: 'السويس', aliases: [] },
  { code: 'EG-13', name: 'Port Said', nameAr: 'بورسعيد', aliases: ['Bur Said', 'بور سعيد'] },
  { code: 'EG-14', name: 'Damietta', nameAr: 'دمياط', aliases: ['Dumyat'] },
  { code: 'EG-15', name: 'Fayoum', nameAr: 'الفيوم', aliases: ['Faiyum', 'Fayum'] },
  {
    code: 'EG-16',
    name: 'Bani Suif',
    nameAr: 'بني سويف',
    aliases: ['Beni Suef', 'Beni Sweif', 'Bani Sweif'],
  },
  { code: 'EG-17', name: 'Assuit', nameAr: 'أسيوط', aliases: ['Asyut', 'Assiut', 'Asiut'] },
  { code: 'EG-18', name: 'Sohag', nameAr: 'سوهاج', aliases: ['Suhag'] },
  { code: 'EG-19', name: 'Menya', nameAr: 'المنيا', aliases: ['Minya', 'Minia', 'Menia'] },
  { code: 'EG-20', name: 'Qena', nameAr: 'قنا', aliases: ['Qina', 'Kena'] },
  { code: 'EG-21', name: 'Aswan', nameAr: 'أسوان', aliases: [] },
  { code: 'EG-22', name: 'Luxor', nameAr: 'الأقصر', aliases: ['Loxor'] },
  { code: 'EG-23', name: 'Red Sea', nameAr: 'البحر الأحمر', aliases: [] },
  { code: 'EG-24', name: 'New Valley', nameAr: 'الوادي الجديد', aliases: ['Wadi El Gedid'] },
  { code: 'EG-25', name: 'Giza', nameAr: 'الجيزة', aliases: ['Gizeh'] },
  { code: 'EG-26', name: 'South Sinai', nameAr: 'جنوب سيناء', aliases: [] },
  { code: 'EG-27', name: 'North Sinai', nameAr: 'شمال سيناء', aliases: [] },
  { code: 'EG-28', name: 'Matrouh', nameAr: 'مطروح', aliases: ['Matruh', 'Marsa Matrouh'] },
];

/**
 * Districts by Bosta city code: Bosta's English name first, then the spellings shoppers write (the store's seed
 * writes each district in English and Arabic). Where a place is its own city in Bosta's list (North Coast), the
 * governorate's table does not hold it.
 */
export const BOSTA_DISTRICTS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  'EG-01': [
    ['Nasr City', 'مدينة نصر', 'Madinet Nasr'],
    ['Heliopolis', 'مصر الجديدة', 'Masr El Gedida'],
    ['Maadi', 'المعادي', 'El Maadi'],
    ['New Cairo', 'القاهرة الجديدة', 'التجمع الخامس', 'Fifth Settlement', '5th Settlement', 'Tagamoa'],
    ['Shubra', 'شبرا'],
    ['Zamalek', 'الزمالك'],
    ['Ain Shams', 'عين شمس'],
    ['Helwan', 'حلوان'],
    ['Downtown', 'وسط البلد', 'Downtown Cairo', 'Wust El Balad'],
    ['Mokattam', 'المقطم'],
    ['15 May', '15 مايو', '١٥ مايو'],
    ['El Marg', 'المرج'],
    ['El Shorouk', 'الشروق', 'Shorouk'],
    ['Madinaty', 'مدينتي'],
  ],
  'EG-25': [
    ['Dokki', 'الدقي'],
    ['Mohandessin', 'المهندسين', 'Mohandeseen'],
    ['6th of October', 'السادس من أكتوبر', '6 أكتوبر', '6th October', 'October'],
    ['Sheikh Zayed', 'الشيخ زايد', 'Zayed'],
    ['Faisal', 'فيصل'],
    ['Haram', 'الهرم', 'El Haram', 'Pyramids'],
    ['Agouza', 'العجوزة'],
    ['Imbaba', 'إمبابة'],
  ],
  'EG-02': [
    ['Smouha', 'سموحة'],
    ['Sidi Gaber', 'سيدي جابر'],
    ['Miami', 'ميامي'],
    ['Agami', 'العجمي'],
    ['Louran', 'لوران'],
    ['Sporting', 'سبورتنج'],
    ['Stanley', 'ستانلي'],
  ],
  'EG-06': [
    ['Banha', 'بنها', 'Benha'],
    ['Shubra El Kheima', 'شبرا الخيمة'],
    ['Qalyub', 'قليوب'],
    ['Obour', 'العبور', 'El Obour'],
  ],
  'EG-10': [
    ['Zagazig', 'الزقازيق'],
    ['10th of Ramadan', 'العاشر من رمضان', '10th of Ramadan City'],
  ],
  'EG-05': [
    ['Mansoura', 'المنصورة'],
    ['Talkha', 'طلخا'],
  ],
  'EG-07': [
    ['Tanta', 'طنطا'],
    ['El Mahalla El Kubra', 'المحلة الكبرى', 'Mahalla'],
  ],
  'EG-09': [
    ['Shebin El Kom', 'شبين الكوم'],
    ['Menouf', 'منوف'],
  ],
  'EG-04': [
    ['Damanhour', 'دمنهور'],
    ['Kafr El Dawar', 'كفر الدوار'],
  ],
  'EG-08': [['Kafr El Sheikh', 'كفر الشيخ']],
  'EG-14': [
    ['Damietta', 'دمياط'],
    ['New Damietta', 'دمياط الجديدة'],
  ],
  'EG-13': [
    ['El Sharq', 'الشرق'],
    ['Port Fouad', 'بورفؤاد', 'بور فؤاد'],
  ],
  'EG-11': [['Ismailia', 'الإسماعيلية']],
  'EG-12': [
    ['Suez', 'السويس'],
    ['El Arbaeen', 'الأربعين'],
  ],
  'EG-15': [['Fayoum', 'الفيوم', 'Faiyum']],
  'EG-16': [['Beni Suef', 'بني سويف']],
  'EG-19': [
    ['Minya', 'المنيا'],
    ['Mallawi', 'ملوي'],
  ],
  'EG-17': [['Assiut', 'أسيوط', 'Asyut']],
  'EG-18': [['Sohag', 'سوهاج']],
  'EG-20': [['Qena', 'قنا']],
  'EG-22': [['Luxor', 'الأقصر']],
  'EG-21': [['Aswan', 'أسوان']],
  'EG-23': [['Hurghada', 'الغردقة']],
  'EG-28': [['Marsa Matrouh', 'مرسى مطروح']],
  'EG-24': [['Kharga', 'الخارجة']],
  'EG-27': [['Arish', 'العريش', 'El Arish']],
  'EG-26': [['Sharm El Sheikh', 'شرم الشيخ']],
};

const DROPPED_WORDS = new Set(['governorate', 'gov', 'محافظه', 'city', 'مدينه', 'al', 'el']);

/** A place's name reduced to what identifies it: normalised Arabic, no article, no "governorate", no spaces. */
export function placeKey(name: string): string {
  return normalizeSearchText(name)
    .split(' ')
    .filter((w) => w && !DROPPED_WORDS.has(w))
    .map((w) => (w.length > 3 && w.startsWith('ال') ? w.slice(2) : w))
    .join('')
    .replace(/-/g, '');
}

const cityByKey = new Map<string, BostaCity>();
for (const city of BOSTA_CITIES)
  for (const n of [city.name, city.nameAr, ...city.aliases]) cityByKey.set(placeKey(n), city);

/** Bosta's city for a governorate as the store writes it (English or Arabic), or null when none matches. */
export function bostaCityFor(governorate: string): BostaCity | null {
  return cityByKey.get(placeKey(governorate)) ?? null;
}

/** Bosta's name of a district of that city, or null when the table does not know it. */
export function bostaDistrictFor(cityCode: string, district: string): string | null {
  const key = placeKey(district);
  if (!key) return null;
  for (const names of BOSTA_DISTRICTS[cityCode] ?? [])
    if (names.some((n) => placeKey(n) === key)) return names[0]!;
  return null;
}
