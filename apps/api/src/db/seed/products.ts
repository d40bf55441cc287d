/**
 * The demo catalog's products, written the way an Egyptian shop lists them: bilingual titles with the model
 * number, specifications in both languages, prices in whole pounds. The data lives in products-electronics.ts
 * and products-appliances.ts; this file holds the shapes, the specification keys and the title builders they share.
 */
import { BRAND_BY_KEY, type BrandSeed } from './brands.ts';
import { flattenCategories } from './categories.ts';
import type { Shape } from './svg.ts';

/** An English text and its Arabic twin. */
export type Pair = readonly [en: string, ar: string];

export interface SpecSeed {
  keyEn: string;
  keyAr: string;
  valueEn: string;
  valueAr: string;
}

export interface ProductSeed {
  /** A leaf category's key (categories.ts). */
  category: string;
  /** A brand's key (brands.ts). */
  brand: string;
  /** The silhouette drawn on its pictures. */
  shape: Shape;
  titleEn: string;
  titleAr: string;
  descriptionEn: string;
  descriptionAr: string;
  model: string;
  series: string | null;
  /** The shop price in whole pounds. */
  priceEgp: number;
  specs: SpecSeed[];
  /** Shown with a 3D model in the gallery. */
  model3d?: 'phone' | 'tv';
  /** Sought after (new phones, consoles): more often limited per order. */
  hot?: boolean;
}

/* ---------------- specification keys ---------------- */

export const K = {
  brand: ['Brand', 'الماركة'],
  model: ['Model', 'الموديل'],
  warranty: ['Warranty', 'الضمان'],
  origin: ['Country of Origin', 'بلد المنشأ'],
  color: ['Color', 'اللون'],
  screen: ['Screen Size', 'حجم الشاشة'],
  resolution: ['Resolution', 'دقة الشاشة'],
  panel: ['Display Technology', 'تقنية الشاشة'],
  os: ['Operating System', 'نظام التشغيل'],
  refresh: ['Refresh Rate', 'معدل التحديث'],
  hdmi: ['HDMI Ports', 'منافذ HDMI'],
  receiver: ['Built-in Receiver', 'رسيفر داخلي'],
  connectivity: ['Connectivity', 'الاتصال'],
  output: ['Output Power', 'قوة الصوت'],
  channels: ['Channels', 'القنوات'],
  battery: ['Battery', 'البطارية'],
  batteryLife: ['Battery Life', 'عمر البطارية'],
  noiseCancelling: ['Noise Cancellation', 'عزل الضوضاء'],
  water: ['Water Resistance', 'مقاومة المياه'],
  storage: ['Storage', 'المساحة التخزينية'],
  ram: ['RAM', 'الرامات'],
  processor: ['Processor', 'المعالج'],
  camera: ['Main Camera', 'الكاميرا الأساسية'],
  network: ['Network', 'الشبكة'],
  sim: ['SIM', 'الشريحة'],
  gpu: ['Graphics Card', 'كارت الشاشة'],
  capacity: ['Capacity', 'السعة'],
  horsepower: ['Horsepower', 'القدرة بالحصان'],
  coolingCapacity: ['Cooling Capacity', 'قدرة التبريد'],
  acMode: ['Mode', 'نوع التشغيل'],
  inverter: ['Inverter Technology', 'تقنية الانفرتر'],
  refrigerant: ['Refrigerant', 'غاز التبريد'],
  room: ['Room Size', 'مساحة الغرفة'],
  energy: ['Energy Efficiency', 'كفاءة استهلاك الطاقة'],
  coolingSystem: ['Cooling System', 'نظام التبريد'],
  doors: ['Doors', 'عدد الأبواب'],
  drawers: ['Drawers', 'عدد الأدراج'],
  load: ['Washing Capacity', 'سعة الغسيل'],
  dryLoad: ['Drying Capacity', 'سعة التجفيف'],
  spin: ['Spin Speed', 'سرعة العصر'],
  programs: ['Programs', 'عدد البرامج'],
  placeSettings: ['Place Settings', 'عدد الأفراد'],
  burners: ['Burners', 'عدد الشعلات'],
  size: ['Dimensions', 'المقاس'],
  power: ['Power', 'القدرة'],
  volume: ['Volume', 'السعة باللتر'],
  speeds: ['Speeds', 'عدد السرعات'],
  type: ['Type', 'النوع'],
  ports: ['Ports', 'المنافذ'],
  weight: ['Weight', 'الوزن'],
  printType: ['Print Technology', 'تقنية الطباعة'],
  printSpeed: ['Print Speed', 'سرعة الطباعة'],
  functions: ['Functions', 'الوظائف'],
  interface: ['Interface', 'الواجهة'],
  readSpeed: ['Read Speed', 'سرعة القراءة'],
  safety: ['Safety', 'الأمان'],
  fuel: ['Fuel', 'نوع الوقود'],
  dispenser: ['Water Dispenser', 'موزع مياه'],
  panelSize: ['Panel', 'لوحة الشاشة'],
  responseTime: ['Response Time', 'زمن الاستجابة'],
  platform: ['Platform', 'المنصة'],
  dpi: ['Sensor', 'الحساس'],
} as const satisfies Record<string, Pair>;

