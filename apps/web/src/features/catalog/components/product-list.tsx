import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { listingTexts } from '../../../i18n/listing';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useLocaleStore } from '../../../lib/locale-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMediaMatch } from '../../../lib/use-media-query';
import { Breadcrumbs, type Crumb } from '../../../ui/breadcrumbs';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { useIsSignedIn } from '../../auth';
import { useBrand } from '../api/get-brands';
import { useCategories } from '../api/get-categories';
import { productsQueryOptions, type ProductsParams } from '../api/get-products';
import { categoryTrail } from '../category-trail';
import {
  apiParamsFor,
  listFiltersToSearch,
  parseListFilters,
  withFilter,
  type ListFilters,
} from '../list-params';
import { FilterPanel } from './filter-panel';
import { Pagination } from './pagination';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { SortMenu } from './sort-menu';

interface Props {
  /** What makes this list what it is (special offers, a promotion); the URL's filters come on top. */
  base?: Partial<ProductsParams>;
  /** The list's own name, first crumb and heading (special offers, a promotion); none for /products. */
  name?: string;
}

/** At 992 px or narrower the filters sit in a modal (spec §2). */
const FILTERS_IN_MODAL = '(max-width: 992px)';
// The same widths in CSS, for the first render (the server's), when the screen is not known yet.
const SIDE_PANEL_ONLY = 'max-[992px]:hidden';
const MODAL_BUTTON_ONLY = 'min-[993px]:hidden';

/**
 * A product list (spec §2): breadcrumbs, side filter, sort menu, grid, pagination and More. Every filter lives
 * in the URL, so the list can be shared and Back restores the previous one.
 */
