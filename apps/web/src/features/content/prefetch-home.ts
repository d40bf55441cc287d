import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@store/contracts/constants';
import { webpSrcSet } from '../../ui/store-image';
import { pageSettingsQueryOptions, settingImage } from './api/get-page-settings';

/** How wide the top slides are shown (their `sizes`), for the preload to ask for the file the slide will use. */
export const HERO_SIZES = '(min-width: 1600px) 1600px, 100vw';

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
      const srcSet = webpSrcSet(src);
      if (srcSet) {
        link.setAttribute('imagesrcset', srcSet);
        link.setAttribute('imagesizes', HERO_SIZES);
      }
      link.setAttribute('fetchpriority', 'high');
      document.head.appendChild(link);
    })
    .catch(() => undefined);
}
