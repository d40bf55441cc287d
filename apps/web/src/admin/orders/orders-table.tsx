import type { AdminOrderRow } from '@store/contracts/admin-orders';
import type { Locale } from '@store/contracts/constants';
import {
  createColumnHelper,
  functionalUpdate,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../components/status-badge';
import { count, dateTime, money } from '../lib/format';
import { sortingOf, sortOf, type OrderFilters } from './filters';
import { methodKey } from './labels';

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
const col = createColumnHelper<typeof features, AdminOrderRow>();

interface Props {
  rows: AdminOrderRow[];
  total: number;
  filters: OrderFilters;
  locale: Locale;
  /** The list's address (filters), so the order page can lead back to it. */
  backTo: string;
  onSortChange(sort: OrderFilters['sort']): void;
  /** The orders staff selected (bulk shipping and labels), and how the boxes change them. */
  selected: ReadonlySet<number>;
  onSelect(ids: number[], on: boolean): void;
}

const BOX =
  'size-5 cursor-pointer rounded border-slate-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * The orders of one page, as TanStack Table sees them in manual mode: the server sorts and pages (the table only
 * turns header clicks into the API's sort names); a table from 768 px, a list of cards below.
 */
export function OrdersTable({
  rows,
  total,
  filters,
  locale,
  backTo,
  onSortChange,
  selected,
  onSelect,
}: Props) {
  const { t } = useTranslation('admin');
  const ids = rows.map((r) => r.id);
  const allOn = ids.length > 0 && ids.every((id) => selected.has(id));
  const box = (o: AdminOrderRow) => (
    <input
      type="checkbox"
      className={BOX}
      checked={selected.has(o.id)}
      onChange={(e) => onSelect([o.id], e.target.checked)}
      aria-label={t('shipment.bulk.select', { id: o.order_number })}
      data-testid="order-select"
    />
  );

  const columns = useMemo(
    () =>
      col.columns([
        col.display({
          id: 'select',
          header: () => (
            <input
              type="checkbox"
              className={BOX}
              checked={allOn}
              onChange={(e) => onSelect(ids, e.target.checked)}
              aria-label={t('shipment.bulk.selectAll')}
              data-testid="orders-select-all"
            />
          ),
          cell: (c) => box(c.row.original),
        }),
        col.accessor('id', {
          header: () => t('orders.columns.number'),
          enableSorting: false,
          // The address holds the internal id; staff read the order's number (issue 43).
          cell: (c) => (
            <Link
              to={`/orders/${c.getValue()}`}
              state={{ back: backTo }}
              className="font-bold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              data-testid="order-link"
            >
              {t('orders.number', { id: c.row.original.order_number })}
            </Link>
          ),
        }),
        col.accessor('created_at', {
          header: () => t('orders.columns.date'),
          sortDescFirst: true,
          cell: (c) => dateTime(c.row.original.checkout_date ?? c.getValue(), locale),
        }),
        col.accessor((r) => r.customer.full_name, {
          id: 'customer',
          header: () => t('orders.columns.customer'),
          enableSorting: false,
          cell: (c) => (
            <span className="flex flex-col">
              <span>{c.getValue()}</span>
              <span className="text-xs text-slate-600" dir="ltr">
                {c.row.original.customer.phone_number}
              </span>
            </span>
          ),
        }),
        col.accessor('governorate', {
          header: () => t('orders.columns.governorate'),
          enableSorting: false,
          cell: (c) => c.getValue() ?? '—',
        }),
        col.accessor('payment_method', {
          header: () => t('orders.columns.method'),
          enableSorting: false,
          // Online: how it was paid too (card, wallet, kiosk, BNPL: the gateway's answer, issue 47).
          cell: (c) => (
            <>
              {t(`methods.${methodKey(c.getValue())}`)}
              {c.row.original.paid_with && (
                <span className="block text-xs text-slate-600" data-testid="order-paid-with">
                  {t(`order.payment.kinds.${c.row.original.paid_with}`)}
                  {c.row.original.paid_with_name && (
                    <>
                      {' · '}
                      <bdi>{c.row.original.paid_with_name}</bdi>
                    </>
                  )}
                </span>
              )}
            </>
          ),
        }),
        col.accessor('count', {
          header: () => t('orders.columns.items'),
          enableSorting: false,
          cell: (c) => count(c.getValue(), locale),
        }),
        col.accessor('total', {
          header: () => t('orders.columns.total'),
          sortDescFirst: true,
          cell: (c) => <span className="font-semibold whitespace-nowrap">{money(c.getValue())}</span>,
        }),
        col.accessor('status', {
          header: () => t('orders.columns.status'),
          enableSorting: false,
          cell: (c) => <StatusBadge status={c.getValue()} />,
        }),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the boxes follow the selection and the rows
    [t, locale, backTo, selected, allOn, rows],
  );

  const sorting = sortingOf(filters.sort);
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (r) => String(r.id),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    rowCount: total,
    state: { sorting, pagination: { pageIndex: filters.page - 1, pageSize: filters.per_page } },
    onSortingChange: (updater) => onSortChange(sortOf(functionalUpdate(updater, sorting as SortingState))),
  });

  const rowModel = table.getRowModel().rows;

  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block">
        <table className="w-full text-sm" data-testid="orders-table">
          <caption className="sr-only">{t('orders.caption')}</caption>
          <thead className="bg-slate-50 text-slate-700">
            {table.getHeaderGroups().map((g) => (
              <tr key={g.id}>
                {g.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  const canSort = h.column.getCanSort();
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                      className="px-3 py-2.5 text-start font-semibold whitespace-nowrap"
                    >
                      {canSort ? (
                        <button
                          type="button"
                          onClick={h.column.getToggleSortingHandler()}
                          className="inline-flex items-center gap-1 rounded hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                          data-testid={`sort-${h.column.id}`}
                        >
                          <table.FlexRender header={h} />
                          <span aria-hidden="true" className="text-xs">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={h} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rowModel.map((row) => (
              <tr
                key={row.id}
                className="border-t border-slate-100 hover:bg-slate-50"
                data-testid="order-row"
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2.5 align-middle">
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden" aria-label={t('orders.caption')}>
        {rowModel.map(({ original: o }) => (
          <li
            key={o.id}
            className="rounded-2xl border border-slate-200 bg-white p-4"
            data-testid="order-card"
          >
            <div className="mb-2 flex items-center justify-between gap-2">
              {box(o)}
              <Link
                to={`/orders/${o.id}`}
                state={{ back: backTo }}
                className="me-auto font-bold text-brand-700 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                {t('orders.number', { id: o.order_number })}
              </Link>
              <StatusBadge status={o.status} />
            </div>
            <p className="text-sm">
              {o.customer.full_name} ·{' '}
              <span dir="ltr" className="text-slate-600">
                {o.customer.phone_number}
              </span>
            </p>
            <p className="text-sm text-slate-600">
              {dateTime(o.checkout_date ?? o.created_at, locale)}
              {o.governorate ? ` · ${o.governorate}` : ''}
            </p>
            <div className="mt-2 flex items-center justify-between text-sm">
              <span>{t(`methods.${methodKey(o.payment_method)}`)}</span>
              <span className="font-bold">{money(o.total)}</span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
