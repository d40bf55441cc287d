import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { useLocaleStore } from '../../../../lib/locale-store';
import { PlayIcon } from '../../../../ui/icons';
import { settingImage, settingText, usePageSettings } from '../../api/get-page-settings';
import { embedUrl } from '../../home-links';
import { StoreImage } from '../../../../ui/store-image';

/** The banner spans the page's content: the screen less its margins, up to the widest content column. */
const VIDEO_SIZES = '(min-width: 1650px) 1568px, (min-width: 1280px) 1248px, calc(100vw - 32px)';

/**
 * The video banner (spec §2): with a video link, its picture with a play button; the player is loaded only when
 * pressed. Without a link, the picture alone.
 */
export function VideoBanner() {
  const { t } = useTranslation('home');
  const locale = useLocaleStore((s) => s.locale);
  const { data: settings } = usePageSettings('home_page');
  const [playing, setPlaying] = useState(false);
  const image = settingImage(settings, 'video_banner_image', locale);
  const link = settingText(settings, 'video_banner_link');
  if (!image && !link) return null;
  const frame = 'aspect-video w-full rounded-2xl bg-slate-900 sm:aspect-[21/9]';

  let body;
  if (link && playing) {
    const e = embedUrl(link);
    body =
      e.kind === 'video' ? (
        <video src={e.src} controls autoPlay className={frame} />
      ) : (
        <iframe
          src={e.src}
          title={t('video.title')}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          className={frame}
        />
      );
  } else if (link) {
    body = (
      <button
        type="button"
        onClick={() => setPlaying(true)}
        className="group relative block w-full overflow-hidden rounded-2xl"
        data-testid="video-play"
      >
        {image ? (
          <StoreImage
            src={image}
            sizes={VIDEO_SIZES}
            alt=""
            width={1600}
            height={686}
            loading="lazy"
            decoding="async"
            className={`${frame} object-cover`}
          />
        ) : (
          <span className={`block ${frame}`} />
        )}
        <span className="absolute inset-0 flex items-center justify-center bg-slate-950/25 group-hover:bg-slate-950/35">
          <span className="flex size-16 items-center justify-center rounded-full bg-white/95 text-brand-700 shadow-lg transition-transform group-hover:scale-110 motion-reduce:transform-none sm:size-20">
            <PlayIcon size={34} />
          </span>
        </span>
        <span className="sr-only">{t('video.play')}</span>
      </button>
    );
  } else if (image) {
    body = (
      <StoreImage
        src={image}
        sizes={VIDEO_SIZES}
        alt={t('video.imageAlt')}
        width={1600}
        height={686}
        loading="lazy"
        decoding="async"
        className={`${frame} object-cover`}
      />
    );
  }

  return (
    <section
      aria-label={t('video.title')}
      className="below-fold mx-auto mt-10 max-w-7xl px-4 [--below-fold-size:214px] sm:[--below-fold-size:315px] lg:[--below-fold-size:480px] xl:[--below-fold-size:535px] 3xl:max-w-[1600px]"
      data-testid="video-banner"
    >
      {body}
    </section>
  );
}
