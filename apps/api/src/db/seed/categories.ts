import type { Shape } from './svg.ts';

export interface CategorySeed {
  key: string;
  en: string;
  ar: string;
  /** Silhouette for the icon. */
  shape: Shape;
  home?: boolean;
  children?: CategorySeed[];
}

const c = (
  key: string,
  en: string,
  ar: string,
  shape: Shape,
  more: Partial<CategorySeed> = {},
): CategorySeed => ({
  key,
  en,
  ar,
  shape,
  ...more,
});

/** The demo category tree: 8 departments, their sections, and some sections' sub-sections (3 levels). */
export const CATEGORY_TREE: CategorySeed[] = [
  c('tv-audio', 'TVs & Audio', 'الشاشات والصوتيات', 'tv', {
    home: true,
    children: [
      c('tvs', 'Televisions', 'شاشات التليفزيون', 'tv', {
        children: [
          c('smart-tvs', 'Smart TVs', 'شاشات سمارت', 'tv'),
          c('4k-oled-tvs', '4K, QLED & OLED TVs', 'شاشات 4K و QLED و OLED', 'tv', { home: true }),
          c('led-tvs', 'LED TVs', 'شاشات LED', 'tv'),
        ],
      }),
      c('soundbars', 'Soundbars & Home Theater', 'ساوند بار ومسرح منزلي', 'soundbar'),
      c('headphones', 'Headphones & Earbuds', 'سماعات هيدفون وإيربودز', 'headphones'),
      c('speakers', 'Bluetooth Speakers', 'سماعات بلوتوث', 'speaker'),
    ],
  }),
  c('mobiles-tablets', 'Mobiles & Tablets', 'الموبايلات والتابلت', 'phone', {
    home: true,
    children: [
      c('mobile-phones', 'Mobile Phones', 'موبايلات', 'phone', {
        children: [
          c('android-phones', 'Android Phones', 'موبايلات أندرويد', 'phone'),
          c('iphones', 'iPhone', 'آيفون', 'phone'),
        ],
      }),
      c('tablets', 'Tablets', 'تابلت', 'tablet'),
      c('smart-watches', 'Smart Watches & Bands', 'ساعات وأساور ذكية', 'watch'),
      c('mobile-accessories', 'Mobile Accessories', 'إكسسوارات الموبايل', 'charger', {
        children: [
          c('chargers-cables', 'Chargers & Cables', 'شواحن وكابلات', 'charger'),
          c('power-banks', 'Power Banks', 'باور بانك', 'powerbank'),
        ],
      }),
    ],
  }),
  c('computers', 'Computers & Laptops', 'الكمبيوتر واللاب توب', 'laptop', {
    home: true,
    children: [
      c('laptops', 'Laptops', 'لاب توب', 'laptop', {
        children: [
          c('gaming-laptops', 'Gaming Laptops', 'لاب توب جيمنج', 'laptop'),
          c('business-laptops', 'Business Laptops', 'لاب توب للأعمال', 'laptop'),
          c('everyday-laptops', 'Everyday Laptops', 'لاب توب للاستخدام اليومي', 'laptop'),
        ],
      }),
      c('monitors', 'Monitors', 'شاشات كمبيوتر', 'monitor'),
      c('printers', 'Printers', 'طابعات', 'printer'),
      c('storage', 'Storage & Flash Drives', 'وحدات تخزين وفلاشات', 'storage'),
    ],
  }),
  c('large-appliances', 'Large Home Appliances', 'الأجهزة المنزلية الكبيرة', 'fridge', {
    home: true,
    children: [
      c('refrigerators', 'Refrigerators & Freezers', 'ثلاجات وديب فريزر', 'fridge', {
        children: [
          c('side-by-side', 'Side by Side Refrigerators', 'ثلاجات سايد باي سايد', 'sbs'),
          c('two-door-fridges', 'Two-Door Refrigerators', 'ثلاجات بابين', 'fridge', { home: true }),
          c('deep-freezers', 'Deep Freezers', 'ديب فريزر', 'freezer'),
        ],
      }),
      c('washing-machines', 'Washing Machines', 'غسالات ملابس', 'washer', {
        home: true,
        children: [
          c('front-load-washers', 'Front Load Automatic', 'غسالات فول أوتوماتيك أمامية', 'washer'),
          c('top-load-washers', 'Top Load Automatic', 'غسالات فول أوتوماتيك علوية', 'washertop'),
          c('twin-tub-washers', 'Half Automatic (Twin Tub)', 'غسالات نص أوتوماتيك', 'twintub'),
        ],
      }),
      c('dishwashers', 'Dishwashers', 'غسالات أطباق', 'dishwasher'),
      c('cookers', 'Gas Cookers', 'بوتاجازات', 'cooker'),
      c('water-heaters', 'Water Heaters', 'سخانات مياه', 'heater'),
    ],
  }),
  c('small-appliances', 'Small Home Appliances', 'الأجهزة المنزلية الصغيرة', 'iron', {
    children: [
      c('irons', 'Irons & Steamers', 'مكاوي', 'iron', {
        children: [
          c('steam-irons', 'Steam Irons', 'مكاوي بخار', 'iron'),
          c('garment-steamers', 'Garment Steamers', 'مكاوي بخار عمودية', 'steamer'),
        ],
      }),
      c('vacuum-cleaners', 'Vacuum Cleaners', 'مكانس كهربائية', 'vacuum'),
      c('personal-care', 'Personal Care', 'العناية الشخصية', 'shaver', {
        children: [
          c('shavers', 'Shavers & Trimmers', 'ماكينات حلاقة', 'shaver'),
          c('hair-dryers', 'Hair Dryers', 'سشوار', 'dryer'),
        ],
      }),
      c('fans', 'Fans', 'مراوح', 'fan'),
    ],
  }),
  c('air-conditioners', 'Air Conditioners', 'التكييفات', 'acsplit', {
    home: true,
    children: [
      c('split-acs', 'Split Air Conditioners', 'تكييفات سبليت', 'acsplit', {
        children: [
          c('cooling-only-acs', 'Cooling Only', 'تكييف بارد فقط', 'acsplit'),
          c('hot-cold-acs', 'Cooling & Heating', 'تكييف بارد ساخن', 'acsplit'),
          c('inverter-acs', 'Inverter', 'تكييف انفرتر', 'acsplit'),
        ],
      }),
      c('standing-acs', 'Free Standing Air Conditioners', 'تكييفات دولابي', 'acstanding'),
      c('portable-acs', 'Portable Air Conditioners', 'تكييفات متنقلة', 'acportable'),
    ],
  }),
  c('kitchen-appliances', 'Kitchen Appliances', 'أجهزة المطبخ', 'airfryer', {
    home: true,
    children: [
      c('microwaves', 'Microwaves', 'ميكروويف', 'microwave'),
      c('air-fryers', 'Air Fryers', 'قلايات هوائية (إير فراير)', 'airfryer', { home: true }),
      c('food-preparation', 'Blenders & Food Preparation', 'خلاطات ومحضرات طعام', 'blender', {
        children: [
          c('blenders', 'Blenders', 'خلاطات', 'blender'),
          c('food-processors', 'Food Processors & Stand Mixers', 'كبة ومحضرات طعام وعجانات', 'mixer'),
          c('hand-blenders', 'Hand Blenders', 'هاند بلندر', 'handblender'),
        ],
      }),
      c('coffee-makers', 'Coffee Makers', 'ماكينات قهوة', 'coffee'),
      c('kettles-toasters', 'Kettles & Toasters', 'غلايات ومحمصات', 'kettle'),
    ],
  }),
  c('gaming', 'Gaming & Accessories', 'الجيمنج والإكسسوارات', 'controller', {
    children: [
      c('consoles', 'Consoles', 'أجهزة بلايستيشن وإكس بوكس', 'console'),
      c('controllers', 'Controllers', 'دراعات تحكم', 'controller'),
      c('gaming-headsets', 'Gaming Headsets', 'سماعات جيمنج', 'headphones'),
      c('keyboards-mice', 'Keyboards & Mice', 'كيبورد وماوس', 'keyboard'),
    ],
  }),
];

/** Tints for the icons of each department and everything under it. */
export const DEPARTMENT_TINTS: Record<string, string> = {
  'tv-audio': '#2563eb',
  'mobiles-tablets': '#7c3aed',
  computers: '#0891b2',
  'large-appliances': '#0f766e',
  'small-appliances': '#db2777',
  'air-conditioners': '#0284c7',
  'kitchen-appliances': '#ea580c',
  gaming: '#16a34a',
};

export interface FlatCategory extends CategorySeed {
  parentKey: string | null;
  department: string;
  position: number;
  depth: number;
}

/** The tree as a list, parents before children. */
export function flattenCategories(tree: CategorySeed[] = CATEGORY_TREE): FlatCategory[] {
  const out: FlatCategory[] = [];
  const walk = (nodes: CategorySeed[], parent: FlatCategory | null) => {
    nodes.forEach((n, i) => {
      const flat: FlatCategory = {
        ...n,
        parentKey: parent?.key ?? null,
        department: parent?.department ?? n.key,
        position: i,
        depth: (parent?.depth ?? 0) + 1,
      };
      out.push(flat);
      if (n.children) walk(n.children, flat);
    });
  };
  walk(tree, null);
  return out;
}
