import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { rows } from './rows.ts';
import { tablesDue } from './embedded-upkeep.ts';

/**
 * The embedded database has no autovacuum: after start-up's, its tables are vacuumed and analyzed as they change
 * (once a minute, past autovacuum's bounds), and while shoppers are served only when dead rows overrun a table.
 */
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.db.execute(sql`create table upkeep_probe (id int primary key, v int)`);
  await database.db.execute(sql`insert into upkeep_probe select g, 0 from generate_series(1, 2000) g`);
  await database.maintain();
});
afterAll(() => database?.close());

/** The probe's counts as PostgreSQL's statistics have them (flushed first: they are sent at most once a second). */
async function probe() {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const [r] = await rows<{ dead: number; vacuumed: number }>(
    database.db,
    sql`select n_dead_tup::int as dead, vacuum_count::int as vacuumed from pg_stat_user_tables where relname = 'upkeep_probe'`,
  );
  return r!;
}
const upkeep = async (busy: boolean) => {
  await probe();
  return database.upkeep!(busy);
};

describe("the embedded database's upkeep", () => {
  it("vacuums a table whose rows changed past autovacuum's bound when nobody browses, not while shoppers are served", async () => {
    const before = await probe();
    // 1,000 of 2,000 rows changed: past 50 + 20%, not past the live rows.
    await database.db.execute(sql`update upkeep_probe set v = v + 1 where id <= 1000`);
    expect((await probe()).dead).toBeGreaterThan(500);
    expect(await upkeep(true)).not.toContain('upkeep_probe');
    expect((await probe()).vacuumed).toBe(before.vacuumed);
    expect(await upkeep(false)).toContain('upkeep_probe');
    expect(await probe()).toMatchObject({ dead: 0, vacuumed: before.vacuumed + 1 });
    // Nothing changed since: nothing to do.
    expect(await upkeep(false)).not.toContain('upkeep_probe');
  });

  it('vacuums a table overrun by dead rows even while shoppers are served', async () => {
    const before = await probe();
    await database.db.execute(sql`update upkeep_probe set v = v + 1`);
    await database.db.execute(sql`update upkeep_probe set v = v + 1`);
    // (A page's own pruning as it is written may already have reclaimed a few.)
    expect((await probe()).dead).toBeGreaterThan(2000);
    expect(await upkeep(true)).toContain('upkeep_probe');
    expect(await probe()).toMatchObject({ dead: 0, vacuumed: before.vacuumed + 1 });
  });

  it("follows autovacuum's bounds: dead rows, rows added since the last vacuum, rows changed since the last analyze", () => {
    const t = (over: Partial<Parameters<typeof tablesDue>[0][number]>) => ({
      table: 'x',
      live: 10_000,
      dead: 0,
      insertedSinceVacuum: 0,
      modifiedSinceAnalyze: 0,
      ...over,
    });
    expect(tablesDue([t({ dead: 2_050 })], false)).toEqual([]);
    expect(tablesDue([t({ dead: 2_051 })], false)).toEqual(['x']);
    expect(tablesDue([t({ insertedSinceVacuum: 3_001 })], false)).toEqual(['x']);
    expect(tablesDue([t({ modifiedSinceAnalyze: 1_051 })], false)).toEqual(['x']);
    expect(tablesDue([t({ dead: 9_999, modifiedSinceAnalyze: 20_000 })], true)).toEqual([]);
    expect(tablesDue([t({ dead: 10_001 })], true)).toEqual(['x']);
    // A small table is left alone while shoppers are served unless 1,000 rows are dead.
    expect(tablesDue([t({ live: 1, dead: 999 })], true)).toEqual([]);
    expect(tablesDue([t({ table: 'a', dead: 3_000 }), t({ table: 'b', dead: 30_000 })], false)).toEqual([
      'b',
      'a',
    ]);
  });
});
