/**
 * The storefront's content in the back office (issue 17): page settings (home page, about us), branches, delivery
 * zones, banks and installment plans. Every change is one transaction with its audit entry (before and after);
 * the tables' triggers move the catalog version, so cached store pages show the change at once (decision 009).
 */
import {
  groupSettingDefs,
  SETTING_IMAGE_MAX_SIDE,
  SETTING_IMAGE_MIN_WIDTH,
  toEgp,
  toPiastres,
  pageSettingDef,
  type AdminBank,
  type AdminBankBody,
  type AdminBranch,
  type AdminBranchBody,
  type AdminDeliveryZone,
  type AdminDeliveryZoneBody,
  type AdminPageSettings,
  type AdminPageSettingsUpdate,
  type AdminPlan,
  type AdminPlanBody,
  type ContentGroup,
} from '@store/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { ImageStore } from '../../adapters/image-store.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { bankInstallments, banks, branches, deliveryZones, pageSettings } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeWhole, MAX_MEGAPIXELS, readHeader, tooManyPixels } from '../../lib/pictures.ts';
import { cleanSvg, isMarkup } from '../../lib/svg-drawing.ts';
import { removeUnreferenced, type SweepLog } from '../../lib/upload-sweep.ts';
import { audit, auditedEdit, type CurrentStaff } from '../staff/index.ts';

const changed = () => new AppError(409, 'content_changed', ['content_changed']);

/** A row's version: a digest of what the editor was shown (tables without updated_at). */
const versionOf = (row: object) =>
  createHash('sha256').update(JSON.stringify(row)).digest('hex').slice(0, 20);
const withVersion = <T extends object>(row: T): T & { version: string } => ({
  ...row,
  version: versionOf(row),
});

/* ---------------- page settings ---------------- */

type SettingRow = typeof pageSettings.$inferSelect;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const newest = (rows: SettingRow[]) => rows.reduce((m, r) => Math.max(m, new Date(r.updatedAt).getTime()), 0);

function settingsView(group: ContentGroup, rows: SettingRow[]): AdminPageSettings {
  const byName = new Map(rows.map((r) => [r.name, r]));
  return {
    group,
    updated_at: new Date(newest(rows)).toISOString(),
    settings: groupSettingDefs(group).map((d) => {
      const r = byName.get(d.name);
      return {
        name: d.name,
        kind: d.kind,
        value: r?.value ?? null,
        attachment_url: r?.attachmentUrl ?? null,
        updated_at: iso(r?.updatedAt),
      };
    }),
  };
}

const groupRows = (db: DbOrTx, group: ContentGroup, lock = false) => {
  const q = db.select().from(pageSettings).where(eq(pageSettings.group, group)).orderBy(asc(pageSettings.id));
  return lock ? q.for('update') : q;
};

/** GET /v1/admin/page_settings?group=: every known setting of the group, with the group's updated_at. */
export async function getPageSettings(db: DbOrTx, group: ContentGroup) {
  return settingsView(group, await groupRows(db, group));
}

/**
 * Locks the group, checks that nothing changed since `updatedAt` (409 otherwise), and answers the time to stamp
 * the change with: never equal to the group's present updated_at, so the next stale edit is always caught.
 */
async function lockGroup(tx: DbOrTx, group: ContentGroup, updatedAt: string, now: Date) {
  const read = readTime(updatedAt);
  const rows = await groupRows(tx, group, true);
  const current = newest(rows);
  if (current !== read) throw changed();
  return { rows, stamp: new Date(Math.max(now.getTime(), current + 1)) };
}

function readTime(updatedAt: string) {
  const read = new Date(updatedAt).getTime();
  if (Number.isNaN(read)) throw AppError.field('updated_at', 'invalid_value');
  return read;
}

