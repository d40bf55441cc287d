/**
 * A job's page (GET /v1/admin/imports/{id}), polled each second while the job runs: its refused rows first, then the
 * others in file order, page by page, and each page read without reading every row of the job (on the embedded
 * database the one connection every shopper's read waits for was held about 20 ms a poll at 10,000 rows).
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { importDetail, jobRowsPage } from './imports-service.ts';

let t: TestApp;
let jobId: number;
const ROWS = 3_000;
const REFUSED = [1_000, 2_500];

beforeAll(async () => {
  t = await createTestApp();
  const [job] = await rows<{ id: number }>(
    t.database.db,
    sql`insert into import_jobs (file_name, dry_run, status, total, processed, changed, refused)
      values ('page.csv', false, 'done', ${ROWS}, ${ROWS}, ${ROWS - REFUSED.length - 1}, ${REFUSED.length})
      returning id`,
  );
  jobId = Number(job!.id);
  // Rows 2 to 3001 (the header is row 1): two refused in the middle, one unchanged, the rest changed.
  await t.database.db.execute(
    sql`insert into import_rows (job_id, row_number, outcome, reasons)
      select ${jobId}, n,
        case when n in (${REFUSED[0]}, ${REFUSED[1]}) then 'refused' when n = 7 then 'unchanged' else 'changed' end,
        case when n in (${REFUSED[0]}, ${REFUSED[1]}) then '{"price": ["price_invalid"]}'::jsonb else '{}'::jsonb end
      from generate_series(2, ${ROWS + 1}) n`,
  );
});
afterAll(() => t?.close());

const page = async (p: number, perPage: number, outcome?: 'refused' | 'changed' | 'unchanged') => {
  const d = await importDetail(t.database.db, jobId, { page: p, per_page: perPage, outcome }, 'en');
  return { rows: d.rows.map((r) => [r.row_number, r.outcome]), meta: d.meta };
};

describe("a job's page", () => {
  it('shows the refused rows first, then the others in file order, across pages', async () => {
    const first = await page(1, 3);
    expect(first.rows).toEqual([
      [1_000, 'refused'],
      [2_500, 'refused'],
      [2, 'changed'],
    ]);
    expect(first.meta).toMatchObject({ total_entries: ROWS, next_page: 2 });
    expect((await page(2, 3)).rows).toEqual([
      [3, 'changed'],
      [4, 'changed'],
      [5, 'changed'],
    ]);
    expect((await page(3, 3)).rows).toEqual([
      [6, 'changed'],
      [7, 'unchanged'],
      [8, 'changed'],
    ]);
    // The last page: the file's last row, the refused ones not shown again.
    const last = await page(ROWS / 3, 3);
    expect(last.rows).toEqual([
      [2_999, 'changed'],
      [3_000, 'changed'],
      [3_001, 'changed'],
    ]);
    expect(last.meta.next_page).toBeNull();
  });

  it('filtered by an outcome, shows only those, in file order', async () => {
    expect((await page(1, 50, 'refused')).rows).toEqual([
      [1_000, 'refused'],
      [2_500, 'refused'],
    ]);
    expect((await page(1, 50, 'unchanged')).rows).toEqual([[7, 'unchanged']]);
    const changed = await page(2, 2, 'changed');
    expect(changed.rows).toEqual([
      [4, 'changed'],
      [5, 'changed'],
    ]);
    expect(changed.meta.total_entries).toBe(ROWS - 3);
  });

  it("reads a first page without reading every row of the job (the poll's)", async () => {
    // Every statement the page sends, explained as run (the rows each scan of import_rows gave).
    const read: number[] = [];
    const explaining = new Proxy(t.database.db, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return async (q: SQL) => {
          const [plan] = (
            (await target.execute(sql`explain (analyze, format json) ${q}`)) as unknown as {
              rows: { 'QUERY PLAN': unknown }[];
            }
          ).rows;
          const raw = plan!['QUERY PLAN'];
          const tree = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
          let n = 0;
          const walk = (p: PlanNode) => {
            if (p['Relation Name'] === 'import_rows') n += p['Actual Rows'] * p['Actual Loops'];
            for (const c of p.Plans ?? []) walk(c);
          };
          walk(tree[0]!.Plan);
          read.push(n);
          return target.execute(q);
        };
      },
    });
    const rowsOf = await jobRowsPage(explaining, jobId, null, 50, 1);
    expect(rowsOf.map((r) => r.row_number).slice(0, 3)).toEqual([1_000, 2_500, 2]);
    expect(read.length).toBeGreaterThan(0);
    // The refused two and the first rows of the file, not the 3,000.
    expect(read.reduce((a, b) => a + b, 0)).toBeLessThan(ROWS / 5);
  });
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}
