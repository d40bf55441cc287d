/** The demo promotions: which products each one covers and how deep it cuts, relative to the seed's `now`. */

export interface PromotionSeed {
  slug: string;
  nameEn: string;
  nameAr: string;
  /** Days from now (negative: in the past). */
  startsInDays: number;
  endsInDays: number;
  /** Leaf categories it covers first, then whole departments. */
  categories?: string[];
  departments?: string[];
  /** Share of the covered products that get a promoted price. */
  share: number;
  /** Discount range in percent. */
  discount: [number, number];
}

export const PROMOTIONS: PromotionSeed[] = [
  {
    slug: 'back-to-school',
    nameEn: 'Back to School',
    nameAr: 'العودة للمدارس',
    startsInDays: -20,
    endsInDays: 70,
    categories: [
      'everyday-laptops',
      'business-laptops',
      'tablets',
      'printers',
      'storage',
      'headphones',
      'keyboards-mice',
      'power-banks',
    ],
    share: 0.4,
    discount: [7, 18],
  },
  {
    slug: 'white-friday',
    nameEn: 'White Friday',
    nameAr: 'الجمعة البيضاء',
    startsInDays: -10,
    endsInDays: 50,
    departments: ['tv-audio', 'mobiles-tablets', 'computers', 'gaming'],
    share: 0.35,
    discount: [8, 25],
  },
  {
    slug: 'ramadan-offers',
    nameEn: 'Ramadan Offers',
    nameAr: 'عروض رمضان',
    startsInDays: -5,
    endsInDays: 40,
    departments: ['kitchen-appliances', 'large-appliances', 'small-appliances'],
    share: 0.3,
    discount: [5, 20],
  },
  {
    slug: 'summer-cooling',
    nameEn: 'Summer Cooling Deals',
    nameAr: 'عروض التكييفات',
    startsInDays: -3,
    endsInDays: 90,
    departments: ['air-conditioners'],
    share: 0.45,
    discount: [5, 15],
  },
  {
    // Over: its prices no longer apply (the store shows the list price again).
    slug: 'eid-al-adha-offers',
    nameEn: 'Eid al-Adha Offers',
    nameAr: 'عروض عيد الأضحى',
    startsInDays: -80,
    endsInDays: -30,
    departments: ['large-appliances', 'kitchen-appliances', 'tv-audio'],
    share: 0.08,
    discount: [10, 20],
  },
];
