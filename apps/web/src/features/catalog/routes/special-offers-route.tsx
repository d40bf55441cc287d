import { useTranslation } from '../../../lib/i18n';
import { ProductList } from '../components/product-list';

const BASE = { in_dedicated_page: true } as const;

/** /special-offers: the products of the special offers page. */
export function Component() {
  const { t } = useTranslation('catalog');
  return <ProductList base={BASE} name={t('list.specialOffers')} />;
}