export type SpecKey = keyof typeof K;

/** A specification row: a key of K and a value in both languages (one value when it reads the same). */
export function spec(key: SpecKey, valueEn: string | number, valueAr?: string | number): SpecSeed {
  const [keyEn, keyAr] = K[key];
  return { keyEn, keyAr, valueEn: String(valueEn), valueAr: String(valueAr ?? valueEn) };
}

export const YES: Pair = ['Yes', 'نعم'];
export const NO: Pair = ['No', 'لا'];
export const yesNo = (b: boolean): Pair => (b ? YES : NO);
export const specPair = (key: SpecKey, v: Pair) => spec(key, v[0], v[1]);

/* ---------------- words ---------------- */

export const COLORS = {
  black: ['Black', 'أسود'],
  white: ['White', 'أبيض'],
  silver: ['Silver', 'فضي'],
  grey: ['Grey', 'رمادي'],
  blue: ['Blue', 'أزرق'],
  navy: ['Navy', 'كحلي'],
  green: ['Green', 'أخضر'],
  red: ['Red', 'أحمر'],
  gold: ['Gold', 'ذهبي'],
  pink: ['Pink', 'وردي'],
  purple: ['Purple', 'بنفسجي'],
  inox: ['Stainless Steel', 'ستانلس ستيل'],
  blackGlass: ['Black Glass', 'زجاج أسود'],
  titaniumBlack: ['Titanium Black', 'تيتانيوم أسود'],
  titaniumGrey: ['Titanium Gray', 'تيتانيوم رمادي'],
  naturalTitanium: ['Natural Titanium', 'تيتانيوم طبيعي'],
  desertTitanium: ['Desert Titanium', 'تيتانيوم صحراوي'],
  midnight: ['Midnight', 'أسود ليلي'],
  starlight: ['Starlight', 'ستارلايت'],
  spaceGrey: ['Space Gray', 'رمادي فلكي'],
  graphite: ['Graphite', 'جرافيت'],
  ultramarine: ['Ultramarine', 'أزرق ألترامارين'],
  teal: ['Teal', 'أخضر مزرق'],
  cream: ['Cream', 'كريمي'],
  darkInox: ['Dark Inox', 'دارك إينوكس'],
} as const satisfies Record<string, Pair>;

export type Color = keyof typeof COLORS;

/** "256GB" / "256 جيجا", "1TB" / "1 تيرا". */
export function storageLabel(gb: number): Pair {
  return gb >= 1024 ? [`${gb / 1024}TB`, `${gb / 1024} تيرا`] : [`${gb}GB`, `${gb} جيجا`];
}

export const brandOf = (key: string): BrandSeed => {
  const b = BRAND_BY_KEY.get(key);
  if (!b) throw new Error(`unknown brand ${key}`);
  return b;
};

/** Warranty by department (the sections override some). */
const WARRANTY: Record<string, Pair> = {
  'tv-audio': ['2 years', 'سنتين'],
  'mobiles-tablets': ['1 year', 'سنة'],
  computers: ['1 year', 'سنة'],
  'large-appliances': ['5 years', '5 سنين'],
  'small-appliances': ['2 years', 'سنتين'],
  'air-conditioners': ['5 years, compressor 7 years', '5 سنين، والكومبروسر 7 سنين'],
  'kitchen-appliances': ['2 years', 'سنتين'],
  gaming: ['1 year', 'سنة'],
};
const WARRANTY_BY_CATEGORY: Record<string, Pair> = {
  headphones: ['1 year', 'سنة'],
  speakers: ['1 year', 'سنة'],
  'chargers-cables': ['1 year', 'سنة'],
  'power-banks': ['18 months', '18 شهر'],
};