/** PUT /v1/admin/page_settings: the changed texts and links of one group, or 409 when another edit landed. */
export async function updatePageSettings(
  db: DbOrTx,
  me: CurrentStaff,
  body: AdminPageSettingsUpdate,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { rows, stamp } = await lockGroup(tx, body.group, body.updated_at, now);
    const byName = new Map(rows.map((r) => [r.name, r]));
    const before: Record<string, string | null> = {};
    const after: Record<string, string | null> = {};
    for (const s of body.settings) {
      const old = byName.get(s.name)?.value ?? null;
      if (old === s.value) continue;
      before[s.name] = old;
      after[s.name] = s.value;
      await tx
        .insert(pageSettings)
        .values({ group: body.group, name: s.name, value: s.value, attachmentUrl: null, updatedAt: stamp })
        .onConflictDoUpdate({
          target: [pageSettings.group, pageSettings.name],
          set: { value: s.value, updatedAt: stamp },
        });
    }
    if (Object.keys(after).length)
      await audit(
        tx,
        me,
        'page_settings.changed',
        { type: 'page_settings', id: body.group },
        { before, after },
        now,
      );
    return settingsView(body.group, await groupRows(tx, body.group));
  });
}

/**
 * What a picture is, by its content, and what is kept of it: a JPEG, PNG or WebP as sent once it decodes to its end
 * (one decode, in the picture queue: lib/pictures.ts), or an SVG drawing written again from its allow-list
 * (lib/svg-drawing.ts). 422 on `file` otherwise.
 */
async function checkPicture(file: Buffer): Promise<{ data: Buffer; ext: string; type: string }> {
  const sides = (width: number, height: number) => {
    if (width > SETTING_IMAGE_MAX_SIDE || height > SETTING_IMAGE_MAX_SIDE)
      throw AppError.field('file', `content_image_too_big:${SETTING_IMAGE_MAX_SIDE}`);
  };
  if (isMarkup(file)) {
    const svg = cleanSvg(file);
    if (!svg.ok && svg.reason === 'not_allowed') throw AppError.field('file', `svg_not_allowed:${svg.found}`);
    if (!svg.ok && svg.reason === 'malformed') throw AppError.field('file', 'svg_malformed');
    // What sharp reads is the drawing as it will be kept, never the file as it came.
    const meta = svg.ok ? await readHeader(svg.svg) : null;
    if (!svg.ok || meta?.format !== 'svg') throw AppError.field('file', 'content_image_type');
    sides(meta.width ?? 0, meta.height ?? 0);
    return { data: svg.svg, ext: 'svg', type: 'image/svg+xml' };
  }
  const meta = await readHeader(file);
  const ext = { jpeg: 'jpg', png: 'png', webp: 'webp' }[meta?.format as string];
  if (!meta || !ext) throw AppError.field('file', 'content_image_type');
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < SETTING_IMAGE_MIN_WIDTH)
    throw AppError.field('file', `content_image_too_small:${SETTING_IMAGE_MIN_WIDTH}`);
  sides(width, height);
  if (tooManyPixels(width, height))
    throw AppError.field('file', `content_image_too_many_pixels:${MAX_MEGAPIXELS}`);
  if (!(await decodeWhole(file))) throw AppError.field('file', 'content_image_unreadable');
  return { data: file, ext, type: `image/${meta.format}` };
}

/**
 * POST /v1/admin/page_settings/{name}/image: 409 when the group changed since `updatedAt`, checked before anything
 * is decoded or written, and again under the group's lock; then the picture, checked by its content, is kept in
 * the image store under content/ (a new random name, so no cache shows an old picture at the new address) and
 * the setting points at it. A write that fails removes the new file; once it has committed, the picture it
 * replaced is removed unless something else names it.
 */
