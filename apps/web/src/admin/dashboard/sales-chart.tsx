import type { AdminDashboard } from '@store/contracts/admin-orders';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useLocaleStore } from '../../lib/locale-store';
import { count, money, shortDay } from '../lib/format';

type Day = AdminDashboard['daily'][number];

const BRAND = '#1272c2';
const ACCENT = '#d9880a';

/**
 * The last 30 days: sales as bars (EGP, first axis) and orders as a line (second axis), drawn by uPlot (about 20 KB,
 * fetched with the dashboard only). Time runs left to right in both languages, as on any chart; the legend under it
 * reads the 30 days' totals, and the day under the pointer while there is one (issue 43 item 17: it was blank
 * until then); the same figures are in a table below for keyboards and screen readers.
 */
export default function SalesChart({ days }: { days: Day[] }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((_, i) => i);
    const label = (i: number) => (days[i] ? shortDay(days[i].date, locale) : '');
    // No day under the pointer (uPlot asks with idx null): the legend shows the totals of every day drawn.
    const totalSales = Math.round(days.reduce((sum, d) => sum + d.sales * 100, 0)) / 100;
    const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
    const chart = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: 260,
        scales: { x: { time: false }, sales: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
        series: [
          {
            label: t('dashboard.chart.day'),
            value: (_u, v, _s, idx) =>
              idx == null ? t('dashboard.chart.allDays', { n: count(days.length, locale) }) : label(v),
          },
          {
            label: t('dashboard.chart.sales'),
            scale: 'sales',
            stroke: BRAND,
            fill: 'rgba(18, 114, 194, 0.35)',
            width: 1,
            paths: uPlot.paths.bars!({ size: [0.7, 40] }),
            points: { show: false },
            value: (_u, v, _s, idx) => (idx == null ? money(totalSales) : v == null ? '' : money(v)),
          },
          {
            label: t('dashboard.chart.orders'),
            scale: 'orders',
            stroke: ACCENT,
            width: 2,
            value: (_u, v, _s, idx) =>
              idx == null ? count(totalOrders, locale) : v == null ? '' : count(v, locale),
          },
        ],
        axes: [
          {
            values: (_u, ticks) => ticks.map((i) => (Number.isInteger(i) ? label(i) : '')),
            space: 60,
          },
          {
            scale: 'sales',
            values: (_u, ticks) => ticks.map((v) => count(v, locale)),
            size: 70,
          },
          {
            scale: 'orders',
            side: 1,
            grid: { show: false },
            values: (_u, ticks) => ticks.map((v) => (Number.isInteger(v) ? count(v, locale) : '')),
          },
        ],
      },
      [xs, days.map((d) => d.sales), days.map((d) => d.orders)],
      el,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(280, el.clientWidth), height: 260 }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, locale, t]);

  return (
    <figure className="min-w-0">
      <div ref={box} dir="ltr" className="w-full min-w-0" aria-hidden="true" data-testid="sales-chart" />
      <figcaption className="sr-only">{t('dashboard.chart.title')}</figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer rounded font-semibold text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
          {t('dashboard.chart.asTable')}
        </summary>
        <div className="mt-2 max-h-64 overflow-y-auto">
          <table className="w-full text-start">
            <thead>
              <tr className="text-slate-600">
                <th scope="col" className="py-1 text-start font-medium">
                  {t('dashboard.chart.day')}
                </th>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('dashboard.chart.sales')}
                </th>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('dashboard.chart.orders')}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.date} className="border-t border-slate-100">
                  <td className="py-1">{shortDay(d.date, locale)}</td>
                  <td className="py-1">{money(d.sales)}</td>
                  <td className="py-1">{count(d.orders, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
