/**
 * The products spreadsheet import and export (issue 17). The format is in packages/contracts/src/admin-imports.ts;
 * reading and writing cells in imports-csv.ts.
 *
 * An upload is read at once, in a worker thread within limits (imports-file.ts; an unreadable file, one past a
 * limit or a wrong header answers 422 and makes no job); the job keeps the file as CSV text and runs in the
 * background, from any instance: a runner claims a queued job, or one whose
 * lease ran out (its instance died), with FOR UPDATE SKIP LOCKED and a lease (claimed_until), and renews the lease
 * with every batch. A batch's rows, its import_rows and the job's progress are one transaction, and the update of
 * the job only succeeds while this runner still holds its lease, so a batch is done exactly once even when a job
 * is taken over. Each row is checked with adminProductBodySchema, the editor's rules, after its columns are mapped
 * (categories, brands and promotions are looked up once per job); a dry run records what would happen and writes
 * no product. A real run writes a batch's new rows with insertProducts and its changed rows with updateProducts (a
 * few statements for the whole batch); if one row fails after all, the batch is rolled back and run again row by
 * row (insertProduct / updateProduct) with a savepoint per row, so a row is never half applied and the good rows
 * still go in.
 *
 * An export imported back (issue 42 finding 6): each row carries its product's updated_at as the export read it.
 * A row that would change a product a staff member changed since (products.edited_at; sales do not count) is
 * refused; the row's stock is a change from the exported stock, made to the stock as it is now (the movements
 * since are summed from stock_movements), so what sold since stays sold. A dry run is run for real once
 * (runCheckedImport, import_jobs.checked_job_id unique; finding 7).
 */
import type { AdminImport, AdminImportQuery, ImportOutcome, ImportStatus, Locale } from '@store/contracts';
import { importReason } from '@store/contracts/import-messages';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { allTogether, rows, together } from '../../db/rows.ts';
import { importJobs } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { classifyDatabaseError } from '../../lib/db-errors.ts';
import { AppError, translate } from '../../lib/errors.ts';
import { describeError } from '../../lib/logging.ts';
import { audit, type CurrentStaff } from '../staff/index.ts';
import { csvRows, FileError, readCell } from './imports-csv.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits, storedSource, unpackSource } from './imports-file.ts';
import { insertProduct, insertProducts, updateProduct, updateProducts } from './index.ts';
import { recordStaffAlert } from '../../lib/staff-alerts.ts';
import {
  COLUMN_OF,
  dataRows,
  inSlices,
  planBatch,
  readHeader,
  readImportFile,
  rowId,
  type DataRow,
  type Plan,
  type PlanBase,
  type ReadFile,
} from './imports-plan.ts';
import {
  changedFieldCounts,
  changedFieldsAfter,
  changeList,
  changesCell,
  unchangedParts,
} from './imports-changes.ts';
import { loadLookups } from './imports-lookups.ts';
import { APPLY_BATCH, nextBatchSize, PACE_WAIT_IN_TRANSACTION_AT_MOST_MS, pacer } from './imports-pace.ts';
import { applyVariant, fileSkus, newVariantBook } from './imports-variants.ts';
import { settleVariantProduct } from './variants-service.ts';

/** Rows per batch of a dry run (a real run's: APPLY_BATCH, imports-pace.ts). */
const CHECK_BATCH = 500;
/** How long a claimed job is this runner's before another instance may take it over; renewed every batch. */
export const IMPORT_LEASE_SECONDS = 60;

const num = (v: unknown) => Number(v);
const iso = (v: unknown) => new Date(v as string | Date).toISOString();

/** The images of products just added, in one statement for them all. */
async function addImages(tx: DbOrTx, list: { productId: number; urls: string[] }[]) {
  const values = list.flatMap(({ productId, urls }) =>
    urls.map((url, position) => sql`(${productId}, ${position}, ${url}, ${url}, ${url})`),
  );
  for (let i = 0; i < values.length; i += 1000)
    await tx.execute(sql`insert into product_images (product_id, position, original_url, thumbnail_url, medium_url)
      values ${sql.join(values.slice(i, i + 1000), sql`, `)}`);
}

