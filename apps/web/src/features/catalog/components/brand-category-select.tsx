import { useQueries } from '@tanstack/react-query';
import { useId } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { listingTexts } from '../../../i18n/listing';
import { useLocaleStore } from '../../../lib/locale-store';
import { categoriesQueryOptions } from '../api/get-categories';

/** Shown only when the list is filtered by brand: the categories that hold the chosen brands' products. */
export function BrandCategorySelect({
  brandIds,
  value,
  onChange,
}: {
  brandIds: number[];
  value?: number;
  onChange(id: number | undefined): void;
}) {
  const { t } = useNamespace('listing', listingTexts);
  const locale = useLocaleStore((s) => s.locale);
  const id = useId();
  const results = useQueries({
    queries: brandIds.map((b) => categoriesQueryOptions(locale, { brand_id: b })),
  });
  const seen = new Set<number>();
  const categories = results
    .flatMap((r) => r.data ?? [])
    .filter((c) => !seen.has(c.id) && seen.add(c.id))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return (
    <div data-testid="brand-category">
      <label htmlFor={id} className="mb-2 block font-bold text-slate-900">
        {t('filters.category')}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30"
      >
        <option value="">{t('filters.allCategories')}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
        {value !== undefined && !seen.has(value) && (
          <option value={value}>{t('filters.currentCategory')}</option>
        )}
      </select>
    </div>
  );
}
