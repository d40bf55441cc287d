import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_SPEED_MS } from '@store/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from '../../../../lib/i18n';
import { useLocaleStore } from '../../../../lib/locale-store';
import { usePrefersReducedMotion } from '../../../../lib/use-media-query';
import { Skeleton } from '../../../../ui/skeleton';
import { settingImage, settingText, usePageSettings } from '../../api/get-page-settings';
import { bannerTarget } from '../../home-links';
import { picturePreload, StoreImage } from '../../../../ui/store-image';
import { HERO_SIZES } from '../../prefetch-home';
import { BannerLink } from './explore-banners';

interface Slide {
  name: string;
  src: string;
  /** The slide's words, set over the picture as text (page settings `<name>_title`, `_text`, `_cta`). */
  title?: string;
  text?: string;
  cta?: string;
  target: ReturnType<typeof bannerTarget>;
}

/**
 * The two top slides (spec §2), in the shopper's language, sliding by themselves every 3 seconds. Each is a link
 * (`<name>_link`); its headline, line and button are text over the picture when the settings hold them, so they
 * stay legible on a phone and read by screen readers (issue 16).
 */
export function HeroCarousel() {
  const { t } = useTranslation('home');
  const locale = useLocaleStore((s) => s.locale);
  const { data: settings, isPending } = usePageSettings('home_page');
  const slides = ['top_slider_first', 'top_slider_second'].flatMap((name): Slide[] => {
    const src = settingImage(settings, name, locale);
    if (!src) return [];
    return [
      {
        name,
        src,
        title: settingText(settings, `${name}_title`),
        text: settingText(settings, `${name}_text`),
        cta: settingText(settings, `${name}_cta`),
        target: bannerTarget(settingText(settings, `${name}_link`)),
      },
    ];
  });

  if (isPending) return <Skeleton className="aspect-[16/5] w-full rounded-none" />;
  if (slides.length === 0) return null;
  // The page's largest picture, asked for from the head with high priority in the file the slide will use (React
  // preloads a plain <img> by itself, not one inside <picture>).
  const first = picturePreload(slides[0]!.src, HERO_SIZES);
  if (first) preload(slides[0]!.src, first);
  // A new language re-creates the carousel with the new direction.
  return <Carousel key={locale} slides={slides} label={t('hero.label')} />;
}

/**
 * The slides scroll natively (CSS scroll snap): a finger swipes them, and right to left in Arabic, with no
 * carousel library in the first load (decision 007). What the script adds once the page is hydrated: autoplay
 * (paused while the pointer is over the slides or focus is in them, as the shopper reads), the dots and the
 * pause button, and slides that glide in CAROUSEL_SPEED_MS. The server's first slide is the same
 * element throughout, so nothing moves when the script arrives.
 */
