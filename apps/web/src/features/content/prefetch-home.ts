import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@store/contracts/constants';
import { pageSettingsQueryOptions, settingImage } from './api/get-page-settings';

/**
 * Started by the router while the home page's code is still loading: fetches the home page settings and asks the
 * browser for the first slide early, so the largest picture of the page is not the last thing to arrive.
 */
export function prefetchHome(queryClient: QueryClient, locale: Locale) {
  void queryClient
    .ensureQueryData(pageSettingsQueryOptions(locale, 'home_page'))
    .then((settings) => {
      const src = settingImage(settings, 'top_slider_first', locale);
      if (!src || document.querySelector(`link[rel="preload"][href="${CSS.escape(src)}"]`)) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = src;
      link.setAttribute('fetchpriority', 'high');
      document.head.appendChild(link);
    })
    .catch(() => undefined);
}
