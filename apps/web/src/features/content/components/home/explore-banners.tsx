import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { Link } from 'react-router';
import { useLocaleStore } from '../../../../lib/locale-store';
import { Skeleton } from '../../../../ui/skeleton';
import { ArrowEndIcon } from '../../../../ui/icons';
import { settingImage, settingText, usePageSettings } from '../../api/get-page-settings';
import { bannerTarget } from '../../home-links';
import { StoreImage } from '../../../../ui/store-image';

const NAMES = ['explore_first', 'explore_second', 'explore_third', 'explore_fourth'] as const;

/** The four explore banners (spec §2), each with a Shop now button. */
export function ExploreBanners() {
  const { t } = useTranslation('home');
  const locale = useLocaleStore((s) => s.locale);
  const { data: settings, isPending } = usePageSettings('home_page');
  const banners = NAMES.map((name, i) => ({
    name,
    n: i + 1,
    image: settingImage(settings, name, locale),
    target: bannerTarget(settingText(settings, `${name}_link`)),
  })).filter((b) => b.image);

  if (isPending)
    return (
      <div className="mx-auto mt-6 grid max-w-7xl grid-cols-2 gap-3 px-4 lg:grid-cols-4 3xl:max-w-[1600px]">
        {NAMES.map((n) => (
          <Skeleton key={n} className="aspect-[4/3]" />
        ))}
      </div>
    );
  if (banners.length === 0) return null;
  return (
    <section
      aria-label={t('explore.label')}
      className="mx-auto mt-6 max-w-7xl px-4 3xl:max-w-[1600px]"
      data-testid="explore-banners"
    >
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {banners.map((b) => {
          const body = (
            <>
              <StoreImage
                src={b.image ?? ''}
                sizes="(min-width: 1650px) 383px, (min-width: 1280px) 303px, (min-width: 1024px) calc(25vw - 17px), calc(50vw - 22px)"
                maxWidth={960}
                alt={t('explore.alt', { n: b.n })}
                width={640}
                height={480}
                loading="lazy"
                decoding="async"
                className="h-auto w-full transition-transform duration-300 group-hover:scale-105 motion-reduce:transform-none"
              />
              <span className="absolute bottom-3 start-3 inline-flex items-center gap-1 rounded-lg bg-white/95 px-3 py-1.5 text-sm font-bold text-brand-900 shadow group-hover:bg-accent-500 group-hover:text-slate-950">
                {t('explore.shopNow')}
                <ArrowEndIcon size={16} />
              </span>
            </>
          );
          return (
            <li key={b.name}>
              <BannerLink target={b.target}>{body}</BannerLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A banner as a link: another site's address as a plain link, a store path through the router. */
export function BannerLink({
  target,
  children,
  className = 'group relative block overflow-hidden rounded-xl bg-slate-200 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
  testId = 'explore',
}: {
  target: ReturnType<typeof bannerTarget>;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return target.kind === 'external' ? (
    <a href={target.href} className={className} data-testid={`${testId}-external`}>
      {children}
    </a>
  ) : (
    <Link to={target.href} className={className} data-testid={`${testId}-internal`}>
      {children}
    </Link>
  );
}
