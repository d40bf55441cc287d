import ar from '../../i18n/ar/discounts.json';
import en from '../../i18n/en/discounts.json';
import i18n from '../lib/i18n';

/** The `discounts` namespace (the discount codes page, issue 49), added when that page loads. */
export function addDiscountTexts() {
  if (!i18n.hasResourceBundle('ar', 'discounts')) i18n.addResourceBundle('ar', 'discounts', ar);
  if (!i18n.hasResourceBundle('en', 'discounts')) i18n.addResourceBundle('en', 'discounts', en);
}