export async function uploadSettingImage(
  db: DbOrTx,
  me: CurrentStaff,
  store: ImageStore | undefined,
  name: string,
  input: { file: unknown; updatedAt: unknown },
  now: Date,
  log: SweepLog,
) {
  const def = pageSettingDef(name);
  if (!def) throw AppError.notFound('not_found');
  if (def.kind !== 'image') throw AppError.field('file', 'setting_unknown');
  if (!store) throw new AppError(503, 'uploads_unavailable', ['uploads_unavailable']);
  if (!Buffer.isBuffer(input.file) || input.file.length === 0)
    throw AppError.field('file', 'content_file_required');
  if (typeof input.updatedAt !== 'string' || !input.updatedAt) throw AppError.field('updated_at', 'required');
  const updatedAt = input.updatedAt;
  if (newest(await groupRows(db, def.group)) !== readTime(updatedAt)) throw changed();
  const picture = await checkPicture(input.file);
  const key = `content/${name.replace(/_/g, '-')}-${randomBytes(8).toString('hex')}.${picture.ext}`;
  await store.put(key, picture.data, picture.type);
  const url = store.url(key);
  let replaced: string | null = null;
  let view: AdminPageSettings;
  try {
    view = await db.transaction(async (tx) => {
      const { rows, stamp } = await lockGroup(tx, def.group, updatedAt, now);
      const old = rows.find((r) => r.name === name)?.attachmentUrl ?? null;
      await tx
        .insert(pageSettings)
        .values({ group: def.group, name, value: null, attachmentUrl: url, updatedAt: stamp })
        .onConflictDoUpdate({
          target: [pageSettings.group, pageSettings.name],
          set: { attachmentUrl: url, updatedAt: stamp },
        });
      await audit(
        tx,
        me,
        'page_settings.image_changed',
        { type: 'page_settings', id: def.group },
        { name, before: old, after: url },
        now,
      );
      replaced = old;
      return settingsView(def.group, await groupRows(tx, def.group));
    });
  } catch (err) {
    await store.remove(key).catch(() => undefined);
    throw err;
  }
  await removeUnreferenced(db, store, [replaced], log);
  return view;
}

/* ---------------- rows with a version ---------------- */

/* ---------------- branches ---------------- */

type BranchRow = typeof branches.$inferSelect;
const branchView = (r: BranchRow): Omit<AdminBranch, 'version'> => ({
  id: r.id,
  name_en: r.nameEn,
  name_ar: r.nameAr,
  address_en: r.addressEn,
  address_ar: r.addressAr,
  phone_numbers: r.phoneNumbers,
  lat: r.lat,
  lng: r.lng,
  position: r.position,
  active: r.active,
});
const branchColumns = (b: AdminBranchBody) => ({
  nameEn: b.name_en,
  nameAr: b.name_ar,
  addressEn: b.address_en,
  addressAr: b.address_ar,
  phoneNumbers: b.phone_numbers,
  lat: b.lat,
  lng: b.lng,
  position: b.position,
  active: b.active,
});

export async function listBranchesAdmin(db: DbOrTx): Promise<AdminBranch[]> {
  const rows = await db.select().from(branches).orderBy(asc(branches.position), asc(branches.id));
  return rows.map((r) => withVersion(branchView(r)));
}

export async function createBranch(db: DbOrTx, me: CurrentStaff, body: AdminBranchBody, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(branches).values(branchColumns(body)).returning();
    const after = branchView(row!);
    await audit(tx, me, 'branch.added', { type: 'branch', id: row!.id }, { before: null, after }, now);
    return withVersion(after);
  });
}

export async function updateBranch(
  db: DbOrTx,
  me: CurrentStaff,
  id: number,
  body: AdminBranchBody & { version: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { after } = await auditedEdit(tx, me, {
      read: async () => (await tx.select().from(branches).where(eq(branches.id, id)).for('update'))[0],
      notFound: 'branch_not_found',
      stale: (row) => versionOf(branchView(row)) !== body.version,
      staleError: changed,
      auditView: branchView,
      write: async () =>
        (await tx.update(branches).set(branchColumns(body)).where(eq(branches.id, id)).returning())[0]!,
      action: 'branch.changed',
      target: { type: 'branch', id },
      now,
    });
    return withVersion(branchView(after));
  });
}

export async function deleteBranch(db: DbOrTx, me: CurrentStaff, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(branches).where(eq(branches.id, id)).returning();
    if (!row) throw AppError.notFound('branch_not_found');
    await audit(
      tx,
      me,
      'branch.deleted',
      { type: 'branch', id },
      { before: branchView(row), after: null },
      now,
    );
    return { result: 'deleted' as const, message: null };
  });
}

/* ---------------- delivery zones ---------------- */

