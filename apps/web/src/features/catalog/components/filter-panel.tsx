import type { ProductListFacet } from '@store/contracts/catalog';
import { useNamespace } from '../../../lib/i18n';
import { listingTexts } from '../../../i18n/listing';
import type { ListFilters } from '../list-params';
import { CategoryFacet } from './category-facet';
import { BrandCategorySelect } from './brand-category-select';
import { BrandFilter } from './brand-filter';
import { PriceFilter } from './price-filter';

interface Props {
  filters: ListFilters;
  bounds?: { lo: number; hi: number };
  /** The list's counts per category and brand (a search's: where its products are). */
  facets?: { categories: ProductListFacet[]; brands: ProductListFacet[] };
  onChange(patch: Partial<Omit<ListFilters, 'page' | 'from'>>): void;
  onClear?(): void;
}

/** The side filter of spec §2: price range, the category selector (only when filtered by brand), brands. */
export function FilterPanel({ filters, bounds, facets, onChange, onClear }: Props) {
  const { t } = useNamespace('listing', listingTexts);
  const canClear =
    filters.brand_id.length > 0 || filters.min_price !== undefined || filters.max_price !== undefined;
  return (
    <div className="space-y-6">
      <PriceFilter
        min={filters.min_price}
        max={filters.max_price}
        bounds={bounds}
        onChange={(min_price, max_price) => onChange({ min_price, max_price })}
      />
      {filters.brand_id.length > 0 && (
        <BrandCategorySelect
          brandIds={filters.brand_id}
          value={filters.category_id}
          onChange={(category_id) => onChange({ category_id })}
        />
      )}
      {filters.search && !filters.category_id && facets && (
        <CategoryFacet categories={facets.categories} onPick={(category_id) => onChange({ category_id })} />
      )}
      <BrandFilter
        categoryId={filters.category_id}
        selected={filters.brand_id}
        onChange={(brand_id) => onChange({ brand_id })}
        counts={filters.search ? facets?.brands : undefined}
      />
      {onClear && canClear && (
        <button
          type="button"
          onClick={onClear}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          {t('filters.clear')}
        </button>
      )}
    </div>
  );
}
