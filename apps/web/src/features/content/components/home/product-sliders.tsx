import { useTranslation } from '../../../../lib/i18n';
import { Link } from 'react-router';
import { usePromotions, useProducts } from '../../../catalog';
import { ProductRow } from './product-row';
import { HomeSection } from './section';
import { SLIDER_FETCH } from './slider-size';

/** Special Offers: the products of the special offers page. */
export function SpecialOffersSlider() {
  const { t } = useTranslation('home');
  const { data, isPending } = useProducts({ in_dedicated_page: true, per_page: SLIDER_FETCH });
  if (!isPending && !data?.products.length) return null;
  return (
    <HomeSection
      title={t('specialOffers.title')}
      more={{ to: '/special-offers', label: t('viewAll') }}
      testId="home-special-offers"
      size="[--below-fold-size:460px]"
    >
      <ProductRow products={data?.products} loading={isPending} label={t('specialOffers.title')} slider />
    </HomeSection>
  );
}

/** Offers: products with a running promotion. The whole section is left out when there are none (spec §2). */
export function PromotedSlider() {
  const { t } = useTranslation('home');
  const { data } = useProducts({ in_active_promotion: true, per_page: SLIDER_FETCH });
  const { data: promotions = [] } = usePromotions();
  if (!data?.products.length) return null;
  return (
    <HomeSection title={t('offers.title')} testId="home-offers" size="[--below-fold-size:510px]">
      {promotions.length > 0 && (
        <ul className="-mt-2 mb-4 flex flex-wrap gap-2">
          {promotions.map((p) => (
            <li key={p.id}>
              <Link
                to={`/promotions/${encodeURIComponent(p.slug)}`}
                className="inline-block rounded-full bg-accent-500/15 px-3 py-1 text-sm font-semibold text-brand-900 ring-1 ring-accent-500 hover:bg-accent-500"
              >
                {p.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ProductRow products={data.products} label={t('offers.title')} slider />
    </HomeSection>
  );
}