const LEAVES = new Map(
  flattenCategories()
    .filter((c) => !c.children?.length)
    .map((c) => [c.key, c]),
);
export const leafCategory = (key: string) => {
  const c = LEAVES.get(key);
  if (!c) throw new Error(`unknown leaf category ${key}`);
  return c;
};

/* ---------------- the generic builder ---------------- */

export interface ItemInput {
  brand: string;
  model: string;
  en: string;
  ar: string;
  price: number;
  specs?: SpecSeed[];
  /** What the product does best, one line each; the category's lines follow. */
  features?: Pair[];
  series?: string;
  shape?: Shape;
  color?: Color;
  hot?: boolean;
  model3d?: 'phone' | 'tv';
}

/** Lines every product of a category may use in its description. */
export type FeaturePool = Record<string, Pair[]>;

/**
 * A product: titles as given, the brand, model, warranty and origin rows added to its specifications, and a
 * description made of its own lines, two of its category's and the warranty.
 */
export function item(category: string, x: ItemInput, pool: FeaturePool = {}): ProductSeed {
  const cat = leafCategory(category);
  const brand = brandOf(x.brand);
  const warranty = WARRANTY_BY_CATEGORY[category] ?? WARRANTY[cat.department] ?? (['1 year', 'سنة'] as Pair);
  const origin = brand.origin ?? (['China', 'الصين'] as Pair);
  // Without lines of its own, a product opens with its main specifications.
  const main = (x.specs ?? []).slice(0, 3);
  const own: Pair[] =
    x.features ??
    (main.length
      ? [
          [
            main.map((s) => `${s.keyEn}: ${s.valueEn}`).join(', '),
            main.map((s) => `${s.keyAr}: ${s.valueAr}`).join('، '),
          ],
        ]
      : []);
  const shared = pool[category] ?? [];
  // Two lines of the category, chosen by the model number so neighbours differ.
  const start = shared.length ? [...x.model].reduce((a, ch) => a + ch.charCodeAt(0), 0) % shared.length : 0;
  const extra = shared.length ? [shared[start]!, shared[(start + 1) % shared.length]!] : [];
  const lines = [...own, ...extra].slice(0, 4);
  const warrantyLine: Pair = brand.egyptian
    ? [
        `Made in Egypt, with ${warranty[0]} of ${brand.en} warranty and service centres in every governorate.`,
        `صناعة مصرية، بضمان ${brand.ar} ${warranty[1]} ومراكز صيانة في كل المحافظات.`,
      ]
    : [
        `Official ${brand.en} Egypt warranty: ${warranty[0]}.`,
        `ضمان الوكيل الرسمي ${brand.ar} في مصر: ${warranty[1]}.`,
      ];
  const sentence = (s: string) => (/[.!؟?]$/.test(s) ? s : `${s}.`);
  const specs: SpecSeed[] = [
    spec('brand', brand.en, brand.ar),
    spec('model', x.model),
    ...(x.specs ?? []),
    ...(x.color ? [specPair('color', COLORS[x.color])] : []),
    specPair('warranty', warranty),
    specPair('origin', origin),
  ];
  return {
    category,
    brand: x.brand,
    shape: x.shape ?? cat.shape,
    titleEn: x.en,
    titleAr: x.ar,
    descriptionEn: [...lines.map((l) => sentence(l[0])), warrantyLine[0]].join(' '),
    descriptionAr: [...lines.map((l) => sentence(l[1])), warrantyLine[1]].join(' '),
    model: x.model,
    series: x.series ?? null,
    priceEgp: x.price,
    specs,
    hot: x.hot,
    model3d: x.model3d,
  };
}

/* ---------------- builders for the kinds with a fixed title pattern ---------------- */

export interface TvInput {
  brand: string;
  series: string;
  model: string;
  size: number;
  res: '4K' | 'FHD' | 'HD';
  /** LED, QLED, OLED evo, Neo QLED, QNED, ULED... */
  panel: string;
  os: string | null;
  price: number;
  hz?: number;
  hdmi?: number;
  receiver?: boolean;
  features?: Pair[];
  model3d?: boolean;
}

const RES: Record<TvInput['res'], { en: string; ar: string; px: string }> = {
  '4K': { en: '4K UHD', ar: '4K UHD', px: '3840 x 2160' },
  FHD: { en: 'Full HD', ar: 'فول اتش دي', px: '1920 x 1080' },
  HD: { en: 'HD', ar: 'اتش دي', px: '1366 x 768' },
};

