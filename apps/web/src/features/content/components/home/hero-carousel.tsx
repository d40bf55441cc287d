import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_SPEED_MS } from '@store/contracts/constants';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../../lib/locale-store';
import { usePrefersReducedMotion } from '../../../../lib/use-media-query';
import { Skeleton } from '../../../../ui/skeleton';
import { settingImage, usePageSettings } from '../../api/get-page-settings';
import { StoreImage } from '../../../../ui/store-image';

/**
 * Embla's `duration` is not in milliseconds: it is the stiffness of its scroll animation (60 frames a second,
 * friction 0.68). Played out, 20 settles a slide in about 500 ms, so speed (ms) / 25 gives Embla's number.
 */
const EMBLA_DURATION = Math.round(CAROUSEL_SPEED_MS / 25);

/** The two top slides (spec §2), in the shopper's language, sliding by themselves every 3 seconds. */
export function HeroCarousel() {
  const { t } = useTranslation('home');
  const locale = useLocaleStore((s) => s.locale);
  const { data: settings, isPending } = usePageSettings('home_page');
  const slides = ['top_slider_first', 'top_slider_second']
    .map((name) => settingImage(settings, name, locale))
    .filter((src): src is string => Boolean(src));

  if (isPending) return <Skeleton className="aspect-[16/5] w-full rounded-none" />;
  if (slides.length === 0) return null;
  // A new language re-creates the carousel with the new direction.
  return <Carousel key={locale} slides={slides} label={t('hero.label')} />;
}

function Carousel({ slides, label }: { slides: string[]; label: string }) {
  const { t } = useTranslation('home');
  const locale = useLocaleStore((s) => s.locale);
  const reduced = usePrefersReducedMotion();
  const [playing, setPlaying] = useState(!reduced);
  const plugins = useMemo(
    () =>
      playing
        ? [
            Autoplay({
              delay: CAROUSEL_AUTOPLAY_MS,
              stopOnInteraction: false,
              stopOnMouseEnter: true,
              stopOnFocusIn: true,
            }),
          ]
        : [],
    [playing],
  );
  const [viewport, embla] = useEmblaCarousel(
    { loop: true, direction: locale === 'ar' ? 'rtl' : 'ltr', duration: reduced ? 0 : EMBLA_DURATION },
    plugins,
  );
  const [selected, setSelected] = useState(0);
  const onSelect = useCallback(() => embla && setSelected(embla.selectedScrollSnap()), [embla]);
  useEffect(() => {
    if (!embla) return;
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla, onSelect]);

  return (
    <section
      aria-roledescription={t('hero.carousel')}
      aria-label={label}
      className="relative bg-slate-200"
      data-testid="hero-carousel"
    >
      <div ref={viewport} className="overflow-hidden" dir={locale === 'ar' ? 'rtl' : 'ltr'}>
        <div className="flex" aria-live={playing ? 'off' : 'polite'}>
          {slides.map((src, i) => (
            <div
              key={src}
              role="group"
              aria-roledescription={t('hero.slide')}
              aria-label={t('hero.position', { n: i + 1, total: slides.length })}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              <StoreImage
                src={src}
                sizes="(min-width: 1600px) 1600px, 100vw"
                alt={t('hero.alt', { n: i + 1 })}
                width={1600}
                height={500}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding={i === 0 ? 'sync' : 'async'}
                className="h-auto w-full"
              />
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 && (
        <div className="absolute inset-x-0 bottom-2 flex items-center justify-center gap-1">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              aria-label={t('hero.goTo', { n: i + 1 })}
              aria-current={i === selected ? 'true' : undefined}
              onClick={() => embla?.scrollTo(i)}
              className="flex size-8 items-center justify-center"
            >
              <span
                className={`block h-2.5 rounded-full shadow ring-1 ring-slate-900/20 transition-all motion-reduce:transition-none ${i === selected ? 'w-6 bg-accent-500' : 'w-2.5 bg-white'}`}
              />
            </button>
          ))}
          <button
            type="button"
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? t('hero.pause') : t('hero.play')}
            className="ms-1 flex size-8 items-center justify-center rounded-full bg-slate-900/60 text-white hover:bg-slate-900/80"
          >
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" fill="currentColor">
              {playing ? <path d="M3 2h3v10H3zM8 2h3v10H8z" /> : <path d="M3.5 2v10l8-5z" />}
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}
