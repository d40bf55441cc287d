import {
  BULK_ACTIONS,
  PRODUCT_VISIBILITIES,
  type AdminProductRow,
  type BulkAction,
} from '@store/contracts/admin-catalog';
import { STOCK_LEVELS } from '@store/contracts/admin-stock';
import type { Locale } from '@store/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocaleStore } from '../../lib/locale-store';
import { useMediaQuery } from '../../lib/use-media-query';
import { Button, buttonClass } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { useCan } from '../auth/store';
import { SelectField } from '../../ui/field';
import { SearchBox } from '../components/search-box';
import { ErrorBox, LoadError, Forbidden } from '../components/messages';
import { count, money } from '../lib/format';
import { errorMessages } from '../../lib/form-errors';
import { useAdminTitle } from '../lib/use-admin-title';
import {
  brandsQueryOptions,
  categoriesQueryOptions,
  choiceName,
  downloadExport,
  PRODUCTS_KEY,
  productsQueryOptions,
  promotionsQueryOptions,
} from './api';
import { BulkDialog } from './bulk-dialog';
import { isFiltered, readFilters, writeFilters, type ProductFilters } from './filters';
import { StockBadge } from './stock-badge';

const titleIn = (r: AdminProductRow, locale: Locale) => (locale === 'ar' ? r.title_ar : r.title_en);

/** The row's price, and its promotion price with the promotion's name when it has one. */
function PriceCell({ row }: { row: AdminProductRow }) {
  const { t } = useTranslation('admin');
  // Sold in variants (issue 49): from the cheapest to the dearest variant.
  if (row.price_max !== null && row.price_max > row.price)
    return (
      <span className="flex flex-col" data-testid="price-range">
        <span className="font-semibold whitespace-nowrap">
          {t('products.priceRange', { from: money(row.price), to: money(row.price_max) })}
        </span>
        {row.price_after_promotion !== null && (
          <span className="text-xs whitespace-nowrap text-red-800">
            {t('products.promotionFrom', { price: money(row.price_after_promotion) })}
          </span>
        )}
      </span>
    );
  return row.price_after_promotion !== null ? (
    <span className="flex flex-col">
      <span className="font-semibold whitespace-nowrap text-red-800">{money(row.price_after_promotion)}</span>
      <s className="text-xs whitespace-nowrap text-slate-500">{money(row.price)}</s>
      {row.promotion && (
        <span className="text-xs text-slate-600">
          <bdi>{row.promotion.name}</bdi>
        </span>
      )}
    </span>
  ) : (
    <span className="font-semibold whitespace-nowrap">{money(row.price)}</span>
  );
}

