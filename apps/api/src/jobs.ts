import type { ImageStore } from './adapters/image-store.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.ts';
import type { Metrics } from './lib/metrics.ts';
import type { Database } from './db/client.ts';
import { FULL_UPKEEP_AT_LEAST_EVERY_MS, UPKEEP_EVERY_MS } from './db/embedded-upkeep.ts';
import { followPromotionClock } from './modules/catalog/prices.ts';
import { trimCatalogChanges } from './modules/catalog/index.ts';
import { purgeExpired } from './modules/auth/service.ts';
import { releaseExpiredSessions } from './modules/payments/service.ts';
import { inquireLostSessions, type InquiryOptions } from './modules/payments/inquiry.ts';
import { drainEvents } from './modules/orders/events.ts';
import { pollCourierNews, TRACKING_POLL_EVERY_MS } from './modules/shipments/index.ts';
import { retryReceipts } from './modules/einvoicing/index.ts';
import { purgeExpiredStaffSessions, purgeOldStaffSignInFailures } from './modules/staff/index.ts';
import { describeError } from './lib/logging.ts';
import { sendAlertDigests } from './lib/staff-alerts.ts';
import { SWEEP_EVERY_MS, sweepUploads } from './lib/upload-sweep.ts';
import { runImports } from './modules/catalog-admin/imports-service.ts';
import { sendCartReminders, sendPriceDrops, sendStockAlerts } from './modules/alerts/index.ts';
import { foldReportSummaries, REPORT_FOLD_EVERY_MS } from './modules/reports/index.ts';

/**
 * Periodic work. Every job is idempotent and safe to run from several instances at once; a run never overlaps the
 * job's previous run. Each run logs through the app's pino logger with the job's name (`job`), and records its
 * last run and its failures for /metrics. A failure is logged as describeError says (a database error by its
 * SQLSTATE: Drizzle's own message carries the query's parameters).
 */
/** How often the outbox is drained: what "a placed order's message within seconds" rests on (issue 44). */
export const OUTBOX_EVERY_MS = 1_000;
/** How often e-receipts left unsent are sent again and the ETA's verdicts read (ETA_RECEIPTS=on). */
export const ETA_RECEIPTS_EVERY_MS = 300_000;

export interface JobsOptions {
  onCatalogWritten?: () => void;
  uploads?: ImageStore;
  /** When the gateway is asked about sessions that expired without a callback (PAYMENT_INQUIRY_*). */
  paymentInquiry?: InquiryOptions;
  /** ABANDONED_CART_HOURS (default 24): how long a cart is left before its reminder. */
  abandonedCartHours?: number;
  /** IMPORT_PACE: the share of the time an import's batches may take (default: batch after batch). */
  importPace?: number;
  /**
   * Whether shoppers are being served on this instance: an import waits only then. Unset (a worker, which serves
   * none, beside web instances on the same database): it always waits.
   */
  shoppersBusy?: () => boolean;
  /** The embedded database: an import's batches are sized to hold its one connection briefly while it gives way. */
  oneConnection?: boolean;
  /** The longest wait inside an import's batch (ImportRunContext.waitInTransactionAtMostMs). */
  importWaitInTransactionMs?: number;
}

interface JobApp {
  ctx: AppContext;
  log: FastifyBaseLogger;
  metrics?: Pick<Metrics, 'jobRan'>;
}

