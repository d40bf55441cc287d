/**
 * Page settings of the demo store (spec §3): the home page (two carousel slides and four explore banners, each
 * with an Arabic image, the explore links, the video banner) and the about-us texts in both languages.
 * A text setting's Arabic twin is `<name>_ar` (content/service.ts); an image's Arabic variant is `<name>_ar` too.
 */
import { DEMO_URL } from './files.ts';
import { bannerSvg, videoStillSvg, type Shape } from './svg.ts';

export interface SettingSeed {
  group: 'home_page' | 'about_us';
  name: string;
  value: string | null;
  attachmentUrl: string | null;
}

interface Banner {
  name: string;
  width: number;
  height: number;
  colors: [string, string];
  shapes: Shape[];
  en: { headline: string; subline: string; cta: string };
  ar: { headline: string; subline: string; cta: string };
  /** Where it leads: an absolute address, or a path inside the store. Explore tiles get no button of their own:
   * the storefront lays its "Shop now" over them. */
  link?: string;
  /**
   * A hero slide: the picture holds the art only; its headline, line and button label are text settings
   * (`<name>_title`, `_text`, `_cta`, each with an `_ar` twin) that the storefront sets over the picture as real
   * text, legible and translated at any width, and the whole slide links to `link` (issue 16).
   */
  textOver?: boolean;
}

/** The video the banner plays (an openly licensed film; a shop puts its own channel's video here). */
export const DEMO_VIDEO_URL = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

function banners(categoryId: (key: string) => number): Banner[] {
  const hero = { width: 1600, height: 500 };
  const tile = { width: 640, height: 480 };
  return [
    {
      name: 'top_slider_first',
      ...hero,
      colors: ['#0f172a', '#1d4ed8'],
      shapes: ['tv', 'phone', 'laptop'],
      en: {
        headline: 'White Friday',
        subline: 'Up to 25% off TVs, phones and laptops',
        cta: 'Shop the offers',
      },
      ar: {
        headline: 'الجمعة البيضاء',
        subline: 'خصومات لحد 25% على الشاشات والموبايلات واللاب توب',
        cta: 'شوف العروض',
      },
      link: '/special-offers',
      textOver: true,
    },
    {
      name: 'top_slider_second',
      ...hero,
      colors: ['#064e3b', '#0d9488'],
      shapes: ['fridge', 'washer', 'acsplit'],
      en: {
        headline: '0% installments',
        subline: 'Up to 12 months with no interest through your bank',
        cta: 'Shop now',
      },
      ar: { headline: 'قسّط بدون فوايد', subline: 'لحد 12 شهر من غير فوايد مع بنكك', cta: 'تسوق دلوقتي' },
      link: `/products?category_id=${categoryId('large-appliances')}`,
      textOver: true,
    },
    {
      name: 'explore_first',
      ...tile,
      colors: ['#0369a1', '#38bdf8'],
      shapes: ['acsplit'],
      en: { headline: 'Beat the heat', subline: 'Split, inverter and free-standing', cta: '' },
      ar: { headline: 'اهزم الحر', subline: 'تكييفات سبليت وانفرتر ودولابي', cta: '' },
      link: `/products?category_id=${categoryId('air-conditioners')}`,
    },
    {
      name: 'explore_second',
      ...tile,
      colors: ['#9a3412', '#f97316'],
      shapes: ['airfryer'],
      en: { headline: 'Ramadan kitchen', subline: 'Air fryers, blenders and more', cta: '' },
      ar: { headline: 'مطبخ رمضان', subline: 'قلايات هوائية وخلاطات وأكتر', cta: '' },
      link: '/promotions/ramadan-offers',
    },
    {
      name: 'explore_third',
      ...tile,
      colors: ['#1e1b4b', '#6d28d9'],
      shapes: ['phone'],
      en: { headline: 'Galaxy S24 Ultra', subline: 'Galaxy AI is here', cta: '' },
      ar: { headline: 'جالاكسي S24 الترا', subline: 'ذكاء Galaxy AI وصل', cta: '' },
      link: 'https://www.samsung.com/eg/smartphones/galaxy-s24-ultra/',
    },
    {
      name: 'explore_fourth',
      ...tile,
      colors: ['#166534', '#22c55e'],
      shapes: ['laptop'],
      en: { headline: 'Back to school', subline: 'Laptops, tablets and printers', cta: '' },
      ar: { headline: 'العودة للمدارس', subline: 'لاب توب وتابلت وطابعات', cta: '' },
      link: '/promotions/back-to-school',
    },
  ];
}