/** "Samsung 55 Inch 4K UHD Smart LED TV UA55CU7000" / "شاشة سامسونج 55 بوصة سمارت 4K UHD UA55CU7000". */
export function tv(category: string, t: TvInput, pool: FeaturePool): ProductSeed {
  const b = brandOf(t.brand);
  const r = RES[t.res];
  const smart = t.os !== null;
  const panelAr = t.panel === 'LED' ? '' : ` ${t.panel}`;
  const features: Pair[] = [
    [
      `${b.en} ${t.series}: a ${t.size}-inch ${r.en} ${t.panel} screen${smart ? ` running ${t.os}` : ''}`,
      `${b.ar} ${t.series}: شاشة ${t.size} بوصة ${r.ar}${panelAr}${smart ? ` بنظام ${t.os}` : ''}`,
    ],
    ...(t.features ?? []),
  ];
  if (smart)
    features.push([
      'Netflix, YouTube, Shahid and Watch IT straight from the home screen',
      'نتفليكس ويوتيوب وشاهد وWatch IT من الشاشة على طول من غير أي جهاز إضافي',
    ]);
  if (t.receiver ?? true)
    features.push([
      'A built-in satellite receiver tunes Nilesat channels without a separate box',
      'رسيفر داخلي بيجيب قنوات النايل سات من غير ريسيفر خارجي',
    ]);
  return item(
    category,
    {
      brand: t.brand,
      model: t.model,
      series: t.series,
      price: t.price,
      en: `${b.en} ${t.size} Inch ${r.en} ${smart ? 'Smart ' : ''}${t.panel} TV ${t.model}`,
      ar: `شاشة ${b.ar} ${t.size} بوصة ${smart ? 'سمارت ' : ''}${r.ar}${panelAr} ${t.model}`,
      features,
      model3d: t.model3d ? 'tv' : undefined,
      specs: [
        spec('screen', `${t.size} inch`, `${t.size} بوصة`),
        spec('resolution', `${r.en} (${r.px})`, `${r.ar} (${r.px})`),
        spec('panel', t.panel),
        ...(smart ? [spec('os', t.os!)] : [spec('os', 'Not smart', 'غير سمارت')]),
        spec('refresh', `${t.hz ?? 60} Hz`, `${t.hz ?? 60} هرتز`),
        spec('hdmi', t.hdmi ?? (t.res === 'HD' ? 2 : 3)),
        specPair('receiver', yesNo(t.receiver ?? true)),
        spec(
          'connectivity',
          smart ? 'Wi-Fi, Bluetooth, USB, Ethernet' : 'USB, AV',
          smart ? 'واي فاي، بلوتوث، USB، إيثرنت' : 'USB، AV',
        ),
      ],
    },
    pool,
  );
}

export interface PhoneInput {
  brand: string;
  /** "Galaxy S24 Ultra" / "جالاكسي S24 الترا". */
  name: Pair;
  model: string;
  ram: number;
  storage: number;
  color: Color;
  price: number;
  chip: string;
  camera: string;
  battery: number;
  screen: number;
  net: '5G' | '4G';
  features?: Pair[];
  hot?: boolean;
  model3d?: boolean;
  category?: string;
}

/**
 * "Samsung Galaxy S24 Ultra 5G Dual SIM 256GB 12GB RAM Titanium Black" /
 * "موبايل سامسونج جالاكسي S24 الترا 5G ثنائي الشريحة 256 جيجا رام 12 جيجا تيتانيوم أسود".
 * iPhones as Apple writes them: "Apple iPhone 16 Pro 256GB Desert Titanium".
 */
/** "Xiaomi 14T Pro", not "Xiaomi Xiaomi 14T Pro": the brand once, when the product's name already starts with it. */
const branded = (brand: string, name: string) =>
  name.toLowerCase().startsWith(`${brand.toLowerCase()} `) ? name : `${brand} ${name}`;