function StatusCell({ row }: { row: AdminProductRow }) {
  const { t } = useTranslation('admin');
  return (
    <span className="flex flex-wrap gap-1">
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
          row.active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'
        }`}
        data-testid="product-status"
      >
        {t(row.active ? 'products.status.active' : 'products.status.hidden')}
      </span>
      {row.featured && (
        <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900">
          {t('products.fields.featured')}
        </span>
      )}
      {row.special_offer && (
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
          {t('products.fields.specialOffer')}
        </span>
      )}
    </span>
  );
}

function Thumb({ src }: { src: string | null }) {
  return src ? (
    <img
      src={src}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      className="size-12 rounded-lg bg-white object-contain"
    />
  ) : (
    <span className="block size-12 rounded-lg bg-slate-100" aria-hidden="true" />
  );
}

function Titles({ row, locale }: { row: AdminProductRow; locale: Locale }) {
  const { t } = useTranslation('admin');
  const other = locale === 'ar' ? row.title_en : row.title_ar;
  return (
    <span className="flex min-w-0 flex-col">
      <Link
        to={`/products/${row.id}`}
        className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        data-testid="product-link"
      >
        <bdi>{titleIn(row, locale)}</bdi>
      </Link>
      <span className="text-xs text-slate-600" lang={locale === 'ar' ? 'en' : 'ar'}>
        <bdi>{other}</bdi>
      </span>
      <span className="text-xs text-slate-500">
        #{row.id}
        {row.model && (
          <>
            {' · '}
            <bdi>{row.model}</bdi>
          </>
        )}
        {row.variants > 0 && (
          <span data-testid="variant-count">
            {' · '}
            {t('products.variantCount', { n: row.variants })}
          </span>
        )}
      </span>
    </span>
  );
}

/** Products (owners and catalog staff): search, filter, select and change many at once, export, add. */
export function Component() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  useAdminTitle(t('products.title'));
  const allowed = useCan('catalog');
  const wide = useMediaQuery('(min-width: 768px)');
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const q = useQuery({ ...productsQueryOptions(filters, locale), enabled: allowed });
  const categories = useQuery({ ...categoriesQueryOptions(), enabled: allowed });
  const brands = useQuery({ ...brandsQueryOptions(), enabled: allowed });
  const promotions = useQuery({ ...promotionsQueryOptions(), enabled: allowed });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkChoice, setBulkChoice] = useState<BulkAction | ''>('');
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);

  const set = (patch: Partial<ProductFilters>) => {
    setParams(writeFilters({ ...filters, page: 1, ...patch }), { replace: true });
    setSelected(new Set());
  };

  if (!allowed) return <Forbidden title={t('products.title')} />;

  const rows = q.data?.products ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const togglePage = () =>
    setSelected((s) => {
      const next = new Set(s);
      for (const r of rows) {
        if (allOnPage) next.delete(r.id);
        else next.add(r.id);
      }
      return next;
    });

  const onExport = async () => {
    setFailure([]);
    setExporting(true);
    try {
      await downloadExport(filters);
    } catch (err) {
      setFailure(errorMessages(err));
    } finally {
      setExporting(false);
    }
  };

  const check = (row: AdminProductRow) => (
    <input
      type="checkbox"
      checked={selected.has(row.id)}
      onChange={() => toggle(row.id)}
      aria-label={t('products.select', { title: titleIn(row, locale) })}
      className="size-5 accent-brand-700"
      data-testid={`select-${row.id}`}
    />
  );

  const total = q.data?.meta.total_entries ?? 0;
  // A search that found more than the API counts says so: "1,000+", kept left to right inside Arabic (U+2066..2069).
  const totalText = q.data?.capped ? `\u2066${count(total, locale)}+\u2069` : count(total, locale);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold sm:text-2xl">{t('products.title')}</h1>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => void onExport()}
            disabled={exporting}
            data-testid="products-export"
          >
            {t(exporting ? 'products.exporting' : 'products.export')}
          </Button>
          <Link to="/products/new" className={buttonClass('primary')} data-testid="product-new">
            {t('products.new')}
          </Link>
        </div>
      </div>

      <form
        role="search"
        aria-label={t('products.filters.label')}
        onSubmit={(e) => e.preventDefault()}
        className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
      >
        <div className="sm:col-span-2">
          <SearchBox
            value={filters.query}
            onSearch={(v) => set({ query: v })}
            label={t('products.filters.search')}
            placeholder={t('products.filters.searchHint')}
            testId="products-search"
          />
        </div>
        <SelectField
          label={t('products.fields.category')}
          value={filters.category_id ?? ''}
          onChange={(e) => set({ category_id: e.target.value ? Number(e.target.value) : undefined })}
          data-testid="filter-category"
        >
          <option value="">{t('products.filters.any')}</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {choiceName(c, locale)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('products.fields.brand')}
          value={filters.brand_id ?? ''}
          onChange={(e) => set({ brand_id: e.target.value ? Number(e.target.value) : undefined })}
          data-testid="filter-brand"
        >
          <option value="">{t('products.filters.any')}</option>
          {brands.data?.map((b) => (
            <option key={b.id} value={b.id}>
              {choiceName(b, locale)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('products.filters.level')}
          value={filters.level}
          onChange={(e) => set({ level: e.target.value as ProductFilters['level'] })}
          data-testid="filter-level"
        >
          {STOCK_LEVELS.map((l) => (
            <option key={l} value={l}>
              {t(`products.filters.levels.${l}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('products.fields.promotion')}
          value={filters.promotion_id ?? ''}
          onChange={(e) => set({ promotion_id: e.target.value === '' ? undefined : Number(e.target.value) })}
          data-testid="filter-promotion"
        >
          <option value="">{t('products.filters.any')}</option>
          <option value="0">{t('products.filters.noPromotion')}</option>
          {promotions.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {choiceName(p, locale)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('products.filters.visibility')}
          value={filters.visibility}
          onChange={(e) => set({ visibility: e.target.value as ProductFilters['visibility'] })}
          data-testid="filter-visibility"
        >
          {PRODUCT_VISIBILITIES.map((v) => (
            <option key={v} value={v}>
              {t(`products.filters.visibilities.${v}`)}
            </option>
          ))}
        </SelectField>
        {isFiltered(filters) && (
          <div className="flex items-end">
            <Button variant="ghost" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
              {t('products.filters.clear')}
            </Button>
          </div>
        )}
      </form>

      {/* The bulk bar: how many are selected and what to do with them. */}
      <div
        className="flex flex-wrap items-end gap-2 rounded-2xl border border-slate-200 bg-white p-3"
        aria-live="polite"
        data-testid="bulk-bar"
      >
        <label className="flex h-11 items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            checked={allOnPage}
            disabled={!rows.length}
            onChange={togglePage}
            className="size-5 accent-brand-700"
            data-testid="select-page"
          />
          {t('products.selectPage')}
        </label>
        <span className="h-11 content-center text-sm text-slate-700" data-testid="selected-count">
          {t('products.selected', { count: selected.size, n: count(selected.size, locale) })}
        </span>
        {selected.size > 0 && (
          <>
            <SelectField
              label={t('products.bulk.label')}
              value={bulkChoice}
              onChange={(e) => setBulkChoice(e.target.value as BulkAction | '')}
              wrapClassName="min-w-48"
              data-testid="bulk-action"
            >
              <option value="">{t('products.choose')}</option>
              {BULK_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`products.bulk.${a}`)}
                </option>
              ))}
            </SelectField>
            <Button
              disabled={!bulkChoice}
              onClick={() => bulkChoice && setBulk(bulkChoice)}
              data-testid="bulk-go"
            >
              {t('products.bulk.go')}
            </Button>
            <Button variant="ghost" onClick={() => setSelected(new Set())}>
              {t('products.clearSelection')}
            </Button>
          </>
        )}
      </div>
      {notice && (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900"
          data-testid="products-notice"
        >
          {notice}
        </p>
      )}
      <ErrorBox messages={failure} />

      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton className="h-64" />
      ) : rows.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-700">
          {t(isFiltered(filters) ? 'products.emptyFiltered' : 'products.empty')}
        </p>
      ) : wide ? (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full text-sm" data-testid="products-table">
            <caption className="sr-only">{t('products.caption', { n: totalText })}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="w-10 px-3 py-2.5">
                  <span className="sr-only">{t('products.selectPage')}</span>
                </th>
                <th scope="col" className="w-16 px-3 py-2.5 text-start font-semibold">
                  <span className="sr-only">{t('products.columns.image')}</span>
                </th>
                <th scope="col" className="px-3 py-2.5 text-start font-semibold">
                  {t('products.columns.product')}
                </th>
                <th scope="col" className="px-3 py-2.5 text-start font-semibold">
                  {t('products.columns.category')}
                </th>
                <th scope="col" className="px-3 py-2.5 text-start font-semibold">
                  {t('products.columns.price')}
                </th>
                <th scope="col" className="px-3 py-2.5 text-start font-semibold">
                  {t('products.columns.stock')}
                </th>
                <th scope="col" className="px-3 py-2.5 text-start font-semibold">
                  {t('products.columns.status')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.id}
                  className="border-t border-slate-100 hover:bg-slate-50"
                  data-testid="product-row"
                >
                  <td className="px-3 py-2.5">{check(r)}</td>
                  <td className="px-3 py-2.5">
                    <Thumb src={r.image} />
                  </td>
                  <td className="max-w-80 px-3 py-2.5">
                    <Titles row={r} locale={locale} />
                  </td>
                  <td className="px-3 py-2.5 text-slate-700">
                    <span className="flex flex-col">
                      <bdi>{r.category.name}</bdi>
                      <span className="text-xs text-slate-500">
                        <bdi>{r.brand.name}</bdi>
                      </span>
                    </span>
                  </td>
                  <td className="px-3 py-2.5">
                    <PriceCell row={r} />
                  </td>
                  <td className="px-3 py-2.5">
                    <StockBadge stock={r.stock} locale={locale} />
                  </td>
                  <td className="px-3 py-2.5">
                    <StatusCell row={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('products.caption', { n: totalText })}>
          {rows.map((r) => (
            <li
              key={r.id}
              className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3"
              data-testid="product-row"
            >
              <div className="pt-1">{check(r)}</div>
              <Thumb src={r.image} />
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <Titles row={r} locale={locale} />
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <PriceCell row={r} />
                  <StockBadge stock={r.stock} locale={locale} />
                </div>
                <StatusCell row={r} />
              </div>
            </li>
          ))}
        </ul>
      )}

      {q.data && (q.data.meta.current_page > 1 || q.data.meta.next_page) && (
        <nav aria-label={t('products.pages.label')} className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={filters.page <= 1}
            onClick={() => setParams(writeFilters({ ...filters, page: filters.page - 1 }))}
          >
            {t('products.pages.previous')}
          </Button>
          <p className="text-sm text-slate-700">
            {t('products.pages.info', { count: total, page: count(filters.page, locale), n: totalText })}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={!q.data.meta.next_page}
            onClick={() => setParams(writeFilters({ ...filters, page: filters.page + 1 }))}
          >
            {t('products.pages.next')}
          </Button>
        </nav>
      )}

      {bulk && (
        <BulkDialog
          action={bulk}
          ids={[...selected]}
          locale={locale}
          onClose={() => setBulk(null)}
          onDone={(changed) => {
            setBulk(null);
            setBulkChoice('');
            setSelected(new Set());
            setNotice(t('products.bulk.done', { count: changed, n: count(changed, locale) }));
            void qc.invalidateQueries({ queryKey: PRODUCTS_KEY });
          }}
        />
      )}
    </div>
  );
}