const ABOUT: { name: string; en: string; ar: string }[] = [
  { name: 'first_title', en: 'Who we are', ar: 'إحنا مين' },
  {
    name: 'first_paragraph',
    en:
      'Egypt Electronics has sold TVs, phones and home appliances to Egyptian families since 2009. We are an authorised ' +
      'dealer for Samsung, LG, Toshiba El Araby, Fresh, Carrier and more than thirty other brands, so every product ' +
      'comes with the official local warranty.\n' +
      'Order online or visit one of our branches in Cairo, Giza and Alexandria: the prices are the same.',
    ar:
      'إلكترونيات مصر بتبيع الشاشات والموبايلات والأجهزة المنزلية للأسر المصرية من 2009. إحنا وكيل معتمد لسامسونج وال جي ' +
      'وتوشيبا العربي وفريش وكاريير وأكتر من 30 ماركة تانية، علشان كده كل منتج عندنا بضمان الوكيل الرسمي.\n' +
      'اطلب أونلاين أو زورنا في فروعنا في القاهرة والجيزة والإسكندرية: الأسعار واحدة.',
  },
  { name: 'second_title', en: 'Our promise', ar: 'وعدنا ليك' },
  {
    name: 'second_paragraph',
    en:
      'Delivery to all 27 governorates, with free installation for air conditioners and large appliances in Greater ' +
      'Cairo and Alexandria. Pay cash or by card on delivery, online, or in installments of up to 24 months with ' +
      'your bank.\n' +
      'Changed your mind? Return an unused product in its box within 14 days. Our hotline 16581 answers every day.',
    ar:
      'توصيل لكل المحافظات الـ 27، وتركيب مجاني للتكييفات والأجهزة الكبيرة في القاهرة الكبرى والإسكندرية. ادفع كاش أو ' +
      'بالفيزا عند الاستلام أو أونلاين أو قسّط لحد 24 شهر مع بنكك.\n' +
      'غيرت رأيك؟ رجّع المنتج في علبته من غير استخدام خلال 14 يوم. الخط الساخن 16581 بيرد عليك كل يوم.',
  },
];

/** The settings rows and the banner files they point at (paths relative to `<uploadsDir>/demo/`). */
export function pageSettingsSeed(categoryId: (key: string) => number): {
  settings: SettingSeed[];
  files: Map<string, string>;
} {
  const settings: SettingSeed[] = [];
  const files = new Map<string, string>();
  for (const b of banners(categoryId)) {
    for (const lang of ['en', 'ar'] as const) {
      // A picture without its words has a name of its own: an older install's settings keep the painted one.
      const rel = `banners/${b.name.replace(/_/g, '-')}${b.textOver ? '-art' : ''}-${lang}.svg`;
      const painted = b.textOver ? { headline: '', subline: '', cta: '' } : b[lang];
      files.set(rel, bannerSvg(b.width, b.height, { ...painted, rtl: lang === 'ar' }, b.colors, b.shapes));
      settings.push({
        group: 'home_page',
        name: lang === 'en' ? b.name : `${b.name}_ar`,
        value: null,
        attachmentUrl: `${DEMO_URL}/${rel}`,
      });
    }
    if (b.link)
      settings.push({ group: 'home_page', name: `${b.name}_link`, value: b.link, attachmentUrl: null });
    if (b.textOver)
      for (const [part, key] of [
        ['title', 'headline'],
        ['text', 'subline'],
        ['cta', 'cta'],
      ] as const)
        settings.push(
          { group: 'home_page', name: `${b.name}_${part}`, value: b.en[key], attachmentUrl: null },
          { group: 'home_page', name: `${b.name}_${part}_ar`, value: b.ar[key], attachmentUrl: null },
        );
  }
  files.set(
    'banners/video-banner-en.svg',
    videoStillSvg(1600, 686, 'Watch a short film in the best quality on our TVs'),
  );
  files.set(
    'banners/video-banner-ar.svg',
    videoStillSvg(1600, 686, 'اتفرج على فيلم قصير بأعلى جودة على شاشاتنا'),
  );
  settings.push(
    {
      group: 'home_page',
      name: 'video_banner_image',
      value: null,
      attachmentUrl: `${DEMO_URL}/banners/video-banner-en.svg`,
    },
    {
      group: 'home_page',
      name: 'video_banner_image_ar',
      value: null,
      attachmentUrl: `${DEMO_URL}/banners/video-banner-ar.svg`,
    },
    { group: 'home_page', name: 'video_banner_link', value: DEMO_VIDEO_URL, attachmentUrl: null },
  );
  for (const a of ABOUT) {
    settings.push(
      { group: 'about_us', name: a.name, value: a.en, attachmentUrl: null },
      { group: 'about_us', name: `${a.name}_ar`, value: a.ar, attachmentUrl: null },
    );
  }
  return { settings, files };
}