function Carousel({ slides, label }: { slides: Slide[]; label: string }) {
  const { t } = useTranslation('home');
  const locale = useLocaleStore((s) => s.locale);
  const reduced = usePrefersReducedMotion();
  const [playing, setPlaying] = useState(!reduced);
  const [held, setHeld] = useState(false);
  const [selected, setSelected] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  const glide = useRef<() => void>(null);
  const count = slides.length;

  /** Moves to slide `i`; from the last slide "next" is the first again. */
  const goTo = (i: number) => {
    const el = viewport.current;
    if (!el) return;
    glide.current?.();
    // Scrolled positions run negative right to left.
    const sign = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    const from = el.scrollLeft;
    const to = sign * ((i + count) % count) * el.clientWidth;
    const ms = reduced ? 0 : CAROUSEL_SPEED_MS;
    if (ms === 0 || from === to) {
      el.scrollLeft = to;
      return;
    }
    // Snapping would hold every step of the glide where it is: it comes back when the slide is in place.
    el.style.scrollSnapType = 'none';
    const start = performance.now();
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      el.style.scrollSnapType = '';
      glide.current = null;
    };
    const step = (now: number) => {
      const p = Math.min(1, (now - start) / ms);
      el.scrollLeft = from + (to - from) * (1 - (1 - p) ** 3);
      if (p < 1) frame = requestAnimationFrame(step);
      else stop();
    };
    frame = requestAnimationFrame(step);
    glide.current = stop;
  };

  useEffect(() => () => glide.current?.(), []);

  // The next slide every CAROUSEL_AUTOPLAY_MS, counted again after any move.
  useEffect(() => {
    if (!playing || held || count < 2) return;
    const timer = setTimeout(() => goTo(selected + 1), CAROUSEL_AUTOPLAY_MS);
    return () => clearTimeout(timer);
    // goTo reads the element when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing, held, selected, count]);

  const onScroll = () => {
    const el = viewport.current;
    if (el) setSelected(Math.min(count - 1, Math.round(Math.abs(el.scrollLeft) / el.clientWidth)));
  };

  return (
    <section
      aria-roledescription={t('hero.carousel')}
      aria-label={label}
      className="relative bg-slate-200"
      data-testid="hero-carousel"
    >
      <div
        ref={viewport}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]"
        dir={locale === 'ar' ? 'rtl' : 'ltr'}
        aria-live={playing ? 'off' : 'polite'}
        onScroll={onScroll}
        onMouseEnter={() => setHeld(true)}
        onMouseLeave={() => setHeld(false)}
        onFocus={() => setHeld(true)}
        onBlur={() => setHeld(false)}
      >
        {slides.map((slide, i) => (
          <div
            key={slide.name}
            role="group"
            aria-roledescription={t('hero.slide')}
            aria-label={t('hero.position', { n: i + 1, total: slides.length })}
            className="min-w-0 shrink-0 grow-0 basis-full snap-start snap-always"
          >
            <BannerLink
              target={slide.target}
              className="group relative block focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-white"
              testId="hero-link"
            >
              {/* On a phone the slide is taller than the picture's 16:5, so its words fit at a size one can read:
                    the picture fills it, cut at the start side where the words go. */}
              <div
                className={slide.title ? 'aspect-[16/8] overflow-hidden sm:aspect-[16/5]' : 'overflow-hidden'}
              >
                <StoreImage
                  src={slide.src}
                  sizes={HERO_SIZES}
                  alt={slide.title ? '' : t('hero.alt', { n: i + 1 })}
                  width={1600}
                  height={500}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  decoding={i === 0 ? 'sync' : 'async'}
                  className={
                    slide.title
                      ? 'h-full w-full object-cover object-right rtl:object-left sm:object-center'
                      : 'h-auto w-full'
                  }
                />
              </div>
              {slide.title && (
                <div
                  className="absolute inset-y-0 start-0 flex w-3/5 flex-col justify-center gap-1 ps-5 pe-2 text-white sm:w-1/2 sm:gap-3 sm:ps-[10%] ltr:bg-linear-to-r rtl:bg-linear-to-l from-slate-950/45 to-transparent"
                  data-testid="hero-text"
                >
                  <h2 className="text-2xl leading-tight font-extrabold drop-shadow sm:text-4xl lg:text-5xl">
                    {slide.title}
                  </h2>
                  {slide.text && (
                    <p className="text-sm leading-snug drop-shadow sm:text-lg lg:text-xl">{slide.text}</p>
                  )}
                  {slide.cta && (
                    <span className="mt-2 inline-flex w-fit items-center rounded-full bg-white px-4 py-2 text-sm font-bold text-brand-900 shadow group-hover:bg-accent-500 group-hover:text-slate-950 sm:text-base">
                      {slide.cta}
                    </span>
                  )}
                </div>
              )}
            </BannerLink>
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="absolute inset-x-0 bottom-2 flex items-center justify-center gap-1">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              aria-label={t('hero.goTo', { n: i + 1 })}
              aria-current={i === selected ? 'true' : undefined}
              onClick={() => goTo(i)}
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