/** Sets a product's images (not its 3D model) to these addresses, keeping the rows of addresses it already has. */
async function setImages(tx: DbOrTx, productId: number, urls: string[], fresh = false) {
  if (fresh) {
    await tx.execute(sql`insert into product_images (product_id, position, original_url, thumbnail_url, medium_url)
      values ${sql.join(
        urls.map((url, position) => sql`(${productId}, ${position}, ${url}, ${url}, ${url})`),
        sql`, `,
      )}`);
    return;
  }
  const existing = await rows<{ id: number; original_url: string }>(
    tx,
    sql`select id, original_url from product_images where product_id = ${productId} and not is_3d`,
  );
  const keep = new Map(existing.map((e) => [e.original_url, num(e.id)]));
  const gone = existing.filter((e) => !urls.includes(e.original_url)).map((e) => num(e.id));
  if (gone.length) await tx.execute(sql`delete from product_images where id in ${gone}`);
  for (const [position, url] of urls.entries()) {
    const id = keep.get(url);
    if (id !== undefined)
      await tx.execute(sql`update product_images set position = ${position} where id = ${id}`);
    else
      await tx.execute(sql`insert into product_images (product_id, position, original_url, thumbnail_url, medium_url)
        values (${productId}, ${position}, ${url}, ${url}, ${url})`);
  }
}

/* ------------------------------------------------------------------ jobs */

export interface ImportRunContext {
  db: DbOrTx;
  clock: Clock;
  log?: { error(obj: object, msg: string): void };
  /**
   * Called after each batch of an import (not a dry run) is committed: this instance's cached answers are then
   * forgotten (app.ts's response cache), so the store shows imported rows at once, as it does a saved product.
   */
  onWritten?: () => void;
  /**
   * The share of the time a job may work (IMPORT_PACE, 0 < share <= 1): after a batch that took t, it waits
   * t × (1 − share) / share before the next, so shoppers' lists and searches keep the cores and the database while
   * a large file goes in. 1 (or unset): batch after batch.
   */
  pace?: number;
  /** Whether shoppers are being served now: the job waits only then (unset: always). */
  shoppersBusy?: () => boolean;
  /**
   * The embedded database: a batch's transaction holds the one connection every shopper's read waits for, so while
   * the job gives way its batches are sized to about PACED_BATCH_MS and it waits only between them. (On PostgreSQL
   * reads never wait for a batch: it gives way inside its batches too, and they are larger: nextBatchSize.)
   */
  oneConnection?: boolean;
  /**
   * The longest wait inside a batch's transaction (PostgreSQL): below DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS, which
   * would end the transaction (inTransactionWaitAtMost). Default 500 ms.
   */
  waitInTransactionAtMostMs?: number;
}

interface JobRow {
  id: number;
  staff_id: number | null;
  dry_run: boolean;
  /** The file as plain text (a job queued before migration 0060), else null. */
  source: string | null;
  /** The file gzipped, as base64 (`unpackSource`). */
  source_packed: string | null;
  processed: number;
  total: number;
  claimed_until: Date | string;
}

class LeaseLost extends Error {}

const leaseFrom = (now: Date) => new Date(now.getTime() + IMPORT_LEASE_SECONDS * 1000);

/** Takes the oldest queued job, or a running one whose runner stopped renewing its lease. */
export async function claimImportJob(ctx: ImportRunContext): Promise<JobRow | null> {
  const now = ctx.clock.now();
  const [job] = await rows<JobRow>(
    ctx.db,
    sql`update import_jobs set status = 'running', claimed_until = ${leaseFrom(now).toISOString()}::timestamptz,
        pace = ${ctx.pace ?? 1}, updated_at = ${now.toISOString()}::timestamptz
      where id = (select id from import_jobs
        where status = 'queued' or (status = 'running' and claimed_until < ${now.toISOString()}::timestamptz)
        order by id limit 1 for update skip locked)
      returning id, staff_id, dry_run, processed, total, claimed_until,
        -- A checked file run for real keeps no copy of it: its dry run's.
        coalesce(source, (select c.source from import_jobs c where c.id = import_jobs.checked_job_id)) as source,
        encode(coalesce(source_packed,
          (select c.source_packed from import_jobs c where c.id = import_jobs.checked_job_id)), 'base64')
          as source_packed`,
  );
  return job ?? null;
}

