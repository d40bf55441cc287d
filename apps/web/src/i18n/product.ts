import type { Locale } from '@store/contracts/constants';
import type { Texts } from '../lib/i18n';
import ar from './ar/product.json';
import en from './en/product.json';

/**
 * The `product` namespace, both languages (the product page: gallery, 3D model, favorites). Not in the first load (decision 007): the components that show
 * these texts import this file, so the texts travel with their pages, and add them with `useNamespace` or
 * `ensureNamespace` (lib/i18n.ts) before translating.
 */
export const productTexts: Record<Locale, Texts> = { ar, en };
