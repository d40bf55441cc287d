import { useMediaQuery } from '../../../../lib/use-media-query';

/** Products per home slider (spec §2): 4 up to 768 px wide, 10 from 1650 px, 8 between. */
export function useSliderSize(): 4 | 8 | 10 {
  const phone = useMediaQuery('(max-width: 768px)');
  const wide = useMediaQuery('(min-width: 1650px)');
  return phone ? 4 : wide ? 10 : 8;
}

/**
 * Products a home slider asks for, whatever the screen: one answer for every width (the server renders the page
 * without knowing it), of which the slider shows `useSliderSize()`.
 */
export const SLIDER_FETCH = 10;
