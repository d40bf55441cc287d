import { useTranslation } from 'react-i18next';
import ar from '../../i18n/ar/content.json';
import en from '../../i18n/en/content.json';
import i18n from '../../lib/i18n';

/**
 * The `content` namespace (long texts of the static pages) travels with these pages instead of the first load;
 * it is added to i18next the first time one of them renders.
 */
export function useContentTranslation() {
  if (!i18n.hasResourceBundle('en', 'content')) {
    i18n.addResourceBundle('ar', 'content', ar);
    i18n.addResourceBundle('en', 'content', en);
  }
  return useTranslation('content');
}