interface Counts {
  added: number;
  changed: number;
  /** Not kept: the job's processed rows that are none of the others (toImport). */
  unchanged: number;
  refused: number;
}

/** Records a batch's rows and the job's progress, if this runner still holds the job; answers the new lease. */
async function saveBatch(tx: DbOrTx, ctx: ImportRunContext, jobId: number, lease: Date, plans: Plan[]) {
  const counts: Counts = { added: 0, changed: 0, unchanged: 0, refused: 0 };
  for (const p of plans) counts[p.outcome]++;
  const next = leaseFrom(ctx.clock.now());
  // Both in one go; a lost lease is what is reported then, and rolls the rows back with the rest.
  const [updated, inserted] = await together(tx, [
    () =>
      rows(
        tx,
        sql`update import_jobs set processed = processed + ${plans.length}, added = added + ${counts.added},
        changed = changed + ${counts.changed}, refused = refused + ${counts.refused},
        changed_fields = ${changedFieldsAfter(plans)},
        claimed_until = ${next.toISOString()}::timestamptz, updated_at = ${ctx.clock.now().toISOString()}::timestamptz
      where id = ${jobId} and status = 'running' and claimed_until = ${lease.toISOString()}::timestamptz
      returning id`,
      ),
    async () =>
      plans.length &&
      tx.execute(
        sql`insert into import_rows (job_id, row_number, outcome, product_id, reasons, changes) values ${sql.join(
          plans.map(
            (p) =>
              sql`(${jobId}, ${p.rowNumber}, ${p.outcome}, ${p.productId}, ${JSON.stringify(p.reasons)}::jsonb, ${changesCell(p)})`,
          ),
          sql`, `,
        )}`,
      ),
  ]);
  if (updated.status === 'rejected') throw updated.reason;
  if (!updated.value.length) throw new LeaseLost();
  if (inserted.status === 'rejected') throw inserted.reason;
  return next;
}

/** A row's own failure (a value the database refuses, a category deleted meanwhile) → its reasons; else null. */
function rowFailure(err: unknown): Record<string, string[]> | null {
  if (err instanceof AppError && err.status < 500) {
    const m = err.messages;
    const reasons: Record<string, string[]> = {};
    for (const [field, keys] of Object.entries(Array.isArray(m) ? { row: m } : m))
      reasons[COLUMN_OF[field] ?? field] = keys;
    return reasons;
  }
  const db = classifyDatabaseError(err);
  if (db && (db.kind === 'invalid_data' || db.code.startsWith('23'))) return { row: ['invalid_data'] };
  return null;
}

/** Writes one planned row; answers the product's id. */
async function applyPlan(tx: DbOrTx, plan: Plan, now: Date, staffId: number | null) {
  const opts = { staffId };
  if (plan.outcome === 'added') {
    const id = await insertProduct(tx, plan.body!, now, opts);
    if (plan.images?.length) await setImages(tx, id, plan.images, true);
    return id;
  }
  if (plan.same) return plan.productId!;
  await updateProduct(tx, plan.productId!, plan.body!, now, { ...opts, edited: plan.edited });
  if (plan.images) await setImages(tx, plan.productId!, plan.images);
  return plan.productId!;
}

/** What a batch's check says when one of its products was written since the batch read it (stillAsRead). */
const MOVED_SINCE_READ = 'import batch: a product changed since its rows were planned';

/**
 * Fails the transaction (22P02, MOVED_SINCE_READ) unless every product read is still the row version read: sent
 * first, so the batch's writes behind it fail with it. (A failing cast, as a check in SQL without a function: its
 * text is computed from the rows, so PostgreSQL cannot fold it into an error while planning.)
 */
async function stillAsRead(tx: DbOrTx, read: Map<number, string>) {
  if (!read.size) return;
  const list = JSON.stringify(Array.from(read, ([id, v]) => ({ id, v })));
  await tx.execute(sql`select (case when count(*) = ${read.size} then 'true'
      else ${MOVED_SINCE_READ} || ': ' || count(*)::text end)::boolean as unchanged
    from products p join jsonb_to_recordset(${list}::jsonb) as r(id int, v text) on p.id = r.id and p.xmin::text = r.v`);
}

