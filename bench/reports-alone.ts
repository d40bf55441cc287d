/**
 * npx tsx bench/reports-alone.ts — the sales report asked one at a time, by each group_by over 30 days (and a few
 * over a year), computed live from the orders (modules/reports/live.ts) and from the daily summaries (the route's
 * way, decision 033) in turn: the median of each, and whether their answers are equal (it stops if not). For the
 * bench:admin database (`npm run seed -- --orders 200000`):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/store_bench_admin_200000 npx tsx bench/reports-alone.ts
 *
 * N=7: rounds per report. Prints a Markdown table (bench/results/reports-latest.md keeps one).
 */
import { REPORT_GROUPS } from '@store/contracts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { liveRows } from '../apps/api/src/modules/reports/live.ts';
import { cairoDay, salesReport } from '../apps/api/src/modules/reports/service.ts';

if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: the PostgreSQL database to read');
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '', poolSize: 2 });
const now = new Date();
const to = cairoDay(now);
const day = (n: number) => new Date(Date.parse(to) - n * 86_400_000).toISOString().slice(0, 10);
const ranges = [
  ['30 days', { from: day(30), to }],
  ['365 days', { from: day(365), to }],
] as const;
const N = Number(process.env.N ?? 7);
const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log('| group_by | range | live ms (median) | summaries ms (median) | live ÷ summaries |');
console.log('|---|---|---:|---:|---:|');
for (const [rname, r] of ranges)
  for (const group_by of REPORT_GROUPS) {
    if (rname === '365 days' && !['product', 'month', 'day'].includes(group_by)) continue;
    const live: number[] = [];
    const sum: number[] = [];
    for (let i = 0; i < N; i++) {
      let t = performance.now();
      const a = await salesReport(database.db, { ...r, group_by }, now, 'en', liveRows);
      live.push(performance.now() - t);
      t = performance.now();
      const b = await salesReport(database.db, { ...r, group_by }, now, 'en');
      sum.push(performance.now() - t);
      if (JSON.stringify(a) !== JSON.stringify(b))
        throw new Error(`${group_by} ${rname}: summaries differ from live`);
    }
    const l = med(live);
    const s = med(sum);
    console.log(`| ${group_by} | ${rname} | ${l.toFixed(0)} | ${s.toFixed(1)} | ${(l / s).toFixed(0)}× |`);
  }
await database.close();
