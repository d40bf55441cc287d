import type { Locale } from '@store/contracts/constants';
import { formatMoney } from '@store/contracts/money-format';
import i18n from './i18n';

/**
 * Numbers and dates of the back office through Intl, in the staff member's language. Digits stay Latin in both
 * languages (as the store's prices, spec §1), so an order number or a phone reads the same on every screen; days
 * are Cairo's, as the API counts them.
 */
const tag = (locale: Locale) => (locale === 'ar' ? 'ar-EG-u-nu-latn' : 'en-GB');
const TIME_ZONE = 'Africa/Cairo';

/** "12,499.50 EGP" / "12,499 ج.م" — the store's one money format. */
export const money = (egp: number) => formatMoney(egp, i18n.t('common:currency'));

/** Formatters are made once per language and kind: making one costs far more than using it (a table has hundreds). */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = make()));
  return f as F;
}

export const count = (n: number, locale: Locale) =>
  formatter(`count:${locale}`, () => new Intl.NumberFormat(tag(locale))).format(n);

/** A date and time: "3 May 2026, 14:05". */
export const dateTime = (iso: string, locale: Locale) =>
  formatter(
    `dateTime:${locale}`,
    () =>
      new Intl.DateTimeFormat(tag(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }),
  ).format(new Date(iso));

/** A day of the chart or a filter: "3 May". `day` is YYYY-MM-DD (Cairo). */
export const shortDay = (day: string, locale: Locale) =>
  formatter(
    `shortDay:${locale}`,
    () => new Intl.DateTimeFormat(tag(locale), { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  ).format(new Date(`${day}T00:00:00Z`));
