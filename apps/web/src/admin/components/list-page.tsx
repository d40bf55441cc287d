import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { ErrorBox, LoadError } from './messages';

/**
 * The back office's list page kit: a list's filters and page in the address (`useListFilters`), a pager
 * (`Pager`), a table (`DataTable`) and the page around them (`ListPage`: its title and buttons, what was just
 * done or refused, and the list once read, with its loading, failed and empty states).
 */

/** What a list page needs of its read (a React Query result, or several read as one). */
export interface ListRead<D> {
  data: D | undefined;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

/**
 * A list's filters (`names`) and its page, read from the address's search parameters and written there: a link
 * or Back shows the same list. An empty filter and page 1 are left out of the address. A new filter goes back to
 * the first page.
 */
export function useListFilters<K extends string>(names: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((n) => [n, params.get(n) ?? ''])) as Record<K, string>;
  const asked = Number(params.get('page') ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const write = useCallback(
    (patch: Record<string, string | number>, replace: boolean) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(patch)) {
            if (value === '' || (name === 'page' && value === 1)) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return {
    values,
    page,
    /** New filter values: the list from its first page. */
    setFilters: (patch: Partial<Record<K, string>>) =>
      write({ ...(patch as Record<string, string>), page: 1 }, false),
    /** Another page; `replace` when the page shown is corrected (past the last), not chosen. */
    setPage: useCallback((to: number, replace = false) => write({ page: to }, replace), [write]),
  };
}

/** How many pages `total` rows make, `perPage` a page (at least one: an empty list is one empty page). */
export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/** A list's pages: what is shown (`info`, e.g. "51 synonyms · page 1 of 2") and the previous and next buttons. */
export function Pager({
  page,
  pages,
  onPage,
  label,
  info,
  infoTestId,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
  /** The navigation's name, for screen readers. */
  label: string;
  info: ReactNode;
  infoTestId?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <nav
      className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700"
      aria-label={label}
    >
      <span data-testid={infoTestId}>{info}</span>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('list.previous')}
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('list.next')}
        </Button>
      </div>
    </nav>
  );
}

/** A column of a `DataTable`: its header and each row's cell. */
export interface Column<T> {
  key: string;
  /** Its header; a column of buttons names itself for screen readers only (`srOnly`). */
  header: ReactNode;
  srOnly?: boolean;
  cell(row: T): ReactNode;
  /** More classes of its cells (`whitespace-nowrap`, `text-end`). */
  className?: string;
}

/** A table of rows, scrolling sideways on a narrow screen rather than squeezing its columns. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowTestId,
  testId,
  minWidth,
}: {
  /** The table's name, for screen readers. */
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey(row: T): string | number;
  rowTestId?(row: T): string;
  testId?: string;
  /** The width below which it scrolls (`min-w-[44rem]`). */
  minWidth?: string;
}) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className={`w-full text-sm ${minWidth ?? ''}`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className="p-3 text-start">
                {c.srOnly ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
              {columns.map((c) => (
                <td key={c.key} className={`p-3 ${c.className ?? ''}`}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A sentence where a list has no rows. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-700">{children}</p>
  );
}

/**
 * A list page: its title (an h1, when the page has none above it) and buttons, an introduction, then what was
 * just done (`notice`) or refused (`failure`), then the list: a placeholder while it is read, the error with a
 * retry if it failed, `empty` when it has no rows, else `children`. `top` comes before the notices (a form that
 * adds a row), `filters` after them, `dialogs` last (shown whatever the list's state).
 */
export function ListPage<D>({
  title,
  actions,
  intro,
  top,
  notice,
  noticeTestId,
  failure,
  filters,
  read,
  empty,
  children,
  dialogs,
  className = 'mx-auto flex max-w-5xl flex-col gap-4',
}: {
  title?: string;
  actions?: ReactNode;
  intro?: ReactNode;
  top?: ReactNode;
  notice?: string | null;
  noticeTestId?: string;
  failure?: string[];
  filters?: ReactNode;
  read: ListRead<D>;
  /** The sentence when the list read has no rows, or null when it has some. */
  empty(data: D): ReactNode;
  children(data: D): ReactNode;
  dialogs?: ReactNode;
  className?: string;
}) {
  const nothing = read.data === undefined ? null : empty(read.data);
  return (
    <div className={className}>
      {(title || actions) && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {title && <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>}
          {actions}
        </div>
      )}
      {intro}
      {top}
      {/* Where the page says what was done: there from the start, so that what comes is read out. */}
      {(notice !== undefined || failure !== undefined) && (
        <div aria-live="polite">
          <ErrorBox messages={failure ?? []} />
          {notice && (
            <p className="text-sm text-emerald-800" data-testid={noticeTestId}>
              {notice}
            </p>
          )}
        </div>
      )}
      {filters}
      {read.isError ? (
        <LoadError error={read.error} onRetry={() => void read.refetch()} />
      ) : read.data === undefined ? (
        <Skeleton className="h-64" />
      ) : nothing !== null && nothing !== false ? (
        <EmptyList>{nothing}</EmptyList>
      ) : (
        children(read.data)
      )}
      {dialogs}
    </div>
  );
}