type ZoneRow = typeof deliveryZones.$inferSelect;
const zoneView = (r: ZoneRow, addresses: number): Omit<AdminDeliveryZone, 'version'> => ({
  id: r.id,
  name_en: r.nameEn,
  name_ar: r.nameAr,
  shipping_fees: toEgp(r.shippingFeesPiastres),
  free_shipping_from: r.freeShippingFromPiastres === null ? null : toEgp(r.freeShippingFromPiastres),
  delivery_days_min: r.deliveryDaysMin,
  delivery_days_max: r.deliveryDaysMax,
  active: r.active,
  addresses,
});
const zoneColumns = (b: AdminDeliveryZoneBody) => ({
  nameEn: b.name_en,
  nameAr: b.name_ar,
  shippingFeesPiastres: toPiastres(b.shipping_fees),
  freeShippingFromPiastres: b.free_shipping_from === null ? null : toPiastres(b.free_shipping_from),
  deliveryDaysMin: b.delivery_days_min,
  deliveryDaysMax: b.delivery_days_max,
  active: b.active,
});
/** The version ignores the address count: a shopper adding an address does not make an edit stale. */
const zoneVersioned = (v: Omit<AdminDeliveryZone, 'version'>): AdminDeliveryZone => {
  const { addresses: _, ...row } = v;
  return { ...v, version: versionOf(row) };
};
const zoneVersionView = (r: ZoneRow) => {
  const { addresses: _, ...row } = zoneView(r, 0);
  return row;
};

async function addressCount(db: DbOrTx, zoneId: number) {
  const [r] = rowsOf<{ n: string }>(
    await db.execute(sql`select count(*) as n from addresses where delivery_zone_id = ${zoneId}`),
  );
  return Number(r?.n ?? 0);
}

async function zoneNameFree(db: DbOrTx, nameEn: string, exceptId: number | null) {
  const [taken] = await db
    .select({ id: deliveryZones.id })
    .from(deliveryZones)
    .where(
      and(
        sql`lower(${deliveryZones.nameEn}) = lower(${nameEn})`,
        exceptId === null ? sql`true` : ne(deliveryZones.id, exceptId),
      ),
    );
  if (taken) throw AppError.field('name_en', 'zone_name_taken');
}

export async function listZonesAdmin(db: DbOrTx): Promise<AdminDeliveryZone[]> {
  const rows = await db.select().from(deliveryZones).orderBy(asc(deliveryZones.nameEn));
  const counts = new Map(
    rowsOf<{ id: number; n: string }>(
      await db.execute(
        sql`select delivery_zone_id as id, count(*) as n from addresses where delivery_zone_id is not null group by 1`,
      ),
    ).map((r) => [Number(r.id), Number(r.n)]),
  );
  return rows.map((r) => zoneVersioned(zoneView(r, counts.get(r.id) ?? 0)));
}

export async function createZone(db: DbOrTx, me: CurrentStaff, body: AdminDeliveryZoneBody, now: Date) {
  return db.transaction(async (tx) => {
    await zoneNameFree(tx, body.name_en, null);
    const [row] = await tx.insert(deliveryZones).values(zoneColumns(body)).returning();
    const after = zoneView(row!, 0);
    await audit(
      tx,
      me,
      'delivery_zone.added',
      { type: 'delivery_zone', id: row!.id },
      { before: null, after },
      now,
    );
    return zoneVersioned(after);
  });
}

export async function updateZone(
  db: DbOrTx,
  me: CurrentStaff,
  id: number,
  body: AdminDeliveryZoneBody & { version: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { after } = await auditedEdit<ZoneRow, object>(tx, me, {
      read: async () =>
        (await tx.select().from(deliveryZones).where(eq(deliveryZones.id, id)).for('update'))[0],
      notFound: 'zone_not_found',
      stale: (row) => versionOf(zoneVersionView(row)) !== body.version,
      staleError: changed,
      auditView: zoneVersionView,
      auditAfter: async (row) => zoneView(row, await addressCount(tx, id)),
      write: async () => {
        await zoneNameFree(tx, body.name_en, id);
        return (
          await tx.update(deliveryZones).set(zoneColumns(body)).where(eq(deliveryZones.id, id)).returning()
        )[0]!;
      },
      action: 'delivery_zone.changed',
      target: { type: 'delivery_zone', id },
      now,
    });
    return zoneVersioned(zoneView(after, await addressCount(tx, id)));
  });
}

