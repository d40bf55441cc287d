import ar from '../../i18n/ar/content.json';
import en from '../../i18n/en/content.json';
import { ensureNamespace, useTranslation } from '../../lib/i18n';

/**
 * The `content` namespace (long texts of the static pages) travels with these pages instead of the first load;
 * it is added to the texts the first time one of them renders.
 */
export function useContentTranslation() {
  ensureNamespace('content', { ar, en });
  return useTranslation('content');
}