export function phone(p: PhoneInput, pool: FeaturePool): ProductSeed {
  const b = brandOf(p.brand);
  const [stEn, stAr] = storageLabel(p.storage);
  const [cEn, cAr] = COLORS[p.color];
  const apple = p.brand === 'apple';
  const en = apple
    ? `${branded(b.en, p.name[0])} ${stEn} ${cEn}`
    : `${branded(b.en, p.name[0])} ${p.net} Dual SIM ${stEn} ${p.ram}GB RAM ${cEn}`;
  const ar = apple
    ? `موبايل ${branded(b.ar, p.name[1])} ${stAr} ${cAr}`
    : `موبايل ${branded(b.ar, p.name[1])} ${p.net} ثنائي الشريحة ${stAr} رام ${p.ram} جيجا ${cAr}`;
  return item(
    p.category ?? (apple ? 'iphones' : 'android-phones'),
    {
      brand: p.brand,
      model: p.model,
      series: p.name[0],
      price: p.price,
      en,
      ar,
      hot: p.hot,
      model3d: p.model3d ? 'phone' : undefined,
      features: [
        [
          `A ${p.screen}-inch screen, ${p.chip} and a ${p.camera} main camera`,
          `شاشة ${p.screen} بوصة ومعالج ${p.chip} وكاميرا أساسية ${p.camera}`,
        ],
        [
          `${p.battery.toLocaleString('en-US')} mAh battery for a full day and more`,
          `بطارية ${p.battery} مللي أمبير تكفي يوم كامل وأكتر`,
        ],
        ...(p.features ?? []),
      ],
      specs: [
        spec('screen', `${p.screen} inch`, `${p.screen} بوصة`),
        spec('processor', p.chip),
        spec('ram', `${p.ram}GB`, `${p.ram} جيجا`),
        spec('storage', stEn, stAr),
        spec('camera', p.camera),
        spec('battery', `${p.battery} mAh`, `${p.battery} مللي أمبير`),
        spec('network', p.net),
        apple ? spec('sim', 'Nano SIM + eSIM', 'شريحة نانو + eSIM') : spec('sim', 'Dual SIM', 'شريحتين'),
        specPair('color', COLORS[p.color]),
      ],
    },
    pool,
  );
}

export interface LaptopInput {
  brand: string;
  /** "Legion 5 16IRX9" / "ليجن 5 16IRX9". */
  name: Pair;
  model: string;
  cpu: string;
  ram: number;
  ssd: number;
  gpu: string | null;
  screen: number;
  /** "16 inch WQXGA 165Hz" detail. */
  display: string;
  os: 'win' | 'dos' | 'mac';
  price: number;
  color?: Color;
  category: 'gaming-laptops' | 'business-laptops' | 'everyday-laptops';
  features?: Pair[];
}

const OS: Record<LaptopInput['os'], Pair> = {
  win: ['Windows 11 Home', 'ويندوز 11 هوم'],
  dos: ['FreeDOS', 'بدون ويندوز (FreeDOS)'],
  mac: ['macOS', 'ماك أو إس'],
};

/**
 * "Lenovo Legion 5 16IRX9 Gaming Laptop, Intel Core i7-14650HX, 16GB RAM, 1TB SSD, NVIDIA GeForce RTX 4060 8GB,
 * 16 Inch" / "لاب توب لينوفو ليجن 5 للألعاب - معالج ... - رام 16 جيجا - 1 تيرا SSD - ... - شاشة 16 بوصة".
 */
export function laptop(l: LaptopInput, pool: FeaturePool): ProductSeed {
  const b = brandOf(l.brand);
  const [ssdEn, ssdAr] = storageLabel(l.ssd);
  const gaming = l.category === 'gaming-laptops';
  const kindEn = gaming ? 'Gaming Laptop' : 'Laptop';
  const os = OS[l.os];
  const en = [
    `${b.en} ${l.name[0]} ${kindEn}`,
    l.cpu,
    `${l.ram}GB RAM`,
    `${ssdEn} SSD`,
    ...(l.gpu ? [l.gpu] : []),
    `${l.screen} Inch`,
    ...(l.os === 'win' ? ['Windows 11'] : []),
  ].join(', ');
  const ar = [
    `لاب توب ${b.ar} ${l.name[1]}${gaming ? ' للألعاب' : ''}`,
    `معالج ${l.cpu}`,
    `رام ${l.ram} جيجا`,
    `${ssdAr} SSD`,
    ...(l.gpu ? [`كارت شاشة ${l.gpu}`] : []),
    `شاشة ${l.screen} بوصة`,
  ].join(' - ');
  return item(
    l.category,
    {
      brand: l.brand,
      model: l.model,
      series: l.name[0],
      price: l.price,
      en,
      ar,
      color: l.color,
      features: [
        [
          `${l.cpu} with ${l.ram}GB of memory and a ${ssdEn} SSD`,
          `معالج ${l.cpu} مع رام ${l.ram} جيجا وهارد ${ssdAr} SSD`,
        ],
        ...(l.gpu
          ? [[`${l.gpu} graphics for games and creative work`, `كارت شاشة ${l.gpu} للألعاب والتصميم`] as Pair]
          : []),
        [`${l.display} display`, `شاشة ${l.display.replace(' inch', ' بوصة')}`],
        ...(l.features ?? []),
      ],
      specs: [
        spec('processor', l.cpu),
        spec('ram', `${l.ram}GB`, `${l.ram} جيجا`),
        spec('storage', `${ssdEn} SSD`, `${ssdAr} SSD`),
        spec('gpu', l.gpu ?? 'Integrated graphics', l.gpu ?? 'كارت شاشة مدمج'),
        spec('screen', l.display, l.display.replace(' inch', ' بوصة')),
        specPair('os', os),
      ],
    },
    pool,
  );
}

