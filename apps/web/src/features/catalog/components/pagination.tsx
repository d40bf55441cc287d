import { useNamespace } from '../../../lib/i18n';
import { listingTexts } from '../../../i18n/listing';
import { Link } from 'react-router';
import { ChevronEndIcon, ChevronStartIcon } from '../../../ui/icons';

/** The page numbers to show: first, last, and two around the current one, with gaps (null) between. */
export function pageWindow(current: number, total: number): (number | null)[] {
  const wanted = new Set([1, total, current - 1, current, current + 1].filter((n) => n >= 1 && n <= total));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push(n - sorted[i - 1]! === 2 ? n - 1 : null);
    out.push(n);
  });
  return out;
}

const cell =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-700';

/** Numbered pages as links (each page has its own URL). `current` is the highlighted page. */
export function Pagination({
  current,
  total,
  hrefOf,
}: {
  current: number;
  total: number;
  hrefOf(page: number): string;
}) {
  const { t } = useNamespace('listing', listingTexts);
  if (total <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="flex justify-center" data-testid="pagination">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {current > 1 ? (
            <Link
              to={hrefOf(current - 1)}
              className={`${cell} text-slate-700 hover:bg-slate-100`}
              aria-label={t('pagination.previous')}
            >
              <ChevronStartIcon size={18} />
            </Link>
          ) : (
            <span className={`${cell} text-slate-300`} aria-hidden="true">
              <ChevronStartIcon size={18} />
            </span>
          )}
        </li>
        {pageWindow(current, total).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="px-1 text-slate-500" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={hrefOf(n)}
                aria-current={n === current ? 'page' : undefined}
                aria-label={t('pagination.page', { n })}
                className={`${cell} ${n === current ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < total ? (
            <Link
              to={hrefOf(current + 1)}
              className={`${cell} text-slate-700 hover:bg-slate-100`}
              aria-label={t('pagination.next')}
            >
              <ChevronEndIcon size={18} />
            </Link>
          ) : (
            <span className={`${cell} text-slate-300`} aria-hidden="true">
              <ChevronEndIcon size={18} />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
