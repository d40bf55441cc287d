import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '@store/contracts/constants';
import { preload } from 'react-dom';
import { picturePreload } from '../../ui/store-image';
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
      // The same preload the carousel asks for when it renders (React keeps one of them in the head).
      if (src) preload(src, picturePreload(src, HERO_SIZES) ?? { as: 'image', fetchPriority: 'high' });
    })
    .catch(() => undefined);
}
