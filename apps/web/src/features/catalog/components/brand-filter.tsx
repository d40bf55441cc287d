import * as Checkbox from '@radix-ui/react-checkbox';
import { useEffect, useId, useRef } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { listingTexts } from '../../../i18n/listing';
import { Spinner } from '../../../ui/spinner';
import type { ProductListFacet } from '@store/contracts/catalog';
import { useInfiniteBrands } from '../api/get-brand-pages';

const BRANDS_PER_PAGE = 10;

/**
 * Brand checkboxes (spec §2) loaded page by page: the next page comes when the end of the list scrolls into
 * view, or with the "More brands" button, as long as the API gives a next_page.
 */
export function BrandFilter({
  categoryId,
  selected,
  onChange,
  counts,
}: {
  categoryId?: number;
  selected: number[];
  onChange(ids: number[]): void;
  /** A search's brands with how many of its products each holds: only these are offered, with their counts. */
  counts?: ProductListFacet[];
}) {
  const { t } = useNamespace('listing', listingTexts);
  const id = useId();
  const q = useInfiniteBrands({ category_id: categoryId, per_page: BRANDS_PER_PAGE });
  const countOf = new Map(counts?.map((c) => [c.id, c.count]));
  const brands = counts
    ? [
        ...counts,
        // A brand still ticked keeps its box, even when the search no longer finds it.
        ...(q.data?.pages.flatMap((p) => p.brands) ?? []).filter(
          (b) => selected.includes(b.id) && !countOf.has(b.id),
        ),
      ]
    : (q.data?.pages.flatMap((p) => p.brands) ?? []);
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root: scroller.current, rootMargin: '40px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const toggle = (brandId: number, on: boolean) =>
    onChange(on ? [...selected, brandId] : selected.filter((b) => b !== brandId));

  return (
    <fieldset data-testid="brand-filter">
      <legend className="mb-2 font-bold text-slate-900">{t('filters.brands')}</legend>
      {q.isPending && !counts ? (
        <Spinner size={22} />
      ) : brands.length === 0 ? (
        <p className="text-sm text-slate-600">{t('filters.noBrands')}</p>
      ) : (
        <div ref={scroller} className="-mx-1 max-h-64 overflow-y-auto px-1">
          <ul className="space-y-1">
            {brands.map((b) => {
              const cid = `${id}-${b.id}`;
              const checked = selected.includes(b.id);
              return (
                <li key={b.id} className="flex items-center gap-2 py-1">
                  <Checkbox.Root
                    id={cid}
                    checked={checked}
                    onCheckedChange={(v) => toggle(b.id, v === true)}
                    className="flex size-5 shrink-0 items-center justify-center rounded border border-slate-400 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700"
                  >
                    <Checkbox.Indicator className="text-white">
                      <svg
                        width="14"
                        height="14"
                        viewBox="0 0 24 24"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="3"
                        aria-hidden="true"
                      >
                        <path d="m5 12 5 5 9-10" />
                      </svg>
                    </Checkbox.Indicator>
                  </Checkbox.Root>
                  <label htmlFor={cid} className="cursor-pointer text-sm text-slate-800">
                    <bdi>{b.name}</bdi>
                    {/* A space of its own, not a margin: read aloud and copied, "Samsung (65)", not "Samsung(65)". */}
                    {countOf.has(b.id) && (
                      <>
                        {' '}
                        <span className="text-xs text-slate-500 tabular-nums">({countOf.get(b.id)})</span>
                      </>
                    )}
                  </label>
                </li>
              );
            })}
          </ul>
          <div ref={sentinel} aria-hidden="true" className="h-px" />
          {isFetchingNextPage && <Spinner size={20} className="my-1" />}
        </div>
      )}
      {!counts && hasNextPage && !isFetchingNextPage && (
        <button
          type="button"
          onClick={() => void fetchNextPage()}
          className="mt-2 text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {t('filters.moreBrands')}
        </button>
      )}
    </fieldset>
  );
}
