/** Business constants of spec §9. Every other package imports them from here; nowhere else writes the numbers. */
export const CURRENCY = 'EGP';
export const LOCALES = ['ar', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ar';
export const FALLBACK_LOCALE: Locale = 'en';

/** National ID is required when the cart total (EGP) is at or above this. */
export const NATIONAL_ID_THRESHOLD_EGP = 25_000;
export const PRODUCT_PAGE_SIZE = 12;
export const PRODUCT_PAGE_SIZES = [4, 8, 10, 12] as const;
/** The largest per_page any list accepts; above it the API answers 422. */
export const MAX_PER_PAGE = 100;
export const WISHLIST_PAGE_SIZE = 10;
export const ORDERS_PAGE_SIZE = 10;
export const RELATED_PRODUCTS = 10;
export const HOME_CATEGORIES = 10;
export const HOME_BRANDS = 6;
export const RECENTLY_VIEWED_MAX = 8;
export const CATEGORY_MENU_GROUP = 4;
export const LOW_STOCK_AT = 3;
export const OTP_RESEND_SECONDS = 120;
export const PAYMENT_KEY_MINUTES = 5;
export const DEBOUNCE_MS = 500;
export const CAROUSEL_AUTOPLAY_MS = 3000;
export const CAROUSEL_SPEED_MS = 500;
export const PAGE_TRANSITION_MS = 1000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const HOTLINE = '16581';
export const MAP_DEFAULT = { lat: 30.0444, lng: 31.2357, zoom: 16, heightPx: 500 } as const;
/** Days to return or exchange an unused product (returns policy, home page promise: spec §9). */
export const RETURN_DAYS = 14;
/** Days in which a manufacturing defect is replaced or refunded (returns policy). */
export const DEFECT_DAYS = 30;
export const ADDRESS_TEXT_MAX = 50;
export const ADDRESS_INSTRUCTIONS_MAX = 500;
/** The label the geocoder gives a map position it could not name (GET v1/geocode/reverse), saved as the address's `name`. */
export const GEOCODE_FAILED = 'N/A';
/**
 * Whether an address's map label is worth showing: not when none was saved, nor when the geocoder could not name the
 * spot ('N/A'). The storefront's address lines and the back office's order page both ask this.
 */
export const hasPlaceName = (name: string | null | undefined): name is string =>
  !!name && name !== GEOCODE_FAILED;
export const NAME_MIN = 2;
export const HOME_PHONE_PREFIXES = [
  '02',
  '03',
  '068',
  '088',
  '097',
  '013',
  '082',
  '045',
  '057',
  '084',
  '064',
  '047',
  '095',
  '046',
  '050',
  '086',
  '048',
  '092',
  '066',
  '096',
  '065',
  '093',
  '062',
  '040',
  '069',
  '055',
] as const;
export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'processing',
  'delivering',
  'canceled',
  'delivered',
  'refunded',
  'partially_refunded',
  'returned',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = [
  'online',
  'cash',
  'visa_on_delivery',
  'visa_on_delivery_installments',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The widths the server makes of a picture of the uploads for `srcset` (GET /img/{width}.{avif,webp}/{path}). */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1600] as const;

/**
 * The pictures of the uploads the server makes in those widths, by their path under /uploads/: photos (JPEG, PNG,
 * WebP, AVIF) and the demo catalog's own drawings. Folders of letters, digits and dashes only in demo/: no way out of it
 * (`..`, `%2e`) to a drawing a person uploaded, which is never drawn on the server.
 */
export const SIZED_PICTURE =
  /^(?:[^?#]+\.(?:jpe?g|png|webp|avif)|demo\/(?:[a-z0-9_-]+\/)*[a-z0-9_-][a-z0-9_.-]*\.svg)$/i;