const movedSinceRead = (err: unknown) =>
  err instanceof Error &&
  (err as { code?: string }).code === '22P02' &&
  err.message.includes(MOVED_SINCE_READ);

/**
 * One batch of a real run, in one transaction: rows planned against the locked products, then written (on the
 * embedded database, planned before it and checked unchanged in it when the batch only changes products).
 */
async function applyBatch(
  ctx: ImportRunContext,
  job: JobRow,
  lease: Date,
  base: PlanBase,
  batch: DataRow[],
  savepoints: boolean,
  breathe?: () => Promise<void>,
  /** Gets the milliseconds its transactions took, from BEGIN sent to their end's answer. */
  held: { ms: number } = { ms: 0 },
): Promise<Date> {
  const book = base.variants;
  const transaction = async <T>(work: (tx: DbOrTx) => Promise<T>) => {
    const began = performance.now();
    try {
      return await ctx.db.transaction(work);
    } finally {
      held.ms += performance.now() - began;
    }
  };
  // A batch run again row by row: the products its first try added were rolled back.
  for (const [sku, a] of book.added) if (a.row >= batch[0]!.rowNumber) book.added.delete(sku);
  const noteAdded = (p: Plan) => {
    if (p.outcome === 'added' && !p.variant && p.body?.sku && !book.added.has(p.body.sku))
      book.added.set(p.body.sku, { row: p.rowNumber, id: p.productId });
  };
  // A batch that only changes products (none added, no variant row): its rows' outcomes and the job's progress
  // are sent beside its writes, not after them (one wait less while it holds the rows, and the embedded
  // database's one connection).
  const onlyChanges = (plans: Plan[]) =>
    !savepoints && plans.every((p) => p.outcome !== 'added' && !p.variant && !p.variantOf);
  // On the embedded database a transaction holds the one connection every shopper's read waits for. Planned inside
  // it, a batch held it idle from its reads' answer until the server's thread, busy with shoppers' searches, had
  // planned the rows (30–55 ms of a 70 ms hold in a traced run, bench/results/index-follow-latest.md). So such a
  // batch is read and planned before its transaction, which first checks that none of its products was written
  // since (a sale, a staff member's edit: the row's version), then writes; if one was, the batch is planned again
  // inside the transaction, its rows locked, as on PostgreSQL. (Rows without a product id add products, or find
  // theirs by SKU: such a batch goes there at once rather than be read and planned twice.)
  if (
    ctx.oneConnection &&
    !savepoints &&
    batch.every((r) => typeof rowId(base.header, r.cells) === 'number')
  ) {
    const read = new Map<number, string>();
    const plans = await planBatch(ctx.db, base, batch, false, true, read);
    if (onlyChanges(plans))
      try {
        return await transaction(
          async (tx) =>
            (
              await allTogether(tx, [
                () => stillAsRead(tx, read),
                () => writeBatch(tx, plans),
                () => saveBatch(tx, ctx, job.id, lease, plans),
              ])
            )[2],
        );
      } catch (err) {
        if (!movedSinceRead(err)) throw err;
      }
  }
  return transaction(async (tx) => {
    const plans = await planBatch(tx, base, batch, true, !ctx.oneConnection);
    await breathe?.();
    if (!onlyChanges(plans))
      return writeBatch(tx, plans).then(() => saveBatch(tx, ctx, job.id, lease, plans));
    return (
      await allTogether(tx, [() => writeBatch(tx, plans), () => saveBatch(tx, ctx, job.id, lease, plans)])
    )[1];
  });

  async function writeBatch(tx: DbOrTx, plans: Plan[]) {
    const now = ctx.clock.now();
    if (!savepoints) {
      // The batch's new products and its changes each in a few statements for the whole batch.
      const added = plans.filter((p) => p.outcome === 'added' && !p.variant);
      const ids = await insertProducts(
        tx,
        added.map((p) => p.body!),
        now,
        { staffId: job.staff_id },
      );
      added.forEach((p, i) => {
        p.productId = ids[i]!;
        noteAdded(p);
      });
      await addImages(
        tx,
        added.flatMap((p) => (p.images?.length ? [{ productId: p.productId!, urls: p.images }] : [])),
      );
      const changed = plans.filter((p) => p.outcome === 'changed' && !p.same);
      await updateProducts(
        tx,
        changed.map((p) => ({
          id: p.productId!,
          body: p.body!,
          edited: p.edited,
          unchanged: unchangedParts(p.changes),
        })),
        now,
        {
          staffId: job.staff_id,
          breathe,
          lockedStock: new Map(
            changed.flatMap((p) => (p.lockedStock === undefined ? [] : [[p.productId!, p.lockedStock]])),
          ),
        },
      );
      for (const p of changed) if (p.images) await setImages(tx, p.productId!, p.images);
    }
    for (const plan of plans) {
      // Variant rows each in a savepoint, in the file's order, after the products of the rows before them.
      if (plan.outcome === 'refused' || (!savepoints && !plan.variant)) continue;
      try {
        const v = plan.variant;
        if (v) {
          const done = await tx.transaction(async (sp) => {
            const r = await applyVariant(sp, book, v, plan.rowNumber, now, job.staff_id);
            if (r.productId !== null && v.images) await setImages(sp, r.productId, v.images);
            return r;
          });
          Object.assign(plan, done);
          continue;
        }
        plan.productId = await tx.transaction((sp) => applyPlan(sp, plan, now, job.staff_id));
        noteAdded(plan);
      } catch (err) {
        const reasons = rowFailure(err);
        if (!reasons) throw err;
        Object.assign(plan, {
          outcome: 'refused',
          reasons,
          productId: plan.outcome === 'added' ? null : plan.productId,
        });
      }
    }
    // A variant changed by its id (an export's row): its product takes its variants' lowest price again.
    const parents = new Set(
      plans.flatMap((p) => (p.outcome === 'changed' && !p.same && p.variantOf ? [p.variantOf] : [])),
    );
    for (const id of parents) await settleVariantProduct(tx, id, now);
  }
}

