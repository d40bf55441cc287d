import type { ImageStore } from './adapters/image-store.ts';
import type { AppContext } from './app.ts';
import type { Database } from './db/client.ts';
import { refreshCurrentPrices } from './modules/catalog/prices.ts';
import { purgeExpired } from './modules/auth/service.ts';
import { releaseExpiredSessions } from './modules/payments/service.ts';
import { drainEvents } from './modules/orders/events.ts';
import { purgeExpiredStaffSessions } from './modules/staff/index.ts';
import { describeError } from './lib/logging.ts';
import { SWEEP_EVERY_MS, sweepUploads } from './lib/upload-sweep.ts';
import { runImports } from './modules/catalog-admin/imports-service.ts';

/**
 * Periodic work. Every job is idempotent and safe to run from several instances at once. A failure is logged as
 * describeError says (a database error by its SQLSTATE: Drizzle's own message carries the query's parameters).
 * - promotion prices follow the clock (a promotion starts or ends): once a minute.
 */
export function startJobs(
  ctx: AppContext,
  database?: Pick<Database, 'maintain'>,
  opts: { onCatalogWritten?: () => void; uploads?: ImageStore } = {},
): () => void {
  const run = () => {
    refreshCurrentPrices(ctx.db, ctx.clock.now()).catch((err: unknown) =>
      console.error('price refresh failed:', describeError(err)),
    );
  };
  run();
  const timer = setInterval(run, 60_000);
  timer.unref();
  // Expired sessions, old SMS codes and finished rate-limit windows: once an hour.
  const purge = () => {
    purgeExpired(ctx.db, ctx.clock.now()).catch((err: unknown) =>
      console.error('purge failed:', describeError(err)),
    );
    purgeExpiredStaffSessions(ctx.db, ctx.clock.now()).catch((err: unknown) =>
      console.error('staff session purge failed:', describeError(err)),
    );
  };
  const purgeTimer = setInterval(purge, 3_600_000);
  purgeTimer.unref();
  // Payment sessions whose key expired give their held stock back (exactly once, see payments/service.ts):
  // every 30 s, so stock is back within half a minute even if the shopper never returns.
  const release = () => {
    releaseExpiredSessions(ctx.db, ctx.clock.now()).catch((err: unknown) =>
      console.error('payment session release failed:', describeError(err)),
    );
  };
  const releaseTimer = setInterval(release, 30_000);
  releaseTimer.unref();
  // The outbox (modules/orders/events.ts): the shopper's SMS about their order and the hand-on mark, every 5 s,
  // safe on any number of instances.
  let draining = false;
  const drain = () => {
    if (draining) return;
    draining = true;
    drainEvents({ ...ctx, log: console })
      .catch((err: unknown) => console.error('outbox drain failed:', describeError(err)))
      .finally(() => (draining = false));
  };
  const drainTimer = setInterval(drain, 5_000);
  drainTimer.unref();
  // Products imports (catalog-admin/imports-service.ts): queued ones the upload's own run did not take, and those
  // an instance left half done when it died (its lease ran out), every 5 s, safe on any number of instances.
  const importLog = { error: (obj: object, msg: string) => console.error(msg, obj) };
  const imports = () => {
    runImports({ db: ctx.db, clock: ctx.clock, log: importLog, onWritten: opts.onCatalogWritten }).catch(
      (err: unknown) => console.error('import run failed:', describeError(err)),
    );
  };
  const importTimer = setInterval(imports, 5_000);
  importTimer.unref();
  // Embedded database upkeep (statistics, visibility map): every 6 hours. It pauses the embedded database for a
  // few seconds at 100,000 products (less for a smaller catalog); a PostgreSQL server needs none of it.
  const maintain = () => {
    database
      ?.maintain()
      .catch((err: unknown) => console.error('database upkeep failed:', describeError(err)));
  };
  const maintainTimer = setInterval(maintain, 6 * 3_600_000);
  maintainTimer.unref();
  // Uploaded icons and content pictures nothing names any more, 15 minutes after they were last written
  // (lib/upload-sweep.ts): every 10 minutes, safe on any number of instances.
  const uploadLog = { warn: (obj: object, msg: string) => console.warn(msg, obj) };
  const sweep = () => {
    if (!opts.uploads) return;
    sweepUploads(ctx.db, opts.uploads, ctx.clock.now(), uploadLog).catch((err: unknown) =>
      console.error('upload sweep failed:', describeError(err)),
    );
  };
  const sweepTimer = setInterval(sweep, SWEEP_EVERY_MS);
  sweepTimer.unref();
  return () => {
    clearInterval(maintainTimer);
    clearInterval(sweepTimer);
    clearInterval(timer);
    clearInterval(purgeTimer);
    clearInterval(releaseTimer);
    clearInterval(drainTimer);
    clearInterval(importTimer);
  };
}