export interface AcInput {
  brand: string;
  series: Pair;
  model: string;
  hp: number;
  hot: boolean;
  inverter: boolean;
  kind: 'split' | 'standing' | 'portable';
  price: number;
  energy?: string;
  features?: Pair[];
  category: string;
}

const BTU: Record<number, number> = { 1: 9000, 1.5: 12000, 2.25: 18000, 3: 24000, 4: 36000, 5: 48000 };
const ROOM: Record<number, number> = { 1: 12, 1.5: 16, 2.25: 24, 3: 32, 4: 45, 5: 60 };

/** "Carrier Optimax Split Air Conditioner 1.5 HP Cooling Only 53KHCT12N" / "تكييف كاريير أوبتيماكس سبليت 1.5 حصان بارد فقط 53KHCT12N". */
export function ac(a: AcInput, pool: FeaturePool): ProductSeed {
  const b = brandOf(a.brand);
  const kind: Pair =
    a.kind === 'split'
      ? ['Split Air Conditioner', 'سبليت']
      : a.kind === 'standing'
        ? ['Free Standing Air Conditioner', 'دولابي']
        : ['Portable Air Conditioner', 'متنقل'];
  const mode: Pair = a.hot ? ['Cooling & Heating', 'بارد ساخن'] : ['Cooling Only', 'بارد فقط'];
  const inv: Pair = a.inverter ? [' Inverter', ' انفرتر'] : ['', ''];
  const btu = BTU[a.hp] ?? Math.round(a.hp * 8000);
  const room = ROOM[a.hp] ?? Math.round(a.hp * 11);
  return item(
    a.category,
    {
      brand: a.brand,
      model: a.model,
      series: a.series[0],
      price: a.price,
      // A series named like the kind ("Portable") is said once: "Midea Portable Air Conditioner", not twice.
      en: `${b.en}${kind[0].startsWith(a.series[0]) ? '' : ` ${a.series[0]}`} ${kind[0]} ${a.hp} HP ${mode[0]}${inv[0]} ${a.model}`,
      ar: `تكييف ${b.ar} ${a.series[1]} ${kind[1]} ${a.hp} حصان ${mode[1]}${inv[1]} ${a.model}`,
      hot: a.hp >= 2.25 && a.kind === 'split',
      features: [
        [
          `${btu.toLocaleString('en-US')} BTU, enough for a room of about ${room} square metres`,
          `قدرة تبريد ${btu} وحدة حرارية، تكفي أوضة حوالي ${room} متر مربع`,
        ],
        ...(a.inverter
          ? [
              [
                'The inverter compressor keeps the temperature steady and saves up to 50% of electricity',
                'كومبروسر انفرتر بيثبت درجة الحرارة ويوفر لحد 50% من الكهربا',
              ] as Pair,
            ]
          : []),
        ...(a.hot
          ? [['Heats in winter as well as it cools in summer', 'بيدفي في الشتا زي ما بيبرد في الصيف'] as Pair]
          : []),
        ...(a.features ?? []),
      ],
      specs: [
        spec('horsepower', `${a.hp} HP`, `${a.hp} حصان`),
        spec('coolingCapacity', `${btu} BTU`, `${btu} وحدة حرارية`),
        specPair('acMode', mode),
        specPair('inverter', yesNo(a.inverter)),
        spec('room', `Up to ${room} m²`, `حتى ${room} م²`),
        spec('refrigerant', a.inverter ? 'R32' : 'R410A'),
        spec('energy', a.energy ?? (a.inverter ? 'A+++' : 'A'), a.energy ?? (a.inverter ? 'A+++' : 'A')),
      ],
    },
    pool,
  );
}

export interface FridgeInput {
  brand: string;
  model: string;
  liters: number;
  kind: 'sbs' | 'two-door' | 'upright-freezer' | 'chest-freezer';
  noFrost: boolean;
  color: Color;
  price: number;
  inverter?: boolean;
  dispenser?: boolean;
  drawers?: number;
  series?: string;
  features?: Pair[];
}

