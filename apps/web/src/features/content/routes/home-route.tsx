import { useTranslation } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ExploreBanners } from '../components/home/explore-banners';
import { HeroCarousel } from '../components/home/hero-carousel';
import { HomeBrands } from '../components/home/home-brands';
import { HomeCategories } from '../components/home/home-categories';
import { Perks } from '../components/home/perks';
import { ProductTabs } from '../components/home/product-tabs';
import { PromotedSlider, SpecialOffersSlider } from '../components/home/product-sliders';
import { VideoBanner } from '../components/home/video-banner';

/** Home (spec §2), top to bottom in the spec's order. */
export function Component() {
  const { t } = useTranslation('home');
  useDocumentTitle(undefined);
  return (
    <div className="pb-4">
      <h1 className="sr-only">{t('title', { name: t('common:storeName') })}</h1>
      <HeroCarousel />
      <ExploreBanners />
      <HomeCategories />
      <SpecialOffersSlider />
      <ProductTabs />
      <VideoBanner />
      <PromotedSlider />
      <HomeBrands />
      <Perks />
    </div>
  );
}
