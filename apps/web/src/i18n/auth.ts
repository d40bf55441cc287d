import type { Locale } from '@store/contracts/constants';
import type { Texts } from '../lib/i18n';
import ar from './ar/auth.json';
import en from './en/auth.json';

/**
 * The `auth` namespace, both languages (sign-in, register, OTP and password pages, and checkout's refusal that carries the sign-in error's title). Not in the first load (decision 007): the components that show
 * these texts import this file, so the texts travel with their pages, and add them with `useNamespace` or
 * `ensureNamespace` (lib/i18n.ts) before translating.
 */
export const authTexts: Record<Locale, Texts> = { ar, en };