export function ProductList({ base, name }: Props) {
  const { t } = useNamespace('listing', listingTexts);
  const locale = useLocaleStore((s) => s.locale);
  const signedIn = useIsSignedIn();
  const [sp] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => parseListFilters(sp), [sp]);
  const inModal = useMediaMatch(FILTERS_IN_MODAL);
  const [modalOpen, setModalOpen] = useState(false);

  const go = (f: ListFilters, replace = false) =>
    navigate({ pathname, search: listFiltersToSearch(f) }, { replace, state: { keepScroll: true } });
  const change = (patch: Partial<Omit<ListFilters, 'page' | 'from'>>) => go(withFilter(filters, patch));

  const pageNumbers = Array.from({ length: filters.page - filters.from + 1 }, (_, i) => filters.from + i);
  const results = useQueries({
    queries: pageNumbers.map((p) => ({
      ...productsQueryOptions(locale, apiParamsFor(filters, p, base), signedIn),
      placeholderData: keepPreviousData,
    })),
  });
  const first = results[0];
  const last = results[results.length - 1];
  const meta = first?.data?.meta;
  const firstPending = results.findIndex((r) => !r.data);
  const shown = (firstPending === -1 ? results : results.slice(0, firstPending)).flatMap(
    (r) => r.data!.products,
  );
  const totalPages = meta ? Math.max(1, Math.ceil(meta.total_entries / meta.per_page)) : 1;
  const stale = results.some((r) => r.isPlaceholderData);
  const bounds = meta ? { lo: meta.min_price, hi: meta.max_price } : undefined;

  // Names for the heading and breadcrumbs: the category trail, the brand(s) and the search text.
  const tree = useCategories();
  const trail = filters.category_id ? categoryTrail(tree.data, filters.category_id) : [];
  // A category id the catalog does not have (an old link): say so instead of "All products" over nothing.
  const unknownCategory = filters.category_id !== undefined && !!tree.data && trail.length === 0;
  const oneBrand = filters.brand_id.length === 1 ? filters.brand_id[0] : undefined;
  const brand = useBrand(oneBrand);
  const heading =
    name ??
    (unknownCategory
      ? t('list.unknownCategory')
      : filters.search
        ? t('list.searchTitle', { text: filters.search })
        : (trail.at(-1)?.name ??
          (oneBrand !== undefined ? brand.data?.name : undefined) ??
          t('list.allProducts')));
  const crumbs: Crumb[] = [];
  if (name) crumbs.push({ label: name, to: pathname });
  for (const c of trail) crumbs.push({ label: c.name, to: `${pathname}?category_id=${c.id}` });
  if (brand.data) crumbs.push({ label: brand.data.name, to: `${pathname}?brand_id=${brand.data.id}` });
  else if (filters.brand_id.length > 1)
    crumbs.push({ label: t('list.brandsCount', { n: filters.brand_id.length }) });
  if (filters.search) crumbs.push({ label: t('list.searchCrumb', { text: filters.search }) });
  if (!crumbs.length) crumbs.push({ label: t('list.allProducts') });

  useDocumentTitle(heading);

  // A new page number (not More) brings the top of the list back into view.
  const top = useRef<HTMLDivElement>(null);
  const lastPage = useRef(filters.page);
  useEffect(() => {
    if (lastPage.current !== filters.page && filters.from === filters.page && top.current) {
      const y = top.current.getBoundingClientRect().top + window.scrollY - 16;
      if (window.scrollY > y) window.scrollTo({ top: y });
    }
    lastPage.current = filters.page;
  }, [filters.page, filters.from]);

  const panel = (
    <FilterPanel
      filters={filters}
      bounds={bounds}
      facets={meta?.facets}
      onChange={change}
      onClear={() => go(withFilter(filters, { brand_id: [], min_price: undefined, max_price: undefined }))}
    />
  );

  return (
    <div
      className="mx-auto w-full max-w-[1600px] px-4 py-3 sm:px-6 sm:py-4"
      data-testid="product-list"
      // The address this render is of: a navigation changes the address at once and the list a moment later (a
      // transition), so the browser tests wait for this to match the address before reading the list.
      data-search={sp.toString()}
    >
      <Breadcrumbs items={crumbs} />
      {/* On a phone the heading, its count and the list's buttons take little height: six products fit below. */}
      <div ref={top} className="mt-2 flex flex-wrap items-end justify-between gap-2 sm:mt-3 sm:gap-3">
        <div>
          <div className="flex flex-wrap items-baseline gap-x-3 sm:block">
            <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{heading}</h1>
            <p className="text-sm text-slate-600 sm:mt-1" aria-live="polite" data-testid="result-count">
              {meta ? t('list.count', { n: meta.total_entries }) : '\u00a0'}
            </p>
          </div>
          {/* Nothing had every word: the products of the search without one of them (the API's showing_for). */}
          {meta?.showing_for && filters.search && (
            <p className="mt-1 text-sm text-slate-800" data-testid="showing-for">
              {t('list.noneWithAll')} <bdi>“{filters.search}”</bdi>
              {t('list.fullStop')} {t('list.showingFor')}{' '}
              <bdi className="font-semibold">“{meta.showing_for}”</bdi>
              {t('list.fullStop')}
              {meta.other_searches?.length ? (
                <>
                  {' '}
                  {t('list.orSearchFor')}{' '}
                  {meta.other_searches.map((other, i) => (
                    <span key={other}>
                      {i > 0 && t('list.or')}
                      <Link
                        to={`${pathname}${listFiltersToSearch(withFilter(filters, { search: other }))}`}
                        className="font-semibold text-brand-700 underline underline-offset-2"
                      >
                        <bdi>“{other}”</bdi>
                      </Link>
                    </span>
                  ))}
                  {t('list.fullStop')}
                </>
              ) : null}
            </p>
          )}
          {meta?.did_you_mean && (
            <p className="mt-1 text-sm text-slate-800" data-testid="did-you-mean">
              {t('list.didYouMean')}{' '}
              <Link
                to={`${pathname}${listFiltersToSearch(withFilter(filters, { search: meta.did_you_mean }))}`}
                className="font-semibold text-brand-700 underline underline-offset-2"
              >
                <bdi>{meta.did_you_mean}</bdi>
              </Link>
              {t('list.questionMark')}
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          {inModal !== false && (
            <Button
              variant="outline"
              size="sm"
              className={`h-10 ${inModal === null ? MODAL_BUTTON_ONLY : ''}`}
              onClick={() => setModalOpen(true)}
              data-testid="open-filters"
            >
              <svg
                width="18"
                height="18"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                aria-hidden="true"
              >
                <path d="M4 6h16M7 12h10M10 18h4" strokeLinecap="round" />
              </svg>
              {t('filters.open')}
            </Button>
          )}
          <SortMenu value={filters.sort} onChange={(sort) => change({ sort })} />
        </div>
      </div>

      <div className="mt-3 flex items-start gap-6 sm:mt-4">
        {inModal !== true && (
          <aside
            aria-label={t('filters.title')}
            className={`sticky top-4 w-64 shrink-0 rounded-xl border border-slate-200 bg-white p-4 ${inModal === null ? SIDE_PANEL_ONLY : ''}`}
          >
            {panel}
          </aside>
        )}
        <section
          aria-labelledby="list-results"
          className="min-w-0 flex-1"
          aria-busy={stale || firstPending !== -1}
        >
          <h2 id="list-results" className="sr-only">
            {t('list.results')}
          </h2>
          {first?.isError && !first.data ? (
            <div className="rounded-xl border border-slate-200 bg-white p-8 text-center">
              <p className="text-slate-700">{t('common:error')}</p>
              <Button className="mt-4" onClick={() => void first.refetch()}>
                {t('common:retry')}
              </Button>
            </div>
          ) : unknownCategory ? (
            <div
              className="rounded-xl border border-slate-200 bg-white p-10 text-center"
              data-testid="unknown-category"
            >
              <p className="text-lg font-semibold text-slate-900">{t('list.unknownCategory')}</p>
              <Link to="/products" className="mt-3 inline-block font-semibold text-brand-700 underline">
                {t('list.toAll')}
              </Link>
            </div>
          ) : !meta ? (
            <ProductGridSkeleton />
          ) : meta.total_entries > 0 && filters.from > totalPages ? (
            <div
              className="rounded-xl border border-slate-200 bg-white p-10 text-center"
              data-testid="past-last-page"
            >
              <p className="text-lg font-semibold text-slate-900">
                {t('list.pastLastPage', { page: filters.page, pages: totalPages })}
              </p>
              <Link
                to={`${pathname}${listFiltersToSearch({ ...filters, page: 1, from: 1 })}`}
                className="mt-3 inline-block font-semibold text-brand-700 underline"
              >
                {t('list.firstPage')}
              </Link>
            </div>
          ) : meta.total_entries === 0 ? (
            <div
              className="rounded-xl border border-slate-200 bg-white p-10 text-center"
              data-testid="empty-list"
            >
              <p className="text-lg font-semibold text-slate-900">{t('list.empty')}</p>
              {meta.nearest_categories?.length ? (
                <>
                  <p className="mt-1 text-slate-600">{t('list.tryCategories')}</p>
                  <ul className="mt-4 flex flex-wrap justify-center gap-2" data-testid="nearest-categories">
                    {meta.nearest_categories.map((c) => (
                      <li key={c.id}>
                        <Link
                          to={`/products?category_id=${c.id}`}
                          className="inline-block rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                        >
                          <bdi>{c.name}</bdi>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p className="mt-1 text-slate-600">{t('list.emptyHint')}</p>
              )}
            </div>
          ) : (
            <>
              <div className={stale ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
                <ProductGrid products={shown} />
                {firstPending !== -1 && (
                  <div className="mt-6 flex justify-center">
                    <Spinner />
                  </div>
                )}
              </div>
              <div className="mt-8 flex flex-col items-center gap-4">
                {last?.data?.meta.next_page != null && (
                  <Button
                    variant="outline"
                    className="min-w-48"
                    onClick={() => go({ ...filters, page: filters.page + 1 }, true)}
                    data-testid="load-more"
                  >
                    {t('list.more')}
                  </Button>
                )}
                <Pagination
                  current={filters.page}
                  total={totalPages}
                  hrefOf={(n) => `${pathname}${listFiltersToSearch({ ...filters, page: n, from: n })}`}
                />
              </div>
            </>
          )}
        </section>
      </div>

      {inModal && (
        <Dialog open={modalOpen} onOpenChange={setModalOpen} title={t('filters.title')}>
          {panel}
          <Button className="mt-6 w-full" onClick={() => setModalOpen(false)} data-testid="apply-filters">
            {meta ? t('filters.show', { n: meta.total_entries }) : t('filters.done')}
          </Button>
        </Dialog>
      )}
    </div>
  );
}
