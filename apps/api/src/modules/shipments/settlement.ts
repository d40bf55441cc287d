/**
 * Cash-on-delivery settlement (issue 48 item 4): a courier's settlement file recorded per shipment, and the report
 * of collected against expected per day and per courier with every difference flagged.
 *
 * - A file is recorded once (its SHA-256): the same file again answers created false and changes nothing. A parcel
 *   is settled once per courier and tracking number: a later file naming it again adds nothing (already_settled).
 *   When the file that settled a parcel first is removed, the later one uploaded again counts it.
 * - A file uploaded by mistake (under the wrong courier: every row "unknown") is removed with every amount it
 *   recorded, audited; the same file can then be uploaded again.
 * - A row names its shipment by tracking number, else by business reference (the order's number, which Bosta
 *   carries); a row naming no shipment of that courier is kept as "collected for an unknown shipment".
 * - Expected: the cash to collect of every settled shipment and of every delivered shipment with cash to collect.
 *   A parcel's day is its settlement's day, else (not collected yet) its delivery's Cairo day.
 */
import { toEgp } from '@store/contracts';
import {
  SETTLEMENT_FILES_SHOWN,
  type AdminSettlementReport,
  type AdminSettlementUploadResponse,
  type SettlementDifference,
  type SettlementFile,
} from '@store/contracts/admin-settlements';
import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { codSettlementFiles, codSettlements, orders, shipments, staff } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, type AuditActor } from '../staff/index.ts';
import { readSettlementFile, type SettlementRow } from './settlement-file.ts';

const ZONE = 'Africa/Cairo';
const cairoDay = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(now);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The file's rows recorded under it, each on the courier's shipment it names: a parcel already settled (by this
 * file or another) is skipped. How many were recorded, and how many of those named no shipment the store knows.
 */
async function recordRows(
  tx: Tx,
  fileId: number,
  courier: string,
  parsed: SettlementRow[],
  now: Date,
): Promise<{ recorded: number; unknown: number }> {
  // The courier's shipments the file names, by tracking number and by order number.
  const trackings = parsed.flatMap((r) => (r.tracking ? [r.tracking] : []));
  const refs = parsed.flatMap((r) =>
    r.reference && /^\d{1,9}$/.test(r.reference) ? [Number(r.reference)] : [],
  );
  const byTracking = new Map<string, number>();
  const byReference = new Map<number, { id: number; tracking: string }>();
  if (trackings.length) {
    const found = await tx
      .select({ id: shipments.id, tracking: shipments.trackingNumber })
      .from(shipments)
      .where(and(eq(shipments.courier, courier), inArray(shipments.trackingNumber, trackings)));
    for (const s of found) byTracking.set(s.tracking, s.id);
  }
  if (refs.length) {
    const found = await tx
      .select({ id: shipments.id, tracking: shipments.trackingNumber, number: orders.orderNumber })
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .where(
        and(
          eq(shipments.courier, courier),
          ne(shipments.status, 'canceled'),
          inArray(orders.orderNumber, refs),
        ),
      );
    for (const s of found) if (s.number !== null) byReference.set(s.number, s);
  }
  let recorded = 0;
  let unknown = 0;
  for (const r of parsed) {
    const byRef =
      r.reference && /^\d{1,9}$/.test(r.reference) ? byReference.get(Number(r.reference)) : undefined;
    const shipmentId = (r.tracking ? byTracking.get(r.tracking) : undefined) ?? byRef?.id ?? null;
    const tracking = r.tracking ?? byRef?.tracking ?? `ref:${r.reference}`;
    const [row] = await tx
      .insert(codSettlements)
      .values({
        fileId,
        courier,
        shipmentId,
        trackingNumber: tracking.slice(0, 60),
        businessReference: r.reference,
        collectedPiastres: r.collectedPiastres,
        settledOn: r.day,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: codSettlements.id });
    if (!row) continue;
    recorded += 1;
    if (shipmentId === null) unknown += 1;
  }
  return { recorded, unknown };
}

/** The tracking numbers and business references a file's recorded rows hold. */
async function heldByFile(tx: Tx, fileId: number) {
  const held = await tx
    .select({ tracking: codSettlements.trackingNumber, ref: codSettlements.businessReference })
    .from(codSettlements)
    .where(eq(codSettlements.fileId, fileId));
  return {
    trackings: new Set(held.map((h) => h.tracking)),
    refs: new Set(held.flatMap((h) => (h.ref ? [h.ref] : []))),
  };
}