/** Runs (or goes on with) one claimed job to its end. */
async function runJob(ctx: ImportRunContext, job: JobRow): Promise<void> {
  let lease = new Date(job.claimed_until);
  // The stored file read in slices, the server's other requests answered between them.
  const table: string[][] = [];
  await inSlices(csvRows(await unpackSource(job)), (row) => table.push(row));
  const header = readHeader(table[0] ?? []);
  const data = dataRows(table);
  const lookups = await loadLookups(ctx.db);
  const firstRowOf = new Map<number, number>();
  const skus: { rowNumber: number; sku: string | null }[] = [];
  await inSlices(data, (r) => {
    const id = rowId(header, r.cells);
    if (typeof id === 'number' && !firstRowOf.has(id)) firstRowOf.set(id, r.rowNumber);
    skus.push({
      rowNumber: r.rowNumber,
      sku:
        id === null &&
        header.sku !== undefined &&
        !readCell(r.cells[header.variant_of ?? -1]) &&
        !readCell(r.cells[header.variant_values ?? -1])
          ? readCell(r.cells[header.sku])
          : null,
    });
  });
  const variants = newVariantBook();
  variants.fileSkuRow = fileSkus(skus);
  const base = { header, lookups, firstRowOf, variants };
  let size = job.dry_run ? CHECK_BATCH : APPLY_BATCH;
  const paced = () => (ctx.pace ?? 1) < 1 && (ctx.shoppersBusy?.() ?? true);
  const giveWay = pacer(ctx.pace, paced);
  // On PostgreSQL a batch also gives way inside its transaction, between its reads and each part of its write: no
  // burst of it takes a core for long while shoppers' reads share the two. (On the embedded database a wait
  // there would hold the one connection those reads wait for: its batches are made smaller instead.)
  const inTransactionAtMost = ctx.waitInTransactionAtMostMs ?? PACE_WAIT_IN_TRANSACTION_AT_MOST_MS;
  const breathe = ctx.oneConnection ? undefined : () => giveWay(inTransactionAtMost);
  for (let start = Number(job.processed); start < data.length;) {
    const batch = data.slice(start, start + size);
    start += batch.length;
    const started = performance.now();
    const held = { ms: 0 };
    if (job.dry_run) {
      const plans = await planBatch(ctx.db, base, batch, false);
      lease = await ctx.db.transaction((tx) => saveBatch(tx, ctx, job.id, lease, plans));
    } else {
      try {
        lease = await applyBatch(ctx, job, lease, base, batch, false, breathe, held);
      } catch (err) {
        if (err instanceof LeaseLost || !rowFailure(err)) throw err;
        // One row failed after all: the batch was rolled back; again, each row on its own.
        lease = await applyBatch(ctx, job, lease, base, batch, true, breathe, held);
      }
      ctx.onWritten?.();
    }
    if (start >= data.length) break;
    // On the embedded database a batch is sized by its transactions' hold on the one connection every shopper's
    // read waits for, not by its whole time: its reads before them wait for their turn and answer outside the
    // hold, longer the more shoppers are served. The wait after it still counts its whole time (its reads and
    // planning are work too: counting the hold alone let the import take a third of the shoppers' answers).
    const took = ctx.oneConnection && !job.dry_run ? held.ms : performance.now() - started;
    if (!job.dry_run) size = nextBatchSize(size, took, paced(), !!ctx.oneConnection);
    await giveWay();
  }
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [done] = await rows<{ added: number; changed: number; refused: number; total: number }>(
      tx,
      sql`update import_jobs set status = 'done', claimed_until = null, finished_at = ${now.toISOString()}::timestamptz,
          updated_at = ${now.toISOString()}::timestamptz
        where id = ${job.id} and status = 'running' and claimed_until = ${lease.toISOString()}::timestamptz
        returning added, changed, refused, total`,
    );
    if (!done) throw new LeaseLost();
    if (!job.dry_run)
      await recordStaffAlert(tx, 'import_done', { import_id: job.id, total: num(done.total) }, now);
    await audit(
      tx,
      { id: job.staff_id },
      'import.finished',
      { type: 'import', id: job.id },
      {
        dry_run: Boolean(job.dry_run),
        total: num(done.total),
        added: num(done.added),
        changed: num(done.changed),
        refused: num(done.refused),
      },
      now,
    );
  });
}

