import type { AppContext } from './app.ts';
import { refreshCurrentPrices } from './modules/catalog/prices.ts';

/**
 * Periodic work. Every job is idempotent and safe to run from several instances at once.
 * - promotion prices follow the clock (a promotion starts or ends): once a minute.
 */
export function startJobs(ctx: AppContext): () => void {
  const run = () => {
    refreshCurrentPrices(ctx.db, ctx.clock.now()).catch((err: unknown) =>
      console.error('price refresh failed', err),
    );
  };
  run();
  const timer = setInterval(run, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