/**
 * POST /v1/admin/settlements: records a courier's settlement file (see the module's words). The same file again
 * (created false) records only the rows no file holds any more: none, unless a file that had settled some of its
 * parcels first was removed since, so that uploading it again counts them. It keeps the courier it was uploaded under.
 */
export async function recordSettlementFile(
  db: Db,
  clock: Clock,
  who: AuditActor,
  courier: 'bosta' | 'manual',
  file: { bytes: Uint8Array; name: string },
): Promise<AdminSettlementUploadResponse> {
  const parsed = readSettlementFile(file.bytes);
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(codSettlementFiles)
      .values({
        courier,
        fileName: file.name.slice(0, 200),
        sha256,
        rows: parsed.length,
        uploadedBy: who.id,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: codSettlementFiles.id });
    const [before] = made
      ? []
      : await tx
          .select({ id: codSettlementFiles.id, courier: codSettlementFiles.courier })
          .from(codSettlementFiles)
          .where(eq(codSettlementFiles.sha256, sha256))
          .for('update');
    // Removed by another request between the two statements: as if uploaded while it was being removed.
    if (!made && !before) throw new AppError(409, 'conflict', ['settlement_file_changed']);
    const fileId = made?.id ?? before!.id;
    // Again: only the rows this file does not hold yet (by tracking number or order number), so a row that now
    // finds another shipment than the first time is not recorded a second time under another key.
    const held = before ? await heldByFile(tx, before.id) : null;
    const rowsToRecord = held
      ? parsed.filter(
          (r) =>
            !(r.tracking && held.trackings.has(r.tracking)) && !(r.reference && held.refs.has(r.reference)),
        )
      : parsed;
    const { recorded, unknown } = await recordRows(tx, fileId, before?.courier ?? courier, rowsToRecord, now);
    if (made || recorded > 0)
      await audit(
        tx,
        who,
        'settlement.uploaded',
        { type: 'cod_settlement_file', id: fileId },
        {
          courier: before?.courier ?? courier,
          file: file.name,
          rows: parsed.length,
          recorded,
          unknown,
          ...(made ? {} : { again: true }),
        },
        now,
      );
    return {
      created: !!made,
      file_id: fileId,
      rows: parsed.length,
      recorded,
      already_settled: parsed.length - recorded,
      unknown,
    };
  });
}

/** What each of these files recorded, and how much of it named a shipment. */
async function fileCounts(db: Db, ids: number[]) {
  const counted = ids.length
    ? await db
        .select({
          fileId: codSettlements.fileId,
          recorded: count(),
          matched: count(codSettlements.shipmentId),
        })
        .from(codSettlements)
        .where(inArray(codSettlements.fileId, ids))
        .groupBy(codSettlements.fileId)
    : [];
  return new Map(
    counted.map((c) => [c.fileId, { recorded: Number(c.recorded), matched: Number(c.matched) }]),
  );
}

/** GET /v1/admin/settlements/files: the latest uploaded files, newest first. */
export async function settlementFiles(db: Db): Promise<SettlementFile[]> {
  const files = await db
    .select({
      id: codSettlementFiles.id,
      courier: codSettlementFiles.courier,
      fileName: codSettlementFiles.fileName,
      rows: codSettlementFiles.rows,
      createdAt: codSettlementFiles.createdAt,
      staffId: staff.id,
      staffName: staff.name,
    })
    .from(codSettlementFiles)
    .leftJoin(staff, eq(staff.id, codSettlementFiles.uploadedBy))
    .orderBy(desc(codSettlementFiles.createdAt), desc(codSettlementFiles.id))
    .limit(SETTLEMENT_FILES_SHOWN);
  const counts = await fileCounts(
    db,
    files.map((f) => f.id),
  );
  return files.map((f) => ({
    id: f.id,
    courier: f.courier === 'manual' ? 'manual' : 'bosta',
    file_name: f.fileName,
    rows: f.rows,
    recorded: counts.get(f.id)?.recorded ?? 0,
    matched: counts.get(f.id)?.matched ?? 0,
    staff: f.staffId === null ? null : { id: f.staffId, name: f.staffName ?? '' },
    created_at: f.createdAt.toISOString(),
  }));
}

/**
 * DELETE /v1/admin/settlements/files/{id}: the file and every amount it recorded (its rows go with it, ON DELETE
 * CASCADE), audited, in one transaction; the same file can then be uploaded again (under the right courier).
 */