/** DELETE: a zone that saved addresses point at is switched off instead (they and their orders keep it). */
export async function deleteZone(db: DbOrTx, me: CurrentStaff, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(deliveryZones).where(eq(deliveryZones.id, id)).for('update');
    if (!row) throw AppError.notFound('zone_not_found');
    const before = zoneVersionView(row);
    if ((await addressCount(tx, id)) > 0) {
      await tx.update(deliveryZones).set({ active: false }).where(eq(deliveryZones.id, id));
      await audit(
        tx,
        me,
        'delivery_zone.switched_off',
        { type: 'delivery_zone', id },
        { before, after: { ...before, active: false } },
        now,
      );
      return { result: 'deactivated' as const, message: 'zone_switched_off_in_use' };
    }
    await tx.delete(deliveryZones).where(eq(deliveryZones.id, id));
    await audit(tx, me, 'delivery_zone.deleted', { type: 'delivery_zone', id }, { before, after: null }, now);
    return { result: 'deleted' as const, message: null };
  });
}

/* ---------------- banks ---------------- */

type BankRow = typeof banks.$inferSelect;
const bankView = (r: BankRow): Omit<AdminBank, 'version'> => ({
  id: r.id,
  name_en: r.nameEn,
  name_ar: r.nameAr,
  position: r.position,
  active: r.active,
});
const bankColumns = (b: AdminBankBody) => ({
  nameEn: b.name_en,
  nameAr: b.name_ar,
  position: b.position,
  active: b.active,
});

export async function listBanksAdmin(db: DbOrTx): Promise<AdminBank[]> {
  const rows = await db.select().from(banks).orderBy(asc(banks.position), asc(banks.id));
  return rows.map((r) => withVersion(bankView(r)));
}

export async function createBank(db: DbOrTx, me: CurrentStaff, body: AdminBankBody, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(banks).values(bankColumns(body)).returning();
    const after = bankView(row!);
    await audit(tx, me, 'bank.added', { type: 'bank', id: row!.id }, { before: null, after }, now);
    return withVersion(after);
  });
}

export async function updateBank(
  db: DbOrTx,
  me: CurrentStaff,
  id: number,
  body: AdminBankBody & { version: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { after } = await auditedEdit(tx, me, {
      read: async () => (await tx.select().from(banks).where(eq(banks.id, id)).for('update'))[0],
      notFound: 'bank_not_found',
      stale: (row) => versionOf(bankView(row)) !== body.version,
      staleError: changed,
      auditView: bankView,
      write: async () =>
        (await tx.update(banks).set(bankColumns(body)).where(eq(banks.id, id)).returning())[0]!,
      action: 'bank.changed',
      target: { type: 'bank', id },
      now,
    });
    return withVersion(bankView(after));
  });
}

/** DELETE: a bank whose plans orders used is switched off instead; otherwise it goes with its plans. */
export async function deleteBank(db: DbOrTx, me: CurrentStaff, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(banks).where(eq(banks.id, id)).for('update');
    if (!row) throw AppError.notFound('bank_not_found');
    const before = bankView(row);
    const [used] = rowsOf<{ n: string }>(
      await tx.execute(sql`select count(*) as n from orders o join bank_installments b
        on b.id = o.bank_installment_id where b.bank_id = ${id}`),
    );
    if (Number(used?.n ?? 0) > 0) {
      await tx.update(banks).set({ active: false }).where(eq(banks.id, id));
      await audit(
        tx,
        me,
        'bank.switched_off',
        { type: 'bank', id },
        { before, after: { ...before, active: false } },
        now,
      );
      return { result: 'deactivated' as const, message: 'bank_switched_off_in_orders' };
    }
    const plans = await tx.select().from(bankInstallments).where(eq(bankInstallments.bankId, id));
    await tx.delete(banks).where(eq(banks.id, id));
    await audit(
      tx,
      me,
      'bank.deleted',
      { type: 'bank', id },
      { before: { ...before, plans: plans.map((p) => planColumnsView(p)) }, after: null },
      now,
    );
    return { result: 'deleted' as const, message: null };
  });
}

/* ---------------- installment plans ---------------- */

