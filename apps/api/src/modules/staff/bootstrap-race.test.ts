import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ensureOwner } from './bootstrap.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the owner set at start-up', () => {
  it('instances started at once on one database all come up with one owner account', async () => {
    const owner = { email: 'racing-owner@store.example', password: 'Counter-desk-1952', name: 'Hoda' };
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => i).map(() => ensureOwner(t.database.db, owner, t.clock.now())),
    );
    expect(results.filter((r) => r === 'created')).toHaveLength(1);
    const rows = await t.database.db.select().from(staff).where(eq(staff.email, owner.email));
    expect(rows).toHaveLength(1);
  });
});
