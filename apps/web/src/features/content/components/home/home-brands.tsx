import { HOME_BRANDS } from '@store/contracts/constants';
import { useTranslation } from '../../../../lib/i18n';
import { Link } from 'react-router';
import { useBrands } from '../../../catalog';
import { Skeleton } from '../../../../ui/skeleton';
import { StoreImage } from '../../../../ui/store-image';
import { HomeSection } from './section';

/** Up to 6 brand logos of the home page, each opening that brand's products. */
export function HomeBrands() {
  const { t } = useTranslation('home');
  const { data, isPending } = useBrands({ show_on_homepage: true, per_page: HOME_BRANDS });
  const brands = (data?.brands ?? []).slice(0, HOME_BRANDS);
  if (!isPending && brands.length === 0) return null;
  return (
    <HomeSection
      title={t('brands.title')}
      testId="home-brands"
      size="[--below-fold-size:216px] md:[--below-fold-size:128px]"
    >
      <ul className="grid grid-cols-3 gap-3 md:grid-cols-6">
        {isPending
          ? Array.from({ length: HOME_BRANDS }, (_, i) => (
              <li key={i}>
                <Skeleton className="h-20" />
              </li>
            ))
          : brands.map((b) => (
              <li key={b.id}>
                <Link
                  to={`/products?brand_id=${b.id}`}
                  className="flex h-20 items-center justify-center rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 transition hover:ring-2 hover:ring-brand-500"
                >
                  {b.icon_url ? (
                    <StoreImage
                      src={b.icon_url}
                      sizes="(min-width: 464px) 112px, calc(33.4vw - 42px)"
                      maxWidth={320}
                      alt={b.name}
                      width={160}
                      height={64}
                      loading="lazy"
                      decoding="async"
                      className="max-h-14 w-auto object-contain"
                    />
                  ) : (
                    <span className="font-bold text-slate-800">{b.name}</span>
                  )}
                </Link>
              </li>
            ))}
      </ul>
    </HomeSection>
  );
}