export function startJobs(
  app: JobApp,
  database?: Pick<Database, 'upkeep'>,
  opts: JobsOptions = {},
  /** Jobs to run once at start besides their schedule (tests). */
  { runAtStart = [] }: { runAtStart?: string[] } = {},
): () => void {
  const { ctx } = app;
  const timers: NodeJS.Timeout[] = [];
  const every = (
    job: string,
    ms: number,
    work: (log: FastifyBaseLogger) => Promise<unknown>,
    { now = false }: { now?: boolean } = {},
  ) => {
    const log = app.log.child({ job });
    let running = false;
    const run = () => {
      if (running) return;
      running = true;
      work(log)
        .then(
          () => app.metrics?.jobRan(job, true),
          (err: unknown) => {
            app.metrics?.jobRan(job, false);
            log.error({ err: describeError(err) }, `${job} failed`);
          },
        )
        .finally(() => (running = false));
    };
    if (now || runAtStart.includes(job)) run();
    const timer = setInterval(run, ms);
    timer.unref();
    timers.push(timer);
  };
  // Promotion prices follow the clock (a promotion starts or ends): once a minute, and at start (every product then;
  // after that, only those of the promotions that started or ended since).
  const repriceByClock = followPromotionClock(ctx.db);
  every('prices', 60_000, () => repriceByClock(ctx.clock.now()), { now: true });
  // Expired sessions, old SMS codes, finished rate-limit windows, month-old failed staff sign-ins and the catalog
  // change log's notes past an hour: once an hour.
  every('purge', 3_600_000, async () => {
    await purgeExpired(ctx.db, ctx.clock.now());
    await trimCatalogChanges(ctx.db);
    await purgeExpiredStaffSessions(ctx.db, ctx.clock.now());
    await purgeOldStaffSignInFailures(ctx.db, ctx.clock.now());
  });
  // Payment sessions whose key expired give their held stock back (exactly once, see payments/service.ts):
  // every 30 s, so stock is back within half a minute even if the shopper never returns.
  every('payment-release', 30_000, () => releaseExpiredSessions(ctx.db, ctx.clock.now()));
  // Sessions that expired without any callback: the gateway is asked whether they were paid after all (a lost
  // callback), once a minute; a paid one becomes its order, or its money goes back (payments/inquiry.ts).
  every('payment-inquiry', 60_000, (log) =>
    inquireLostSessions(
      { db: ctx.db, provider: ctx.payments, now: ctx.clock.now(), log },
      opts.paymentInquiry,
    ),
  );
  // The outbox (modules/orders/events.ts): the shopper's message at each order step and the hand-on mark, every
  // second (a placed order's SMS leaves within seconds; with nothing due it is one look at a partial index), safe
  // on any number of instances.
  every('outbox', OUTBOX_EVERY_MS, (log) => drainEvents({ ...ctx, log }));
  // Couriers without a webhook (COURIER=aramex or mylerz): their parcels' news asked for every 10 minutes.
  if (ctx.courier.name === 'aramex' || ctx.courier.name === 'mylerz')
    every('courier-tracking', TRACKING_POLL_EVERY_MS, (log) => pollCourierNews({ ...ctx, log }));
  // Egypt's e-receipts (issue 47, ETA_RECEIPTS=on): what the outbox could not send (the ETA was down) goes again in
  // order, and the ETA's verdicts (valid, or invalid with its reasons) are read, every 5 minutes.
  const eta = ctx.invoicing?.eta;
  if (eta)
    every('e-receipts', ETA_RECEIPTS_EVERY_MS, (log) =>
      retryReceipts({ db: ctx.db, clock: ctx.clock, eta, log }),
    );
  // Staff alerts (lib/staff-alerts.ts): what accumulated, one digest per member who asked, every minute; safe on
  // any number of instances (the rows are claimed with skip locked).
  every('staff-alerts', 60_000, (log) => sendAlertDigests({ ...ctx, log }));
  // Shoppers' alerts and abandoned carts (modules/alerts, issue 49): products back in stock, the wishlist's price
  // drops (at most one message a day per shopper) and a reminder per abandoned cart on the channels the owner ticked,
  // every minute, each batch claimed before it is sent, so safe on any number of instances and never sent twice.
  every('alerts', 60_000, async (log) => {
    const alerts = { ...ctx, log };
    await sendStockAlerts(alerts);
    await sendPriceDrops(alerts);
    await sendCartReminders(alerts, opts.abandonedCartHours ?? 24);
  });
  // The sales report's daily summaries (modules/reports/fold.ts, decision 033): the rows the database's triggers
  // added since, summed into one per day and key, every 10 minutes; safe on any number of instances.
  every('report-fold', REPORT_FOLD_EVERY_MS, () => foldReportSummaries(ctx.db));
  // Products imports (catalog-admin/imports-service.ts): queued ones the upload's own run did not take, and those
  // an instance left half done when it died (its lease ran out), every 5 s, safe on any number of instances.
  every('imports', 5_000, (log) =>
    runImports({
      db: ctx.db,
      clock: ctx.clock,
      log,
      onWritten: opts.onCatalogWritten,
      pace: opts.importPace,
      shoppersBusy: opts.shoppersBusy,
      oneConnection: opts.oneConnection,
      waitInTransactionAtMostMs: opts.importWaitInTransactionMs,
    }),
  );
  // The embedded database's upkeep (it has no autovacuum: db/embedded-upkeep.ts): once a minute, the tables that
  // changed past autovacuum's bounds are vacuumed and analyzed, while shoppers are served only those overrun by dead
  // rows. Each pauses the embedded database (about 1 s for products at 100,000); a PostgreSQL server needs none.
  // With shoppers browsing for 6 hours on end, what is due is done all the same (as the whole upkeep every 6 hours
  // was before).
  const upkeep = database?.upkeep;
  let fullUpkeepAt = Date.now();
  if (upkeep)
    every('database-upkeep', UPKEEP_EVERY_MS, async (log) => {
      const began = performance.now();
      const busy =
        (opts.shoppersBusy?.() ?? false) && Date.now() - fullUpkeepAt < FULL_UPKEEP_AT_LEAST_EVERY_MS;
      const done = await upkeep(busy);
      if (!busy) fullUpkeepAt = Date.now();
      if (done.length)
        log.info({ tables: done, ms: Math.round(performance.now() - began) }, 'embedded database vacuumed');
    });
  // Uploaded icons and content pictures nothing names any more, 15 minutes after they were last written
  // (lib/upload-sweep.ts): every 10 minutes, safe on any number of instances.
  const uploads = opts.uploads;
  if (uploads)
    every('upload-sweep', SWEEP_EVERY_MS, (log) => sweepUploads(ctx.db, uploads, ctx.clock.now(), log));
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
