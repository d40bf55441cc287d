import type { PageSettings } from '@store/contracts/catalog';
import type { Locale } from '@store/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLocaleStore } from '../../../lib/locale-store';

export type PageSettingsGroup = 'home_page' | 'about_us' | 'static_pages';

/** GET /v1/page_settings?group=…: settings keyed by name; texts come in the request's language. */
export const getPageSettings = (group: PageSettingsGroup) =>
  api<{ page_settings: PageSettings }>('page_settings', { query: { group } }).then((r) => r.page_settings);

export const pageSettingsQueryOptions = (locale: Locale, group: PageSettingsGroup) =>
  queryOptions({
    queryKey: ['page-settings', locale, group],
    queryFn: () => getPageSettings(group),
    staleTime: 5 * 60_000,
  });

export function usePageSettings(group: PageSettingsGroup) {
  const locale = useLocaleStore((s) => s.locale);
  return useQuery(pageSettingsQueryOptions(locale, group));
}

/** The text of a setting, or undefined when it is missing or blank. */
export const settingText = (s: PageSettings | undefined, name: string) =>
  s?.[name]?.value?.trim() || undefined;

/** The image of a setting; in Arabic the `<name>_ar` image when there is one. */
export function settingImage(s: PageSettings | undefined, name: string, locale: Locale): string | undefined {
  const ar = locale === 'ar' ? s?.[`${name}_ar`]?.attachment_url : undefined;
  return ar || s?.[name]?.attachment_url || undefined;
}

/**
 * A bilingual text setting in `locale` only: `<name>_ar` in Arabic, the English `<name>` in English (the API's
 * `<name>_en` when both are set, as the plain name then answers in the request's language). Undefined when the
 * setting has no text in that language: the page then shows its built-in text.
 */
export function settingTextIn(s: PageSettings | undefined, name: string, locale: Locale): string | undefined {
  if (locale === 'ar') return settingText(s, `${name}_ar`);
  return settingText(s, `${name}_en`) ?? settingText(s, name);
}
