import { DEFAULT_LOCALE, FALLBACK_LOCALE } from '@store/contracts/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import arAdmin from '../../i18n/ar/admin.json';
import arCommon from '../../i18n/ar/common.json';
import enAdmin from '../../i18n/en/admin.json';
import enCommon from '../../i18n/en/common.json';
import { setMessageWording } from '../../lib/form-messages';
import { addTexts } from '../../lib/i18n';
import { currentLocale } from '../../lib/locale-store';

/**
 * The back office's catalogs: the store's `common` namespace (the shared UI primitives read it: loading, close) and
 * its own `admin` namespace, in both languages. None of the shop's other namespaces come into this bundle, and
 * the shop's first load never carries `admin` (lib/i18n.ts leaves it out).
 */
void i18n.use(initReactI18next).init({
  resources: {
    ar: { common: arCommon, admin: arAdmin },
    en: { common: enCommon, admin: enAdmin },
  },
  lng: currentLocale() ?? DEFAULT_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  defaultNS: 'common',
  ns: ['common', 'admin'],
  interpolation: { escapeValue: false },
  returnNull: false,
});

// The back office's field errors are sentences of their own ("Required", not the shop's "is required" that reads on
// from the field's label): its words for a contracts' message key where admin.json has them (errors.fields).
setMessageWording((key, lng, params) =>
  i18n.exists(`admin:errors.fields.${key}`, { lng })
    ? i18n.t(`admin:errors.fields.${key}`, { lng, ...params })
    : undefined,
);

// The UI primitives shared with the shop (spinner, dialogs) read `common` through the shop's own translator
// (lib/i18n.ts), which follows the chosen language by itself.
addTexts('ar', { common: arCommon });
addTexts('en', { common: enCommon });

export default i18n;
