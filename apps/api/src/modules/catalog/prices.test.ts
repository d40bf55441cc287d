import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct, addPromotion } from '../../test/fixtures.ts';
import { followPromotionClock, PROMOTION_CLOCK_SLACK_MS } from './prices.ts';

const minute = 60_000;
const hour = 60 * minute;

describe("the minute job's prices follow the promotions' clock", () => {
  let t: TestApp;
  let t0: Date;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    t0 = t.clock.now();
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const cat = await addCategory(db, 'Fans', 'مراوح');
    const brand = await addBrand(db, 'Tornado', 'تورنيدو');
    const product = (titleEn: string, promotionId: number) =>
      addProduct(db, {
        titleEn,
        titleAr: `${titleEn} عربي`,
        categoryId: cat.id,
        brandId: brand.id,
        priceEgp: 1000,
        promotionId,
        promotedEgp: 800,
      });
    // Ends 10 minutes from now; starts in 20 minutes; runs for a month.
    const ending = await addPromotion(db, 'ending', at(-hour), at(10 * minute));
    const starting = await addPromotion(db, 'starting', at(20 * minute), at(10 * 24 * hour));
    const steady = await addPromotion(db, 'steady', at(-hour), at(30 * 24 * hour));
    ids.ending = (await product('Ending fan', ending.id)).id;
    ids.starting = (await product('Starting fan', starting.id)).id;
    ids.steady = (await product('Steady fan', steady.id)).id;
  });
  afterAll(() => t.close());

  const price = async (id: number) =>
    (
      await t.database.db
        .select({ current: products.currentPricePiastres })
        .from(products)
        .where(eq(products.id, id))
    )[0]!.current;
  /** A price written behind the store's back: only a run that reads the product puts it right. */
  const scribble = (id: number) =>
    t.database.db.update(products).set({ currentPricePiastres: 1 }).where(eq(products.id, id));

  it('reprices the products of promotions that started or ended since the run before, and only those', async () => {
    const run = followPromotionClock(t.database.db);
    const at = (ms: number) => new Date(t0.getTime() + ms);
    // The first run reads every product.
    await scribble(ids.steady!);
    await run(at(0));
    expect([await price(ids.ending!), await price(ids.starting!), await price(ids.steady!)]).toEqual([
      80_000, 100_000, 80_000,
    ]);

    // Nothing started or ended in these minutes: no product is read (the one written by hand stays wrong).
    await scribble(ids.steady!);
    expect(await run(at(minute))).toBe(0);
    expect(await price(ids.steady!)).toBe(1);

    // One promotion ended: its product goes back to its price.
    expect(await run(at(11 * minute))).toBe(1);
    expect(await price(ids.ending!)).toBe(100_000);
    // The other started (a run missed in between: the clock jumped 10 minutes): its product takes its promotion.
    expect(await run(at(21 * minute))).toBe(1);
    expect(await price(ids.starting!)).toBe(80_000);
    expect(await price(ids.steady!)).toBe(1);

    // A crossing within the slack before the last run is looked at again (new dates committed late are seen).
    await scribble(ids.starting!);
    expect(await run(at(21 * minute + PROMOTION_CLOCK_SLACK_MS - minute))).toBe(1);
    expect(await price(ids.starting!)).toBe(80_000);

    // The clock went back (a machine's clock set right): every product is read again.
    expect(await run(at(minute))).toBeGreaterThanOrEqual(2);
    expect([await price(ids.ending!), await price(ids.starting!), await price(ids.steady!)]).toEqual([
      80_000, 100_000, 80_000,
    ]);
  });
});