/** Marks a job that cannot go on as failed (the rows done so far stay done). */
async function failJob(ctx: ImportRunContext, job: JobRow, err: unknown) {
  ctx.log?.error({ import: job.id, error: describeError(err) }, 'import failed');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`update import_jobs set status = 'failed', error = 'import_interrupted', claimed_until = null,
          finished_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
        where id = ${job.id} and status = 'running' returning id`,
    );
    if (row && !job.dry_run) await recordStaffAlert(tx, 'import_failed', { import_id: job.id }, now);
    if (row)
      await audit(
        tx,
        { id: job.staff_id },
        'import.finished',
        { type: 'import', id: job.id },
        { failed: true },
        now,
      );
  });
}

const running = new WeakSet<object>();

/**
 * Runs every job there is to run (queued, or left by a dead instance), one after the other; answers how many.
 * Called by the jobs loop and right after an upload; one runner per database handle in this process (more would be
 * safe, only wasteful), any number across instances.
 */
export async function runImports(ctx: ImportRunContext): Promise<number> {
  if (running.has(ctx.db)) return 0;
  running.add(ctx.db);
  let n = 0;
  try {
    for (let job = await claimImportJob(ctx); job; job = await claimImportJob(ctx)) {
      try {
        await runJob(ctx, job);
      } catch (err) {
        // Lost to another instance (this one stalled past its lease): that one goes on with it.
        if (err instanceof LeaseLost) continue;
        const db = classifyDatabaseError(err);
        // The database is away: the lease runs out and the job is taken up again later, where it stopped.
        if (db?.kind === 'unavailable') throw err;
        await failJob(ctx, job, err);
      }
      n++;
    }
  } finally {
    running.delete(ctx.db);
  }
  return n;
}

/* ------------------------------------------------------------------ the API's calls */

/** POST /v1/admin/imports: reads the file (422 when it cannot be imported) and queues the job. */
export async function createImport(
  db: DbOrTx,
  me: CurrentStaff,
  file: { bytes: Buffer; name: string },
  dryRun: boolean,
  now: Date,
  locale: Locale,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): Promise<AdminImport> {
  let read: ReadFile;
  try {
    read = await readImportFile(file.bytes, limits);
  } catch (err) {
    if (err instanceof FileError) throw AppError.field('file', err.key);
    throw err;
  }
  const id = await db.transaction(async (tx) => {
    const [job] = await tx
      .insert(importJobs)
      .values({
        staffId: me.id,
        fileName: file.name.slice(0, 200) || 'import.csv',
        dryRun,
        sourcePacked: storedSource(read.packed),
        total: read.total,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: importJobs.id });
    await audit(
      tx,
      me,
      'import.started',
      { type: 'import', id: job!.id },
      { file_name: file.name, dry_run: dryRun, total: read.total },
      now,
    );
    return job!.id;
  });
  return getImport(db, id, locale);
}