/** "Toshiba No Frost Refrigerator 355 Liters 2 Doors Silver GR-EF37-S" / "ثلاجة توشيبا العربي نوفروست 355 لتر بابين فضي GR-EF37-S". */
export function fridge(f: FridgeInput, pool: FeaturePool): ProductSeed {
  const b = brandOf(f.brand);
  const [cEn, cAr] = COLORS[f.color];
  const nf: Pair = f.noFrost ? ['No Frost', 'نوفروست'] : ['Defrost', 'ديفروست'];
  const inv: Pair = f.inverter ? [' Inverter', ' انفرتر'] : ['', ''];
  const ser = f.series ? ` ${f.series}` : '';
  let en: string;
  let ar: string;
  let category: string;
  switch (f.kind) {
    case 'sbs':
      category = 'side-by-side';
      en = `${b.en}${ser} Side by Side Refrigerator ${f.liters} Liters ${nf[0]}${inv[0]} ${cEn} ${f.model}`;
      ar = `ثلاجة ${b.ar}${ser} سايد باي سايد ${f.liters} لتر ${nf[1]}${inv[1]} ${cAr} ${f.model}`;
      break;
    case 'two-door':
      category = 'two-door-fridges';
      en = `${b.en}${ser} ${nf[0]} Refrigerator ${f.liters} Liters 2 Doors${inv[0]} ${cEn} ${f.model}`;
      ar = `ثلاجة ${b.ar}${ser} ${nf[1]} ${f.liters} لتر بابين${inv[1]} ${cAr} ${f.model}`;
      break;
    case 'upright-freezer':
      category = 'deep-freezers';
      en = `${b.en} Upright Deep Freezer ${f.drawers ?? 7} Drawers ${f.liters} Liters ${nf[0]} ${cEn} ${f.model}`;
      ar = `ديب فريزر ${b.ar} رأسي ${f.drawers ?? 7} أدراج ${f.liters} لتر ${nf[1]} ${cAr} ${f.model}`;
      break;
    case 'chest-freezer':
      category = 'deep-freezers';
      en = `${b.en} Chest Deep Freezer ${f.liters} Liters ${cEn} ${f.model}`;
      ar = `ديب فريزر ${b.ar} أفقي ${f.liters} لتر ${cAr} ${f.model}`;
      break;
  }
  const freezer = f.kind.endsWith('freezer');
  return item(
    category,
    {
      brand: f.brand,
      model: f.model,
      series: f.series,
      price: f.price,
      en,
      ar,
      shape: f.kind === 'sbs' ? 'sbs' : f.kind === 'two-door' ? 'fridge' : 'freezer',
      features: [
        [
          `${f.liters} litres of space${freezer ? ' for a month of the family’s meat, poultry and vegetables' : ' for a big family'}`,
          `مساحة ${f.liters} لتر${freezer ? ' تشيل لحوم وفراخ وخضار البيت لشهر' : ' تكفي العيلة كلها'}`,
        ],
        ...(f.noFrost
          ? [
              [
                'No Frost cooling: no ice to scrape, ever',
                'نظام نوفروست: مفيش تلج يتكون ولا تحتاج تسييح',
              ] as Pair,
            ]
          : []),
        ...(f.inverter
          ? [
              [
                'Inverter compressor: quiet and light on electricity',
                'كومبروسر انفرتر هادي وموفر في الكهربا',
              ] as Pair,
            ]
          : []),
        ...(f.features ?? []),
      ],
      specs: [
        spec('capacity', `${f.liters} L`, `${f.liters} لتر`),
        specPair('coolingSystem', nf),
        ...(f.kind === 'upright-freezer' ? [spec('drawers', f.drawers ?? 7)] : []),
        ...(freezer ? [] : [spec('doors', f.kind === 'sbs' ? 2 : 2, f.kind === 'sbs' ? '2 (جنب بعض)' : '2')]),
        specPair('inverter', yesNo(!!f.inverter)),
        ...(f.kind === 'sbs' ? [specPair('dispenser', yesNo(!!f.dispenser))] : []),
        specPair('color', COLORS[f.color]),
        spec('energy', f.inverter ? 'A++' : 'A+'),
      ],
    },
    pool,
  );
}

export interface WasherInput {
  brand: string;
  model: string;
  kg: number;
  kind: 'front' | 'top' | 'twin' | 'washer-dryer' | 'tower';
  price: number;
  color: Color;
  rpm?: number;
  dryKg?: number;
  inverter?: boolean;
  steam?: boolean;
  programs?: number;
  series?: string;
  features?: Pair[];
}

