import type { Locale } from '@store/contracts/constants';
import type { Texts } from '../lib/i18n';
import ar from './ar/account.json';
import en from './en/account.json';

/**
 * The `account` namespace, both languages (the account area's pages and tabs, and the titles and pagination of the order and address pages). Not in the first load (decision 007): the components that show
 * these texts import this file, so the texts travel with their pages, and add them with `useNamespace` or
 * `ensureNamespace` (lib/i18n.ts) before translating.
 */
export const accountTexts: Record<Locale, Texts> = { ar, en };