/**
 * POST /v1/admin/imports/{id}/run: the file of a dry run, imported for real: a new job, once. Asked again (a double
 * click, a retry, two tabs), it answers that same job, `created` false: the unique checked_job_id lets one insert
 * through and turns the others into nothing, however close together they come. A job that is not a dry run is
 * its own import, answered as it is. The new job keeps no copy of the file: its runner reads the dry run's
 * (claimImportJob).
 */
export async function runCheckedImport(
  db: DbOrTx,
  me: CurrentStaff,
  id: number,
  now: Date,
  locale: Locale,
): Promise<{ import: AdminImport; created: boolean }> {
  const [job] = await rows<{ file_name: string; total: number; dry_run: boolean }>(
    db,
    sql`select file_name, total, dry_run from import_jobs where id = ${id}`,
  );
  if (!job) throw AppError.notFound('import_not_found');
  if (!job.dry_run) return { import: await getImport(db, id, locale), created: false };
  const newId = await db.transaction(async (tx) => {
    const [row] = await rows<{ id: number }>(
      tx,
      sql`insert into import_jobs (staff_id, file_name, dry_run, source, total, checked_job_id, created_at, updated_at)
        values (${me.id}, ${job.file_name}, false, null, ${num(job.total)}, ${id},
          ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        on conflict (checked_job_id) do nothing
        returning id`,
    );
    if (!row) return null;
    await audit(
      tx,
      me,
      'import.started',
      { type: 'import', id: num(row.id) },
      { file_name: job.file_name, dry_run: false, total: num(job.total), checked_by: id },
      now,
    );
    return num(row.id);
  });
  if (newId !== null) return { import: await getImport(db, newId, locale), created: true };
  // Already run: the job that run made (committed before this insert gave way to it).
  const [first] = await rows<{ id: number }>(
    db,
    sql`select id from import_jobs where checked_job_id = ${id}`,
  );
  return { import: await getImport(db, num(first!.id), locale), created: false };
}

interface JobView {
  id: number;
  file_name: string;
  dry_run: boolean;
  status: ImportStatus;
  total: number;
  processed: number;
  added: number;
  changed: number;
  refused: number;
  changed_fields: unknown;
  error: string | null;
  staff_id: number | null;
  staff_name: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  pace: number | null;
}

const jobColumns = sql`j.id, j.file_name, j.dry_run, j.status, j.total, j.processed, j.added, j.changed, j.refused,
  j.changed_fields, j.error, j.staff_id, s.name as staff_name, j.created_at, j.finished_at, j.pace`;

const toImport = (j: JobView, locale: Locale): AdminImport => {
  const total = num(j.total);
  const processed = num(j.processed);
  return {
    id: num(j.id),
    file_name: j.file_name,
    dry_run: Boolean(j.dry_run),
    status: j.status,
    total,
    processed,
    progress: total ? Math.min(100, Math.floor((processed * 100) / total)) : 100,
    added: num(j.added),
    changed: num(j.changed),
    unchanged: Math.max(0, processed - num(j.added) - num(j.changed) - num(j.refused)),
    refused: num(j.refused),
    changed_fields: changedFieldCounts(j.changed_fields),
    error: j.error ? translate(j.error, locale) : null,
    staff: j.staff_id === null ? null : { id: num(j.staff_id), name: j.staff_name ?? '' },
    created_at: iso(j.created_at),
    finished_at: j.finished_at === null ? null : iso(j.finished_at),
    gives_way: j.pace !== null && Number(j.pace) < 1,
  };
};

