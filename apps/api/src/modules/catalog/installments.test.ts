import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankInstallments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBanks, productMaker } from '../../test/shoppers.ts';
import { ownerCatalogClerk } from '../../test/staff.ts';
import { phoneOptions, putVariants } from '../../test/variants.ts';

/**
 * What a shopper sees of installments before buying (issue 16): the lowest monthly amount on every card and the
 * product page, and the full table per bank and plan, from the one calculator in contracts and the plans in the
 * database; a plan changed shows at once.
 */
describe('installments on cards and the product page', () => {
  let t: TestApp;
  let product: { id: number };
  let plans: Awaited<ReturnType<typeof addBanks>>['plans'];

  beforeAll(async () => {
    t = await createTestApp();
    ({ plans } = await addBanks(t.database.db));
    // CIB 6 months 0% with a 3% fee; CIB 12 months 12% a year; NBE 10 months 0%.
    await t.database.db
      .update(bankInstallments)
      .set({ feeBasisPoints: 300 })
      .where(eq(bankInstallments.id, plans[0]!.id));
    const make = await productMaker(t.database.db, t.clock.now());
    product = await make(12_000, 5);
  });
  afterAll(() => t?.close());

  const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();

  it('a card says from how much a month: the lowest over the active plans', async () => {
    const list = await get('/v1/products?locale=en');
    const card = list.products.find((p: { id: number }) => p.id === product.id);
    // 12,000 EGP: 6 m → 2,000; 12 m at 12% → 1,120; 10 m → 1,200 (the closed bank's and old plans do not count).
    expect(card.monthly_from).toBe(1_120);
  });

  it('the product page lists every bank and plan: months, monthly amount, fee, total', async () => {
    const { product: p } = await get(`/v1/products/${product.id}?locale=en`);
    expect(p.monthly_from).toBe(1_120);
    expect(p.installments).toEqual([
      {
        bank_id: expect.any(Number),
        bank_name: 'CIB',
        plans: [
          expect.objectContaining({
            months: 6,
            monthly: 2_000,
            fee: 360,
            total: 12_360,
            interest_percent: 0,
          }),
          expect.objectContaining({
            months: 12,
            monthly: 1_120,
            fee: 0,
            total: 13_440,
            interest_percent: 12,
          }),
        ],
      },
      {
        bank_id: expect.any(Number),
        bank_name: 'National Bank of Egypt',
        plans: [expect.objectContaining({ months: 10, monthly: 1_200, fee: 0, total: 12_000 })],
      },
    ]);
    const ar = await get(`/v1/products/${product.id}?locale=ar`);
    expect(ar.product.installments[1].bank_name).toBe('البنك الأهلي المصري');
  });

  it('a plan switched off leaves cards and the table at once', async () => {
    await t.database.db
      .update(bankInstallments)
      .set({ active: false })
      .where(eq(bankInstallments.id, plans[1]!.id));
    const { product: p } = await get(`/v1/products/${product.id}?locale=en`);
    expect(p.monthly_from).toBe(1_200);
    expect(p.installments[0].plans).toHaveLength(1);
  });

  it('a plan is offered from its minimum amount: a 279 EGP flash drive has none, on its card or its page', async () => {
    // CIB 6 months from 1,000 EGP; NBE 10 months from 15,000 EGP (above this 12,000 EGP product).
    await t.database.db
      .update(bankInstallments)
      .set({ minimumPiastres: 100_000 })
      .where(eq(bankInstallments.id, plans[0]!.id));
    await t.database.db
      .update(bankInstallments)
      .set({ minimumPiastres: 1_500_000 })
      .where(eq(bankInstallments.id, plans[2]!.id));
    const make = await productMaker(t.database.db, t.clock.now());
    const flash = await make(279, 5);
    const { product: small } = await get(`/v1/products/${flash.id}?locale=en`);
    expect(small.monthly_from).toBeNull();
    expect(small.installments).toEqual([]);
    const list = await get('/v1/products?per_page=50&locale=en');
    expect(list.products.find((c: { id: number }) => c.id === flash.id).monthly_from).toBeNull();

    // 12,000 EGP: the CIB plan (from 1,000) stays; the NBE one (from 15,000) leaves the table and the "from".
    const { product: p } = await get(`/v1/products/${product.id}?locale=en`);
    expect(p.installments).toEqual([
      expect.objectContaining({ bank_name: 'CIB', plans: [expect.objectContaining({ months: 6 })] }),
    ]);
    expect(p.monthly_from).toBe(2_000);
  });

  it('a product sold in variants gives each variant its own "from" and table, for its own price (issue 49)', async () => {
    // The plans now: CIB 6 months 0% with a 3% fee from 1,000 EGP; NBE 10 months 0% from 15,000 EGP.
    const { catalog } = await ownerCatalogClerk(t, 'Installments#2026-long');
    const make = await productMaker(t.database.db, t.clock.now());
    const phone = await make(12_000, 5);
    const v = await putVariants(t, catalog, phone.id, phoneOptions, [
      { values: ['Black', '128 GB'], sku: 'INST-BK-128', price: 12_000, stock: 3 },
      { values: ['Black', '256 GB'], sku: 'INST-BK-256', price: 18_000, stock: 2 },
    ]);
    const { product: p } = await get(`/v1/products/${phone.id}?locale=ar`);
    const variant = (sku: string) => p.variants.find((x: { id: number }) => x.id === v[sku]);
    // The product's own (its cheapest variant's price, 12,000): CIB only.
    expect(p.installments).toEqual([
      expect.objectContaining({ plans: [expect.objectContaining({ months: 6, total: 12_360 })] }),
    ]);
    expect(variant('INST-BK-128').installments).toEqual(p.installments);
    expect(variant('INST-BK-128').monthly_from).toBe(2_000);
    // 18,000 EGP: CIB's 6 months on it, and NBE's 10 months, offered from 15,000, join the table and the "from".
    expect(variant('INST-BK-256').monthly_from).toBe(1_800);
    expect(variant('INST-BK-256').installments).toEqual([
      expect.objectContaining({
        bank_name: 'البنك التجاري الدولي',
        plans: [expect.objectContaining({ months: 6, monthly: 3_000, fee: 540, total: 18_540 })],
      }),
      expect.objectContaining({
        bank_name: 'البنك الأهلي المصري',
        plans: [expect.objectContaining({ months: 10, monthly: 1_800, fee: 0, total: 18_000 })],
      }),
    ]);
  });
});
