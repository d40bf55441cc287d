import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { useProducts, useRecentlyViewed, type ProductsParams } from '../../../catalog';
import { Tabs } from '../../../../ui/tabs';
import { ProductRow } from './product-row';
import { HomeSection } from './section';
import { SLIDER_FETCH } from './slider-size';

const TABS = ['featured', 'newArrivals', 'recentlyViewed'] as const;
type Tab = (typeof TABS)[number];
const FILTERS: Record<Exclude<Tab, 'recentlyViewed'>, ProductsParams> = {
  featured: { featured: true },
  newArrivals: { sort: 'latest_to_oldest' },
};

/** Featured / New arrivals / Recently viewed, one slider at a time (spec §2). */
export function ProductTabs() {
  const { t } = useTranslation('home');
  const [tab, setTab] = useState<Tab>('featured');
  return (
    <HomeSection title={t('tabs.title')} testId="home-tabs" size="[--below-fold-size:520px]">
      <Tabs<Tab>
        label={t('tabs.title')}
        tabs={TABS.map((value) => ({ value, label: t(`tabs.${value}`) }))}
        value={tab}
        onValueChange={setTab}
      >
        {tab === 'recentlyViewed' ? (
          <RecentlyViewedRow />
        ) : (
          <FilteredRow key={tab} filter={FILTERS[tab]} label={t(`tabs.${tab}`)} />
        )}
      </Tabs>
    </HomeSection>
  );
}

function FilteredRow({ filter, label }: { filter: ProductsParams; label: string }) {
  const { t } = useTranslation('home');
  const { data, isPending } = useProducts({ ...filter, per_page: SLIDER_FETCH });
  if (!isPending && !data?.products.length)
    return <p className="py-8 text-center text-slate-600">{t('tabs.empty')}</p>;
  return <ProductRow products={data?.products} loading={isPending} label={label} slider />;
}

function RecentlyViewedRow() {
  const { t } = useTranslation('home');
  const products = useRecentlyViewed();
  if (products.length === 0)
    return <p className="py-8 text-center text-slate-600">{t('tabs.recentlyViewedEmpty')}</p>;
  return <ProductRow products={products} label={t('tabs.recentlyViewed')} />;
}
