import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { allocateCreditNoteNumber, allocateInvoiceNumber, invoiceYear } from './numbers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

class RolledBack extends Error {}

describe('invoice numbers', () => {
  it('are INV-year-six digits, one after the other, per year and apart from credit notes', async () => {
    const db = t.database.db;
    expect(await db.transaction((tx) => allocateInvoiceNumber(tx, 2026))).toBe('INV-2026-000001');
    expect(await db.transaction((tx) => allocateInvoiceNumber(tx, 2026))).toBe('INV-2026-000002');
    expect(await db.transaction((tx) => allocateCreditNoteNumber(tx, 2026))).toBe('CN-2026-000001');
    expect(await db.transaction((tx) => allocateInvoiceNumber(tx, 2027))).toBe('INV-2027-000001');
    expect(await db.transaction((tx) => allocateInvoiceNumber(tx, 2026))).toBe('INV-2026-000003');
  });

  it('are not used up by a transaction that rolls back', async () => {
    const db = t.database.db;
    let taken = '';
    await expect(
      db.transaction(async (tx) => {
        taken = await allocateInvoiceNumber(tx, 2030);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(taken).toBe('INV-2030-000001');
    expect(await db.transaction((tx) => allocateInvoiceNumber(tx, 2030))).toBe('INV-2030-000001');
  });

  it('given to 20 transactions at once, with 5 more rolling back among them, are 1..20 with no gap or twin', async () => {
    const db = t.database.db;
    const attempts = Array.from({ length: 25 }, (_, i) =>
      db
        .transaction(async (tx) => {
          const n = await allocateInvoiceNumber(tx, 2031);
          // Hold the number a moment, so the others queue behind this transaction's lock.
          await tx.execute(sql`select pg_sleep(0.005)`);
          if (i % 5 === 2) throw new RolledBack();
          return n;
        })
        .catch((e: unknown) => (e instanceof RolledBack ? null : Promise.reject(e))),
    );
    const committed = (await Promise.all(attempts)).filter((n): n is string => n !== null);
    expect(committed).toHaveLength(20);
    expect(committed.sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `INV-2031-${String(i + 1).padStart(6, '0')}`),
    );
    const [row] = (
      (await db.execute(
        sql`select last_number from invoice_counters where series = 'INV' and year = 2031`,
      )) as unknown as { rows: { last_number: number }[] }
    ).rows;
    expect(Number(row!.last_number)).toBe(20);
  });

  it("belong to Cairo's year: the first minutes of 1 January in Cairo are the new year's", () => {
    expect(invoiceYear(new Date('2026-12-31T22:30:00Z'))).toBe(2027);
    expect(invoiceYear(new Date('2026-12-31T21:30:00Z'))).toBe(2026);
  });
});
