import { HOME_CATEGORIES } from '@store/contracts/constants';
import { useTranslation } from '../../../../lib/i18n';
import { Link } from 'react-router';
import { useCategories } from '../../../catalog';
import { Skeleton } from '../../../../ui/skeleton';
import { StoreImage } from '../../../../ui/store-image';
import { HomeSection } from './section';

/** Shop by Categories: the home page's categories (at most 10), each with its picture. */
export function HomeCategories() {
  const { t } = useTranslation('home');
  const { data, isPending } = useCategories({ show_on_homepage: true });
  const categories = (data ?? []).slice(0, HOME_CATEGORIES);
  if (!isPending && categories.length === 0) return null;
  return (
    <HomeSection
      title={t('categories.title')}
      more={{ to: '/products', label: t('viewAll') }}
      testId="home-categories"
      size="[--below-fold-size:200px] sm:[--below-fold-size:420px] lg:[--below-fold-size:220px]"
    >
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-5 sm:overflow-visible sm:px-0 lg:grid-cols-10">
        {isPending
          ? Array.from({ length: HOME_CATEGORIES }, (_, i) => (
              <li key={i} className="w-24 shrink-0 sm:w-auto">
                <Skeleton className="aspect-square w-full rounded-full" />
              </li>
            ))
          : categories.map((c) => (
              <li key={c.id} className="w-24 shrink-0 snap-start sm:w-auto">
                <Link
                  to={`/products?category_id=${c.id}`}
                  className="group flex flex-col items-center gap-2 text-center"
                >
                  <span className="flex aspect-square w-full items-center justify-center overflow-hidden rounded-full bg-white p-3 shadow-sm ring-1 ring-slate-200 transition group-hover:ring-2 group-hover:ring-brand-500">
                    {c.icon_url ? (
                      <StoreImage
                        src={c.icon_url}
                        sizes="(min-width: 1650px) 122px, (min-width: 1280px) 90px, (min-width: 1024px) calc(10vw - 38px), (min-width: 640px) calc(20vw - 40px), 72px"
                        maxWidth={320}
                        alt=""
                        width={96}
                        height={96}
                        loading="lazy"
                        decoding="async"
                        className="size-full object-contain"
                      />
                    ) : (
                      <span aria-hidden="true" className="text-2xl font-bold text-brand-700">
                        {c.name.slice(0, 1)}
                      </span>
                    )}
                  </span>
                  <span className="line-clamp-2 text-sm font-semibold text-slate-800 group-hover:text-brand-700">
                    {c.name}
                  </span>
                </Link>
              </li>
            ))}
      </ul>
    </HomeSection>
  );
}
