/**
 * The embedded database's upkeep after start-up (decision 009 item 6). PGlite runs PostgreSQL as one process with no
 * autovacuum: nothing makes dead rows' room reusable, marks pages visible to all (what index-only scans read) or
 * refreshes the planner's statistics. Start-up vacuums and analyzes every table (`Database.maintain`); after that,
 * once a minute, each table that changed past autovacuum's own bounds (PostgreSQL's defaults, below) is vacuumed and
 * analyzed, in a statement of its own.
 *
 * Each statement holds the one connection every shopper's read waits for: products at 100,000 rows after a day of
 * price syncs took about 1.1 s (its 19 indexes are read whole). So while shoppers are being served only a table whose
 * dead rows outnumber its live ones is done then (a table twice its size costs every read more than the pause); the
 * others wait for a minute with nobody browsing, at most 6 hours. (Before: the whole database every 6 hours,
 * whoever was browsing, and in between an ERP's 5,000 prices a minute left up to 1.8 million dead product rows; a
 * category's count through its covering index took 11–13 ms at 225,000 instead of 0.8 ms vacuumed.)
 */

/** A table's counts from `pg_stat_user_tables` (this process's since it opened the database: start-up vacuumed). */
export interface TableChanges {
  table: string;
  live: number;
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
}

/** How often the embedded database's tables are looked at. */
export const UPKEEP_EVERY_MS = 60_000;
/** With shoppers served for this long on end, every table due is done all the same. */
export const FULL_UPKEEP_AT_LEAST_EVERY_MS = 6 * 3_600_000;

/**
 * The tables to vacuum and analyze now: past any of autovacuum's bounds (dead rows over 50 + 20% of the live ones,
 * rows added since the last vacuum over 1,000 + 20%, rows changed since the last analyze over 50 + 10%); while
 * shoppers are served, only those whose dead rows outnumber the live ones (and at least 1,000). Most dead rows first.
 */
export function tablesDue(tables: TableChanges[], shoppersBusy: boolean): string[] {
  return tables
    .filter((t) =>
      shoppersBusy
        ? t.dead > Math.max(t.live, 1_000)
        : t.dead > 50 + 0.2 * t.live ||
          t.insertedSinceVacuum > 1_000 + 0.2 * t.live ||
          t.modifiedSinceAnalyze > 50 + 0.1 * t.live,
    )
    .sort((a, b) => b.dead - a.dead || a.table.localeCompare(b.table))
    .map((t) => t.table);
}

/** The statement reading every table's counts. */
export const TABLE_CHANGES_SQL = `select relname as table, n_live_tup as live, n_dead_tup as dead,
  n_ins_since_vacuum as inserted, n_mod_since_analyze as modified
  from pg_stat_user_tables where schemaname = 'public'`;

export const tableChangesOf = (rows: Record<string, unknown>[]): TableChanges[] =>
  rows.map((r) => ({
    table: String(r.table),
    live: Number(r.live),
    dead: Number(r.dead),
    insertedSinceVacuum: Number(r.inserted),
    modifiedSinceAnalyze: Number(r.modified),
  }));

/** `vacuum (analyze)` of one table, its name quoted. */
export const vacuumSql = (table: string) => `vacuum (analyze) "${table.replaceAll('"', '""')}"`;
