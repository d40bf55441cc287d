import type { FastifyInstance } from 'fastify';

/**
 * Whether shoppers are being served on this instance right now: the last time a request other than the back
 * office's and the probes' arrived. A products import gives way to them (IMPORT_PACE) only then, and runs batch
 * after batch while nobody shops.
 */
export class ShoppersActivity {
  private last = -Infinity;
  constructor(private readonly withinMs = SHOPPERS_WITHIN_MS) {}
  seen(at = performance.now()) {
    this.last = at;
  }
  busy(at = performance.now()): boolean {
    return at - this.last <= this.withinMs;
  }
}

/** A shopper's request this recent counts as shoppers being served. */
export const SHOPPERS_WITHIN_MS = 2_000;

const NOT_SHOPPERS = /^\/(v1\/admin([/?]|$)|admin([/?]|$)|health|ready|metrics)/;

export function trackShoppers(app: FastifyInstance): ShoppersActivity {
  const activity = new ShoppersActivity();
  app.addHook('onRequest', async (req) => {
    if (!NOT_SHOPPERS.test(req.url)) activity.seen();
  });
  app.decorate('shoppers', activity);
  return activity;
}

declare module 'fastify' {
  interface FastifyInstance {
    shoppers: ShoppersActivity;
  }
}
