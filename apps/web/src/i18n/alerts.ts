import type { Locale } from '@store/contracts/constants';
import type { Texts } from '../lib/i18n';
import ar from './ar/alerts.json';
import en from './en/alerts.json';

/**
 * The `alerts` namespace, both languages (the product page's "tell me when it's back" and the account's Alerts tab).
 * Not in the first load (decision 007): the components that show these texts add them with `useNamespace`.
 */
export const alertsTexts: Record<Locale, Texts> = { ar, en };
