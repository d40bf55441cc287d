/**
 * Who writes the order's lines and its payments (issue 46 item 2, issue 47 item 5, decision 029): order_products
 * only in the orders module, payments only in the payments module. Read from the source, as a reviewer would grep
 * it: an insert, update or delete of either table, by Drizzle or in SQL, anywhere else in the API fails this test.
 * The seed (db/seed) writes its generated orders directly and is left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'seed' ? [] : sources(full);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });
}

/** The files of the API that write `table` (Drizzle's `table` name, or the SQL table name). */
function writersOf(drizzleName: string, sqlName: string): string[] {
  const drizzle = new RegExp(`\\.(insert|update|delete)\\(\\s*${drizzleName}\\s*\\)`);
  const raw = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+${sqlName}\\b`, 'i');
  return sources(SRC)
    .filter((f) => {
      const text = readFileSync(f, 'utf8');
      return drizzle.test(text) || raw.test(text);
    })
    .map((f) => path.relative(SRC, f).split(path.sep).join('/'))
    .sort();
}

describe('one owner for the order lines and one for the payments', () => {
  it('order lines are written only by the order core (core.ts, and the cart it holds in cart.ts)', () => {
    expect(writersOf('orderProducts', 'order_products')).toEqual([
      'modules/orders/cart.ts',
      'modules/orders/core.ts',
    ]);
  });

  it('payment rows are written only by the payments module', () => {
    expect(writersOf('payments', 'payments')).toEqual(['modules/payments/rows.ts']);
  });
});
