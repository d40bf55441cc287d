import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { productMaker } from '../test/shoppers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ catalogCacheMs: 10_000, metricsToken: 'scrape-token-123' });
  await (
    await productMaker(t.database.db, t.clock.now())
  )(1000, 5);
});
afterAll(() => t.close());

const scrape = async (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
/** A metric's value without labels (NaN when the text has none). */
const read = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);

describe('/metrics', () => {
  it('counts requests by route pattern and status, with latency, and the catalog cache by outcome', async () => {
    await t.app.inject({ method: 'GET', url: '/v1/products?page=1' });
    await t.app.inject({ method: 'GET', url: '/v1/products?page=1' });
    await t.app.inject({ method: 'GET', url: '/v1/products/424242' });
    const r = await scrape();
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = r.body;
    expect(text).toMatch(/store_http_requests_total\{method="GET",route="\/v1\/products",status="200"\} 2/);
    expect(text).toMatch(
      /store_http_requests_total\{method="GET",route="\/v1\/products\/:id",status="404"\} 1/,
    );
    expect(text).toMatch(
      /store_http_request_duration_seconds_count\{method="GET",route="\/v1\/products",status_class="2xx"\} 2/,
    );
    expect(text).toMatch(/store_catalog_cache_answers_total\{result="miss"\} 1/);
    expect(text).toMatch(/store_catalog_cache_answers_total\{result="hit"\} 1/);
  });

  it('reads the outbox backlog, the messages and the jobs when scraped', async () => {
    t.app.metrics.jobRan('outbox', true, new Date('2026-11-29T10:00:00Z'));
    t.app.metrics.jobRan('outbox', false, new Date('2026-11-29T10:00:05Z'));
    const text = (await scrape()).body;
    expect(text).toMatch(/^store_outbox_backlog \d+$/m);
    expect(text).toMatch(/^store_outbox_oldest_age_seconds [\d.]+$/m);
    expect(text).toMatch(/^store_outbox_failing \d+$/m);
    expect(text).toMatch(/store_job_last_run_timestamp_seconds\{job="outbox"\} 1795946405/);
    expect(text).toMatch(/store_job_last_success_timestamp_seconds\{job="outbox"\} 1795946400/);
    expect(text).toMatch(/store_job_failures_total\{job="outbox"\} 1/);
    expect(text).toMatch(/^store_catalog_index_version \d+$/m);
    expect(text).toMatch(/^store_process_/m);
  });

  it('is open to this machine, or with the bearer token; to nobody else', async () => {
    expect((await scrape({}, '10.1.2.3')).statusCode).toBe(403);
    expect((await scrape({ authorization: 'Bearer wrong-token-xyz' }, '10.1.2.3')).statusCode).toBe(403);
    expect((await scrape({ 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    expect((await scrape({ authorization: 'Bearer scrape-token-123' }, '10.1.2.3')).statusCode).toBe(200);
  });

  it('says, on the embedded database, how long transactions held its one connection and their round trips', async () => {
    const before = (await scrape()).body;
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // The server's thread busy elsewhere: the connection held, its statements not working.
      await new Promise((r) => setTimeout(r, 60));
      await tx.execute(sql`select 2`);
    });
    const after = (await scrape()).body;
    if (t.database.kind === 'postgres') {
      expect(after).not.toMatch(/^store_embedded_database_transactions /m);
      return;
    }
    expect(read(after, 'store_embedded_database_transactions')).toBe(
      read(before, 'store_embedded_database_transactions') + 1,
    );
    // BEGIN with the first statement, the second, COMMIT.
    expect(read(after, 'store_embedded_database_transaction_round_trips')).toBe(
      read(before, 'store_embedded_database_transaction_round_trips') + 3,
    );
    const held =
      read(after, 'store_embedded_database_transaction_held_seconds') -
      read(before, 'store_embedded_database_transaction_held_seconds');
    const busy =
      read(after, 'store_embedded_database_transaction_busy_seconds') -
      read(before, 'store_embedded_database_transaction_busy_seconds');
    expect(held).toBeGreaterThanOrEqual(0.055);
    expect(busy).toBeGreaterThan(0);
    // The wait between the statements is held, not worked.
    expect(held - busy).toBeGreaterThanOrEqual(0.055);
  });

  it('says, on the embedded database, how long each turn held its one connection: a statement alone, a transaction', async () => {
    const count = (text: string) => read(text, 'store_embedded_database_hold_seconds_count');
    // Turns that held it longer than a quarter of a second.
    const over = (text: string) =>
      count(text) - read(text, 'store_embedded_database_hold_seconds_bucket\\{le="0.25"\\}');
    const before = (await scrape()).body;
    // One statement outside a transaction (as a bulk price change is: decision 047) working 300 ms, and a short one.
    await t.database.db.execute(sql`select pg_sleep(0.3)`);
    await t.database.db.execute(sql`select 1`);
    // A transaction holding it 300 ms while the server's thread is busy elsewhere.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise((r) => setTimeout(r, 300));
    });
    const after = (await scrape()).body;
    if (t.database.kind === 'postgres') {
      expect(after).not.toMatch(/^store_embedded_database_hold_seconds/m);
      return;
    }
    expect(over(after) - over(before)).toBe(2);
    expect(count(after) - count(before)).toBeGreaterThanOrEqual(3); // the short one too
    const sum = (text: string) => read(text, 'store_embedded_database_hold_seconds_sum');
    expect(sum(after) - sum(before)).toBeGreaterThanOrEqual(0.6);
  });
});
