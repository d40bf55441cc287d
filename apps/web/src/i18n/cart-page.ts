import type { Locale } from '@store/contracts/constants';
import type { Texts } from '../lib/i18n';
import ar from './ar/cart-page.json';
import en from './en/cart-page.json';

/**
 * The `cart-page` namespace, both languages: the cart page's texts, the quantity counter's and the held-stock
 * notice's (cart and product pages), and the favorites' sign-in prompt. Not in the first load (decision 007),
 * which keeps of the cart's texts only the `cart` namespace (the error dialog of a product card's cart button).
 */
export const cartPageTexts: Record<Locale, Texts> = { ar, en };
