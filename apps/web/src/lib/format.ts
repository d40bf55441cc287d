import type { Locale } from '@store/contracts/constants';
import { formatDeduction, formatMoney } from '@store/contracts/money-format';
import i18n from './i18n';

/** Prices: en-US digits, whole pounds bare or 2 decimals, with the EGP label of the current language. */
export function price(egp: number): string {
  return formatMoney(egp, i18n.t('common:currency'));
}

/** An amount taken off (a discount line): "−1,859.92 EGP", its sign before the digits in Arabic too. */
export function priceOff(egp: number): string {
  return formatDeduction(egp, i18n.t('common:currency'), i18n.language === 'ar');
}

/**
 * A delivery fee as the shopper reads it: `free` (the caller's word for it, «مجاني» / "Free") when nothing is
 * charged, whether the zone charges nothing or the order reached its free-delivery amount; otherwise its price.
 * The checkout summary and the order page both say it so, never "0 EGP".
 */
export function deliveryFeeText(egp: number, free: string): string {
  return egp === 0 ? free : price(egp);
}

/**
 * Long dates: ar-EG or en-US (spec §2), in Latin digits in both (spec §1's en-US numbers; issue 43: "١٠ مايو ٢٠٢٦"
 * beside prices in 1,234 digits).
 */
export function longDate(iso: string, locale: Locale): string {
  longDates[locale] ??= new Intl.DateTimeFormat(locale === 'ar' ? 'ar-EG-u-nu-latn' : 'en-US', {
    dateStyle: 'long',
  });
  return longDates[locale].format(new Date(iso));
}
const longDates: Partial<Record<Locale, Intl.DateTimeFormat>> = {};

/**
 * "A, B, and C" / "A وB وC", as Intl.ListFormat's conjunction writes them (a test compares them), without loading
 * its locale data while the home page hydrates on a phone.
 */
export function andList(items: readonly string[], locale: Locale): string {
  if (locale === 'ar') return items.join(' و');
  if (items.length < 3) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`;
}