export async function getImport(db: DbOrTx, id: number, locale: Locale): Promise<AdminImport> {
  const [job] = await rows<JobView>(
    db,
    sql`select ${jobColumns} from import_jobs j left join staff s on s.id = j.staff_id where j.id = ${id}`,
  );
  if (!job) throw AppError.notFound('import_not_found');
  return toImport(job, locale);
}

/** A row of a job's page, as read. */
interface JobRowRead {
  row_number: number;
  outcome: ImportOutcome;
  product_id: number | null;
  reasons: unknown;
  changes: unknown;
}

/**
 * A page of a job's rows (`outcome` null: all of them, refused first, then in file order). Each part is read only as
 * far as the page reaches: the refused rows through their own index (migration 0061), the others in a window of
 * row numbers from the file's start, which no plan can read past (the whole job, sorted, only when the window holds
 * too few). Sorted whole in one statement, a page read every row of the job: about 20 ms for 10,000 rows on the
 * embedded database, holding its one connection on each poll of the job's page (every second while it runs).
 */
export async function jobRowsPage(
  db: DbOrTx,
  id: number,
  outcome: ImportOutcome | null,
  perPage: number,
  page: number,
): Promise<JobRowRead[]> {
  const offset = (page - 1) * perPage;
  const reach = offset + perPage;
  const refusedToo = outcome === null || outcome === 'refused';
  const none = () => Promise.resolve<JobRowRead[]>([]);
  const [refused, others] = await allTogether(db, [
    // Through their partial index: only refused rows are read.
    refusedToo ? () => firstRows(db, id, sql`outcome = 'refused'`, reach, false) : none,
    outcome === 'refused'
      ? none
      : () => firstRows(db, id, outcome ? sql`outcome = ${outcome}` : sql`outcome <> 'refused'`, reach, true),
  ]);
  return [...refused, ...others].slice(offset, reach);
}

/** The first `n` rows of a job that `match`, in file order (`windowed`: looked for near the file's start first). */
async function firstRows(db: DbOrTx, id: number, match: SQL, n: number, windowed: boolean) {
  const read = (within: SQL) =>
    rows<JobRowRead>(
      db,
      sql`select row_number, outcome, product_id, reasons, changes from import_rows
        where job_id = ${id} and ${match} ${within} order by row_number limit ${n}`,
    );
  // Rows are numbered from 2 (the header is row 1) in file order: n rows found below the window's end are the
  // first n, whatever lies past it.
  if (!windowed) return read(sql``);
  const near = await read(sql`and row_number < ${2 + 4 * n + 256}`);
  return near.length === n ? near : read(sql``);
}

/** GET /v1/admin/imports/{id}: the job and its rows, refused first, then in file order. */
export async function importDetail(db: DbOrTx, id: number, q: AdminImportQuery, locale: Locale) {
  const job = await getImport(db, id, locale);
  const perPage = q.per_page ?? 50;
  const page = q.page ?? 1;
  const found = await jobRowsPage(db, id, q.outcome ?? null, perPage, page);
  // Every row the job went through has its row, saved with its counts (saveBatch): counted there, not again.
  const total = q.outcome ? job[q.outcome] : job.processed;
  return {
    import: job,
    rows: found.map((r) => {
      const reasons = (typeof r.reasons === 'string' ? JSON.parse(r.reasons) : r.reasons) as Record<
        string,
        string[]
      >;
      return {
        row_number: num(r.row_number),
        outcome: r.outcome,
        product_id: r.product_id === null ? null : num(r.product_id),
        // Each reason names its column and the rule, in the staff member's language.
        reasons: Object.fromEntries(
          Object.entries(reasons ?? {}).map(([f, keys]) => [
            f,
            keys.map((k) => importReason(f, translate(k, locale), translate(k, 'en'), locale)),
          ]),
        ),
        changes: changeList(r.changes, locale),
      };
    }),
    meta: {
      per_page: perPage,
      total_entries: total,
      current_page: page,
      next_page: page * perPage < total ? page + 1 : null,
    },
  };
}

/** GET /v1/admin/imports: the latest imports, newest first. */
export async function recentImports(db: DbOrTx, locale: Locale) {
  const list = await rows<JobView>(
    db,
    sql`select ${jobColumns} from import_jobs j left join staff s on s.id = j.staff_id order by j.id desc limit 20`,
  );
  return { imports: list.map((j) => toImport(j, locale)) };
}