type PlanRow = typeof bankInstallments.$inferSelect;
const planColumnsView = (r: PlanRow) => ({
  id: r.id,
  bank_id: r.bankId,
  title_en: r.titleEn,
  title_ar: r.titleAr,
  months: r.months,
  interest_percent: r.interestBasisPoints / 100,
  fee_percent: r.feeBasisPoints / 100,
  minimum_amount: toEgp(r.minimumPiastres),
  active: r.active,
});
const planView = (r: PlanRow, inOrders: boolean): AdminPlan => ({
  ...planColumnsView(r),
  in_orders: inOrders,
  version: versionOf(planColumnsView(r)),
});
const planColumns = (b: AdminPlanBody) => ({
  bankId: b.bank_id,
  titleEn: b.title_en,
  titleAr: b.title_ar,
  months: b.months,
  interestBasisPoints: Math.round(b.interest_percent * 100),
  feeBasisPoints: Math.round(b.fee_percent * 100),
  minimumPiastres: toPiastres(b.minimum_amount),
  active: b.active,
});

async function planInOrders(db: DbOrTx, id: number) {
  const [r] = rowsOf<{ n: string }>(
    await db.execute(sql`select count(*) as n from orders where bank_installment_id = ${id}`),
  );
  return Number(r?.n ?? 0) > 0;
}

async function bankExists(db: DbOrTx, id: number) {
  const [b] = await db.select({ id: banks.id }).from(banks).where(eq(banks.id, id));
  if (!b) throw AppError.field('bank_id', 'bank_not_found');
}

export async function listPlansAdmin(db: DbOrTx, bankId?: number): Promise<AdminPlan[]> {
  const rows = await db
    .select()
    .from(bankInstallments)
    .where(bankId === undefined ? sql`true` : eq(bankInstallments.bankId, bankId))
    .orderBy(asc(bankInstallments.bankId), asc(bankInstallments.months), asc(bankInstallments.id));
  const used = new Set(
    rowsOf<{ id: number }>(
      await db.execute(
        sql`select distinct bank_installment_id as id from orders where bank_installment_id is not null`,
      ),
    ).map((r) => Number(r.id)),
  );
  return rows.map((r) => planView(r, used.has(r.id)));
}

export async function createPlan(db: DbOrTx, me: CurrentStaff, body: AdminPlanBody, now: Date) {
  return db.transaction(async (tx) => {
    await bankExists(tx, body.bank_id);
    const [row] = await tx.insert(bankInstallments).values(planColumns(body)).returning();
    const after = planColumnsView(row!);
    await audit(
      tx,
      me,
      'bank_installment.added',
      { type: 'bank_installment', id: row!.id },
      { before: null, after },
      now,
    );
    return planView(row!, false);
  });
}

export async function updatePlan(
  db: DbOrTx,
  me: CurrentStaff,
  id: number,
  body: AdminPlanBody & { version: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const { after } = await auditedEdit(tx, me, {
      read: async () =>
        (await tx.select().from(bankInstallments).where(eq(bankInstallments.id, id)).for('update'))[0],
      notFound: 'plan_not_found',
      stale: (row) => versionOf(planColumnsView(row)) !== body.version,
      staleError: changed,
      auditView: planColumnsView,
      write: async () => {
        await bankExists(tx, body.bank_id);
        return (
          await tx
            .update(bankInstallments)
            .set(planColumns(body))
            .where(eq(bankInstallments.id, id))
            .returning()
        )[0]!;
      },
      action: 'bank_installment.changed',
      target: { type: 'bank_installment', id },
      now,
    });
    return planView(after, await planInOrders(tx, id));
  });
}

/** DELETE: a plan that orders used is switched off instead (the orders keep their plan). */
export async function deletePlan(db: DbOrTx, me: CurrentStaff, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(bankInstallments).where(eq(bankInstallments.id, id)).for('update');
    if (!row) throw AppError.notFound('plan_not_found');
    const before = planColumnsView(row);
    if (await planInOrders(tx, id)) {
      await tx.update(bankInstallments).set({ active: false }).where(eq(bankInstallments.id, id));
      await audit(
        tx,
        me,
        'bank_installment.switched_off',
        { type: 'bank_installment', id },
        { before, after: { ...before, active: false } },
        now,
      );
      return { result: 'deactivated' as const, message: 'plan_switched_off_in_orders' };
    }
    await tx.delete(bankInstallments).where(eq(bankInstallments.id, id));
    await audit(
      tx,
      me,
      'bank_installment.deleted',
      { type: 'bank_installment', id },
      { before, after: null },
      now,
    );
    return { result: 'deleted' as const, message: null };
  });
}
