import ar from '../../i18n/ar/insights.json';
import en from '../../i18n/en/insights.json';
import i18n from './i18n';

/**
 * The `insights` namespace (the reports and abandoned carts pages, issue 49), added to the back office's
 * translator when one of those pages loads, so the back office's first load does not carry it.
 */
export function addInsightsTexts() {
  if (!i18n.hasResourceBundle('ar', 'insights')) i18n.addResourceBundle('ar', 'insights', ar);
  if (!i18n.hasResourceBundle('en', 'insights')) i18n.addResourceBundle('en', 'insights', en);
}