/** "Samsung Front Load Automatic Washing Machine 9 Kg Inverter Steam WW90T4020EE" / "غسالة سامسونج فول أوتوماتيك تحميل أمامي 9 كيلو انفرتر بخار WW90T4020EE". */
export function washer(w: WasherInput, pool: FeaturePool): ProductSeed {
  const b = brandOf(w.brand);
  const [cEn, cAr] = COLORS[w.color];
  const inv: Pair = w.inverter ? [' Inverter', ' انفرتر'] : ['', ''];
  const st: Pair = w.steam ? [' Steam', ' بخار'] : ['', ''];
  let en: string;
  let ar: string;
  let category: string;
  let shape: Shape = 'washer';
  switch (w.kind) {
    case 'front':
      category = 'front-load-washers';
      en = `${b.en} Front Load Automatic Washing Machine ${w.kg} Kg${inv[0]}${st[0]} ${cEn} ${w.model}`;
      ar = `غسالة ${b.ar} فول أوتوماتيك تحميل أمامي ${w.kg} كيلو${inv[1]}${st[1]} ${cAr} ${w.model}`;
      break;
    case 'washer-dryer':
      category = 'front-load-washers';
      en = `${b.en} Front Load Washer Dryer ${w.kg}/${w.dryKg} Kg${inv[0]} ${cEn} ${w.model}`;
      ar = `غسالة ومجفف ${b.ar} تحميل أمامي ${w.kg}/${w.dryKg} كيلو${inv[1]} ${cAr} ${w.model}`;
      break;
    case 'tower':
      category = 'front-load-washers';
      en = `${b.en} WashTower Washer ${w.kg} Kg and Dryer ${w.dryKg} Kg${inv[0]} ${cEn} ${w.model}`;
      ar = `${b.ar} واش تاور غسالة ${w.kg} كيلو ومجفف ${w.dryKg} كيلو${inv[1]} ${cAr} ${w.model}`;
      break;
    case 'top':
      category = 'top-load-washers';
      shape = 'washertop';
      en = `${b.en} Top Load Automatic Washing Machine ${w.kg} Kg${inv[0]} ${cEn} ${w.model}`;
      ar = `غسالة ${b.ar} فول أوتوماتيك تحميل علوي ${w.kg} كيلو${inv[1]} ${cAr} ${w.model}`;
      break;
    case 'twin':
      category = 'twin-tub-washers';
      shape = 'twintub';
      en = `${b.en} Twin Tub Half Automatic Washing Machine ${w.kg} Kg ${cEn} ${w.model}`;
      ar = `غسالة ${b.ar} نص أوتوماتيك حوضين ${w.kg} كيلو ${cAr} ${w.model}`;
      break;
  }
  const auto = w.kind !== 'twin';
  return item(
    category,
    {
      brand: w.brand,
      model: w.model,
      series: w.series,
      price: w.price,
      en,
      ar,
      shape,
      features: [
        [
          `Washes ${w.kg} kg in one load${w.dryKg ? ` and dries ${w.dryKg} kg` : ''}`,
          `بتغسل ${w.kg} كيلو في المرة${w.dryKg ? ` وبتنشف ${w.dryKg} كيلو` : ''}`,
        ],
        ...(w.steam
          ? [
              [
                'Steam removes allergens and softens creases',
                'البخار بيشيل مسببات الحساسية وبيقلل الكرمشة',
              ] as Pair,
            ]
          : []),
        ...(w.inverter
          ? [
              [
                'Inverter motor: quieter, stronger and longer-lasting',
                'موتور انفرتر أهدى وأقوى وبيعيش أكتر',
              ] as Pair,
            ]
          : []),
        ...(w.features ?? []),
      ],
      specs: [
        spec('load', `${w.kg} kg`, `${w.kg} كيلو`),
        ...(w.dryKg ? [spec('dryLoad', `${w.dryKg} kg`, `${w.dryKg} كيلو`)] : []),
        spec('spin', `${w.rpm ?? (auto ? 1200 : 1350)} rpm`, `${w.rpm ?? (auto ? 1200 : 1350)} لفة/دقيقة`),
        ...(auto ? [spec('programs', w.programs ?? 14)] : []),
        specPair('inverter', yesNo(!!w.inverter)),
        specPair('color', COLORS[w.color]),
      ],
    },
    pool,
  );
}