export async function removeSettlementFile(db: Db, clock: Clock, who: AuditActor, id: number): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    // Locked: a second removal of the same file waits, then finds nothing (404).
    const [file] = await tx
      .select({
        courier: codSettlementFiles.courier,
        fileName: codSettlementFiles.fileName,
        rows: codSettlementFiles.rows,
        sha256: codSettlementFiles.sha256,
      })
      .from(codSettlementFiles)
      .where(eq(codSettlementFiles.id, id))
      .for('update');
    if (!file) throw AppError.notFound('settlement_file_not_found');
    const [counted] = await tx
      .select({ recorded: count(), matched: count(codSettlements.shipmentId) })
      .from(codSettlements)
      .where(eq(codSettlements.fileId, id));
    await tx.delete(codSettlementFiles).where(eq(codSettlementFiles.id, id));
    await audit(
      tx,
      who,
      'settlement.removed',
      { type: 'cod_settlement_file', id },
      {
        courier: file.courier,
        file: file.fileName,
        sha256: file.sha256,
        rows: file.rows,
        recorded: Number(counted?.recorded ?? 0),
        matched: Number(counted?.matched ?? 0),
      },
      now,
    );
  });
}

interface ParcelRow {
  day: string;
  courier: string;
  carrier_name: string | null;
  tracking_number: string;
  order_id: number | null;
  order_number: number | null;
  expected: string | number;
  collected: string | number | null;
  known: boolean;
}

const courierName = (courier: string, carrier: string | null) =>
  courier === 'bosta' ? 'Bosta' : carrier || courier;

/** GET /v1/admin/reports/settlements: collected against expected per day and courier over [from, to]. */
export async function settlementReport(
  db: Db,
  clock: Clock,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<AdminSettlementReport> {
  const to = query.to ?? cairoDay(clock.now());
  const from = query.from ?? addDays(to, -30);
  if (from > to || addDays(from, 366) < to) throw AppError.field('from', 'settlement_range_invalid');
  const parcels = await rows<ParcelRow>(
    db,
    sql`
      select * from (
        select coalesce(c.settled_on::text,
                        to_char(coalesce(s.last_event_at, s.updated_at) at time zone ${ZONE}, 'YYYY-MM-DD')) as day,
               s.courier, s.carrier_name, s.tracking_number, o.id as order_id, o.order_number,
               s.cod_piastres as expected, c.collected_piastres as collected, true as known
          from ${shipments} s
          join ${orders} o on o.id = s.order_id
          left join ${codSettlements} c on c.shipment_id = s.id
         where c.id is not null or (s.status = 'delivered' and s.cod_piastres > 0)
        union all
        select c.settled_on::text as day, c.courier, null, c.tracking_number, null, null,
               0, c.collected_piastres, false
          from ${codSettlements} c
         where c.shipment_id is null
      ) p
      where p.day between ${from} and ${to}
      order by p.day, p.courier, p.tracking_number`,
  );
  const days = new Map<string, AdminSettlementReport['days'][number]>();
  const differences: AdminSettlementReport['differences'] = [];
  let expectedAll = 0;
  let collectedAll = 0;
  for (const p of parcels) {
    const expected = Number(p.expected);
    const collected = p.collected === null ? null : Number(p.collected);
    const courier = courierName(p.courier, p.carrier_name);
    const kind: SettlementDifference | null = !p.known
      ? 'unknown'
      : collected === null
        ? 'not_collected'
        : collected < expected
          ? 'short'
          : collected > expected
            ? 'over'
            : null;
    const key = `${p.day}|${courier}`;
    const day = days.get(key) ?? {
      day: p.day,
      courier,
      expected: 0,
      collected: 0,
      difference: 0,
      flagged: 0,
    };
    // Sums in piastres while adding up; EGP once at the end.
    day.expected += expected;
    day.collected += collected ?? 0;
    if (kind) day.flagged += 1;
    days.set(key, day);
    expectedAll += expected;
    collectedAll += collected ?? 0;
    if (kind)
      differences.push({
        kind,
        day: p.day,
        courier,
        tracking_number: p.tracking_number,
        order_id: p.order_id === null ? null : Number(p.order_id),
        order_number: p.order_number === null ? null : Number(p.order_number),
        expected: toEgp(expected),
        collected: collected === null ? null : toEgp(collected),
        difference: toEgp((collected ?? 0) - expected),
      });
  }
  return {
    from,
    to,
    days: [...days.values()].map((d) => ({
      ...d,
      expected: toEgp(d.expected),
      collected: toEgp(d.collected),
      difference: toEgp(d.collected - d.expected),
    })),
    differences,
    totals: {
      expected: toEgp(expectedAll),
      collected: toEgp(collectedAll),
      difference: toEgp(collectedAll - expectedAll),
    },
  };
}
