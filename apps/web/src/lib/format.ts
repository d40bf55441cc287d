import type { Locale } from '@store/contracts/constants';
import { formatMoney } from '@store/contracts/money';
import i18n from './i18n';

/** Prices: en-US digits, up to 2 decimals, with the EGP label of the current language. */
export function price(egp: number): string {
  return formatMoney(egp, i18n.t('common:currency'));
}

/** Long dates: ar-EG or en-US. */
export function longDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-EG' : 'en-US', { dateStyle: 'long' }).format(
    new Date(iso),
  );
}
