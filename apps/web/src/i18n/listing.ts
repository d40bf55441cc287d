import type { Locale } from '@store/contracts/constants';
import type { Texts } from '../lib/i18n';
import ar from './ar/listing.json';
import en from './en/listing.json';

/**
 * The `listing` namespace, both languages: the product lists' titles, counts, filters, sort and pagination
 * (category, brand, search and offer lists). Not in the first load (decision 007): the components that show these
 * texts import this file, so the texts travel with the lists, and add them with `useNamespace` (lib/i18n.ts).
 */
export const listingTexts: Record<Locale, Texts> = { ar, en };
