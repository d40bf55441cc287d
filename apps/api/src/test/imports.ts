/**
 * The products import through its routes, as the admin page uses it: a file sent as a multipart upload (a dry run
 * or for real), then followed until its job is done, with its rows' outcomes and reasons in `locale`.
 */
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { call } from './shoppers.ts';
import type { StaffAuth } from './staff.ts';

export type ImportDetail = {
  import: {
    id: number;
    status: string;
    added: number;
    changed: number;
    unchanged: number;
    refused: number;
    processed: number;
  };
  rows: {
    row_number: number;
    outcome: string;
    product_id: number | null;
    reasons: Record<string, string[]>;
  }[];
};

/** Sends `csv` to POST /v1/admin/imports and answers the job once it is done (it runs in the background). */
export async function importCsv(
  t: TestApp,
  staff: StaffAuth,
  csv: string,
  { dryRun = false, locale = 'en' }: { dryRun?: boolean; locale?: string } = {},
): Promise<ImportDetail> {
  const boundary = `----imports${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="dry_run"\r\n\r\n${dryRun}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="products.csv"\r\n` +
        'content-type: text/csv\r\n\r\n',
    ),
    Buffer.from(csv, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/admin/imports?locale=${locale}`,
    headers: { ...staff, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().import.id as number;
  for (let i = 0; i < 400; i++) {
    const r = await call(t.app, 'GET', `/v1/admin/imports/${id}?locale=${locale}&per_page=200`, staff);
    expect(r.status).toBe(200);
    if (r.body.import.status === 'done' || r.body.import.status === 'failed') return r.body as ImportDetail;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`import ${id} did not finish`);
}
