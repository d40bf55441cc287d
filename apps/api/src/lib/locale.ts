import { DEFAULT_LOCALE, LOCALES, type Locale } from '@store/contracts';
import type { FastifyRequest } from 'fastify';

/** The request's language: `locale` query parameter (spec §7), else Accept-Language, else Arabic. */
export function requestLocale(req: FastifyRequest): Locale {
  const q = (req.query as Record<string, unknown> | undefined)?.locale;
  if (typeof q === 'string' && (LOCALES as readonly string[]).includes(q)) return q as Locale;
  const raw = req.raw.url ?? '';
  const m = /[?&]locale=(ar|en)\b/.exec(raw);
  if (m) return m[1] as Locale;
  const al = req.headers['accept-language'];
  if (typeof al === 'string' && /^en\b/i.test(al)) return 'en';
  return DEFAULT_LOCALE;
}

/** The language a request names itself (`?locale=`, as the storefront sends on every call), or null. */
export function askedLocale(req: FastifyRequest): Locale | null {
  const q = (req.query as Record<string, unknown> | undefined)?.locale;
  return typeof q === 'string' && (LOCALES as readonly string[]).includes(q) ? (q as Locale) : null;
}

export const pick = <T>(locale: Locale, en: T, ar: T): T => (locale === 'ar' ? ar : en);
