import { useNamespace } from '../../../lib/i18n';
import { listingTexts } from '../../../i18n/listing';
import { ProductList } from '../components/product-list';

const BASE = { in_dedicated_page: true } as const;

/** /special-offers: the products of the special offers page. */
export function Component() {
  const { t } = useNamespace('listing', listingTexts);
  return <ProductList base={BASE} name={t('list.specialOffers')} />;
}
