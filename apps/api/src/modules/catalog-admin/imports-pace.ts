/**
 * How an import gives way to shoppers (IMPORT_PACE, issue 50): the size of its batches and its waits between them
 * and, on PostgreSQL, inside them.
 */

/** Rows per transaction of a real run (progress is saved with each). */
export const APPLY_BATCH = 250;

/** The longest wait between two batches (well inside the lease, which each batch renews). */
const PACE_WAIT_AT_MOST_MS = 5_000;

/**
 * While an import on the embedded database gives way to shoppers, its batches are sized to take about this long: a
 * batch's transaction holds the one connection every shopper's read waits for. 40 since a batch sends its
 * statements together (decision 040): bench:index-follow's import of 10,000 prices read a p99 of 199–205 ms with
 * batches of 40 ms (50 ms held each) against 245 ms with 100 ms (102 ms held), and took 28–34 s against 18 s.
 */
const PACED_BATCH_MS = 40;
const PACED_BATCH_AT_LEAST = 25;

/**
 * A batch's rows on PostgreSQL while the job gives way: each commit moves the catalog's version, and the shoppers'
 * lists under way then are made again at the new one (decision 009), so fewer, larger batches, each giving way
 * inside itself. Measured at 100,000 products (bench:index-follow, bench/results/index-follow-latest.md): 200
 * commits of 250 rows for 50,000 prices put p99 at 1.56–1.93× the quiet one, 50 of 1,000 at 1.07–1.36×.
 */
const PACED_SHARED_BATCH = 1_000;

/**
 * The next batch's rows: APPLY_BATCH; while the job gives way (`givingWay`), on the embedded database as many as
 * the last batch did in PACED_BATCH_MS, on PostgreSQL PACED_SHARED_BATCH.
 */
export function nextBatchSize(
  size: number,
  tookMs: number,
  givingWay: boolean,
  oneConnection: boolean,
): number {
  if (!givingWay) return APPLY_BATCH;
  if (!oneConnection) return PACED_SHARED_BATCH;
  const fit = Math.round((size * PACED_BATCH_MS) / Math.max(1, tookMs));
  return Math.max(PACED_BATCH_AT_LEAST, Math.min(APPLY_BATCH, fit));
}

/**
 * IMPORT_PACE when it is not set: a quarter of the time on PostgreSQL, a twentieth on the embedded database. There
 * each batch's transaction holds the one connection every shopper's read waits for, so each batch delays every
 * answer in flight at once, and p99 follows how many batches land a second, not how long each holds it
 * (decision 036). bench:index-follow at 100,000 products, 10,000 prices (2026-12-01, PGlite): p99 during the import
 * 1.14-1.40x the quiet one at 0.05 (the import 112-209 s), 1.47-1.91x at 0.1 (52-96 s), 1.98-2.69x at 0.25
 * (23-33 s). With no shopper on the instance it runs batch after batch whatever the share.
 */
export const importPaceOf = (setting: number | undefined, oneConnection: boolean) =>
  setting ?? (oneConnection ? EMBEDDED_IMPORT_PACE : SHARED_IMPORT_PACE);
const SHARED_IMPORT_PACE = 0.25;
const EMBEDDED_IMPORT_PACE = 0.05;

/** Waits after a batch that took `workedMs` so the job works `share` of the time. */
export function paceWait(workedMs: number, share: number | undefined): number {
  if (!share || share >= 1) return 0;
  return Math.min(PACE_WAIT_AT_MOST_MS, (workedMs * (1 - share)) / share);
}

/** The longest wait inside a batch's transaction: its rows stay locked meanwhile. */
export const PACE_WAIT_IN_TRANSACTION_AT_MOST_MS = 500;

/**
 * The longest wait inside a batch's transaction when idle transactions end after `idleInTransactionMs`
 * (DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS; 0: never): a quarter of it, at most 500 ms.
 */
export const inTransactionWaitAtMost = (idleInTransactionMs: number) =>
  idleInTransactionMs > 0
    ? Math.min(PACE_WAIT_IN_TRANSACTION_AT_MOST_MS, Math.floor(idleInTransactionMs / 4))
    : PACE_WAIT_IN_TRANSACTION_AT_MOST_MS;

/**
 * A job's waits: each waits so that the time worked since the last one is `share` of the time, while `busy` says
 * shoppers are being served (at most `atMostMs`).
 */
export function pacer(share: number | undefined, busy: () => boolean) {
  let since = performance.now();
  return async (atMostMs = PACE_WAIT_AT_MOST_MS) => {
    const wait = busy() ? Math.min(atMostMs, paceWait(performance.now() - since, share)) : 0;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    since = performance.now();
  };
}
