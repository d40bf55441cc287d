import type { ProductListFacet } from '@store/contracts/catalog';
import { useNamespace } from '../../../lib/i18n';
import { listingTexts } from '../../../i18n/listing';

/**
 * Where a search's products are (issue 15): the categories holding them, with how many each, most first; a tap
 * narrows the list to one.
 */
export function CategoryFacet({
  categories,
  onPick,
}: {
  categories: ProductListFacet[];
  onPick(categoryId: number): void;
}) {
  const { t } = useNamespace('listing', listingTexts);
  if (categories.length < 2) return null;
  return (
    <fieldset data-testid="category-facet">
      <legend className="mb-2 font-bold text-slate-900">{t('filters.inCategories')}</legend>
      <ul className="space-y-1">
        {categories.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onPick(c.id)}
              className="flex w-full items-center justify-between gap-2 rounded-lg px-2 py-1.5 text-start text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <bdi className="min-w-0 truncate">{c.name}</bdi>
              <span className="shrink-0 rounded-full bg-slate-100 px-2 text-xs font-semibold text-slate-700 tabular-nums">
                {c.count}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
