/**
 * Cash-on-delivery settlement (issue 48 item 4): an owner uploads Bosta's settlement CSV, each row lands on its
 * shipment (by tracking number or business reference), the report flags every difference, the same file twice
 * changes nothing, and a bad file is refused in the staff member's language with nothing recorded. A file uploaded
 * under the wrong courier is listed, removed with its amounts (audited), and then counts under the right one.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, codSettlementFiles, codSettlements, orders, shipments } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addShopper, addZones, call, productMaker, readyToPay } from '../../test/shoppers.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';

let t: TestApp;
let staff: { owner: StaffAuth; clerk: StaffAuth; catalog: StaffAuth };
let today: string;
/** Tracking number → the order's id and number. */
const parcels = new Map<string, { orderId: number; number: number }>();

/** A placed cash order with a Bosta parcel (or a hand-typed carrier's) in `status`, `cod` piastres to collect. */
async function parcel(
  tracking: string,
  cod: number,
  status = 'delivered',
  courier: 'bosta' | 'manual' = 'bosta',
) {
  const make = await productMaker(t.database.db, t.clock.now());
  const shopper = await addShopper(t.database.db, t.clock.now());
  const p = await make(500, 10);
  const { orderId } = await readyToPay(t.app, shopper, [{ productId: p.id, quantity: 1 }]);
  const r = await call(t.app, 'PUT', '/v1/users/checkout', shopper.headers, { payment_method: 'cash' });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  await t.database.db.insert(shipments).values({
    orderId,
    courier,
    carrierName: courier === 'manual' ? 'Mandoob Express' : null,
    trackingNumber: tracking,
    status,
    codPiastres: cod,
    lastEventAt: t.clock.now(),
  });
  const [o] = await t.database.db
    .select({ number: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, orderId));
  parcels.set(tracking, { orderId, number: o!.number! });
}

async function upload(
  content: string | Buffer,
  who: StaffAuth = staff.owner,
  locale = 'en',
  courier = 'bosta',
) {
  const boundary = `----settle${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="courier"\r\n\r\n${courier}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="bosta-settlement.csv"\r\n` +
        'content-type: text/csv\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/admin/settlements?locale=${locale}`,
    payload,
    headers: { ...who, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, body: res.json() };
}

const report = async (who: StaffAuth = staff.owner) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/admin/reports/settlements?from=${today}&to=${today}`,
    headers: who,
  });
  return { status: res.statusCode, body: res.json() };
};

const files = async (who: StaffAuth = staff.owner) => {
  const res = await t.app.inject({ method: 'GET', url: '/v1/admin/settlements/files', headers: who });
  return { status: res.statusCode, body: res.json() };
};

const removeFile = async (id: number, who: StaffAuth = staff.owner, locale = 'en') => {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/v1/admin/settlements/files/${id}?locale=${locale}`,
    headers: who,
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};

const recordedRows = async () => (await t.database.db.select({ n: count() }).from(codSettlements))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  await addZones(t.database.db);
  staff = await ownerCatalogClerk(t, 'a-long-staff-password-1');
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Cairo' }).format(t.clock.now());
  await parcel('70000001', 50_000); // collected in full
  await parcel('70000002', 80_000); // short
  await parcel('70000003', 30_000); // over
  await parcel('70000004', 45_000); // delivered, not in the file
  await parcel('70000005', 20_000); // named by its business reference only
});
afterAll(() => t?.close());

describe('cash-on-delivery settlement', () => {
  it('records Bosta’s CSV per shipment and the report flags short, over, not collected and unknown', async () => {
    const ref = parcels.get('70000005')!.number;
    const [d, m, y] = [today.slice(8, 10), today.slice(5, 7), today.slice(0, 4)];
    // Bosta's export: a BOM, more columns than needed, quoted amounts with thousands, Arabic-Indic digits, DD/MM/YYYY.
    const csv =
      '\ufeffTracking Number,Business Reference,Consignee,COD Collected,Settlement Date\r\n' +
      `70000001,,"أحمد علي","500.00",${today}\r\n` +
      `70000002,,منى,"750",${d}/${m}/${y}\r\n` +
      `70000003,,"Sara, Giza",٣٥٠,${today}T10:00:00Z\r\n` +
      `,${ref},كريم,200,${today}\r\n` +
      `99999999,,مجهول,"1,000.50",${today}\r\n`;
    const res = await upload(csv);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ created: true, rows: 5, recorded: 5, already_settled: 0, unknown: 1 });

    const stored = await t.database.db
      .select({
        shipment: codSettlements.shipmentId,
        tracking: codSettlements.trackingNumber,
        collected: codSettlements.collectedPiastres,
        on: codSettlements.settledOn,
        file: codSettlements.fileId,
      })
      .from(codSettlements);
    expect(stored.find((s) => s.tracking === '70000003')).toMatchObject({ collected: 35_000, on: today });
    expect(stored.find((s) => s.tracking === '70000005')?.shipment).not.toBeNull();
    expect(stored.find((s) => s.tracking === '99999999')?.shipment).toBeNull();
    expect(new Set(stored.map((s) => s.file))).toEqual(new Set([res.body.file_id]));

    const r = await report();
    expect(r.status).toBe(200);
    expect(r.body.days).toEqual([
      {
        day: today,
        courier: 'Bosta',
        expected: 2250,
        collected: 2800.5,
        difference: 550.5,
        flagged: 4,
      },
    ]);
    const kinds = Object.fromEntries(
      r.body.differences.map((x: { tracking_number: string; kind: string }) => [x.tracking_number, x]),
    );
    expect(Object.keys(kinds).sort()).toEqual(['70000002', '70000003', '70000004', '99999999']);
    expect(kinds['70000002']).toMatchObject({
      kind: 'short',
      expected: 800,
      collected: 750,
      difference: -50,
    });
    expect(kinds['70000003']).toMatchObject({ kind: 'over', expected: 300, collected: 350, difference: 50 });
    expect(kinds['70000004']).toMatchObject({
      kind: 'not_collected',
      collected: null,
      difference: -450,
      order_id: parcels.get('70000004')!.orderId,
    });
    expect(kinds['99999999']).toMatchObject({
      kind: 'unknown',
      expected: 0,
      collected: 1000.5,
      order_id: null,
    });
  });

  it('the same file uploaded again changes nothing', async () => {
    const csv = `tracking_number,cod,date\n70000004,450,${today}\n`;
    const first = await upload(csv);
    expect(first.status).toBe(201);
    const rowsBefore = await recordedRows();
    const files = (await t.database.db.select({ n: count() }).from(codSettlementFiles))[0]!.n;
    const again = await upload(csv);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, file_id: first.body.file_id, recorded: 0 });
    expect(await recordedRows()).toBe(rowsBefore);
    expect((await t.database.db.select({ n: count() }).from(codSettlementFiles))[0]!.n).toBe(files);
    // A different file naming a parcel already settled adds nothing for it either.
    const other = await upload(`Tracking Number,COD,Date\n70000004,999,${today}\n`);
    expect(other.body).toMatchObject({ created: true, recorded: 0, already_settled: 1 });
    const r = await report();
    expect(r.body.differences.map((x: { tracking_number: string }) => x.tracking_number)).not.toContain(
      '70000004',
    );
  });

  it('a bad file is refused in the staff member’s language and records nothing', async () => {
    const before = await recordedRows();
    const missing = await upload('رقم التتبع,الاسم\n70000009,منى\n', staff.owner, 'ar');
    expect(missing.status).toBe(422);
    expect(missing.body.errors.file[0]).toContain('عناوين الملف ناقصها الأعمدة');
    const badRow = await upload(`Tracking Number,COD,Date\n70000010,100,${today}\n70000011,abc,${today}\n`);
    expect(badRow.status).toBe(422);
    expect(badRow.body.errors.file).toEqual([
      'Row 3 has no parcel, or its amount or date cannot be read. Fix it and upload the file again. Nothing was recorded.',
    ]);
    const latin1 = await upload(
      Buffer.from([0x54, 0x72, 0x61, 0x63, 0x6b, 0x0a, 0xe9, 0xff, 0x0a]),
      staff.owner,
      'ar',
    );
    expect(latin1.status).toBe(422);
    expect(latin1.body.errors.file[0]).toContain('UTF-8');
    expect(await recordedRows()).toBe(before);
    expect(
      (await upload(`Tracking Number,COD,Date\n1,1,${today}\n`, staff.owner, 'en', 'aramex')).status,
    ).toBe(422);
  });

  it('only owners upload settlements and read the report', async () => {
    expect((await upload(`Tracking Number,COD,Date\n70000012,1,${today}\n`, staff.clerk)).status).toBe(403);
    expect((await report(staff.clerk)).status).toBe(403);
  });
});

describe('a settlement file uploaded under the wrong courier', () => {
  type Diff = { tracking_number: string; kind: string; courier: string };
  const kindsOf = (r: { body: { differences: Diff[] } }, tracking: string) =>
    r.body.differences
      .filter((x) => x.tracking_number === tracking)
      .map((x) => x.kind)
      .sort();

  it('is listed, removed with the amounts it recorded (audited), and the same file then counts under the right courier', async () => {
    await parcel('HAND-0001', 60_000, 'delivered', 'manual');
    const csv = `Tracking Number,COD Collected,Date\nHAND-0001,600,${today}\n`;
    // The courier box left at Bosta for the hand-typed carrier's file: its one row is an unknown shipment's cash.
    const wrong = await upload(csv);
    expect(wrong.status).toBe(201);
    expect(wrong.body).toMatchObject({ created: true, rows: 1, recorded: 1, unknown: 1 });
    const before = await report();
    expect(kindsOf(before, 'HAND-0001')).toEqual(['not_collected', 'unknown']);

    const listed = await files();
    expect(listed.status).toBe(200);
    expect(listed.body.files[0]).toEqual({
      id: wrong.body.file_id,
      courier: 'bosta',
      file_name: 'bosta-settlement.csv',
      rows: 1,
      recorded: 1,
      matched: 0,
      staff: { id: expect.any(Number), name: 'Hoda' },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/),
    });
    // Newest first; the first test's file matched 4 of its 5 rows.
    const ids = listed.body.files.map((f: { id: number }) => f.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(listed.body.files.at(-1)).toMatchObject({ rows: 5, recorded: 5, matched: 4 });
    // Before removing it, the right courier's upload of the same file changes nothing.
    expect((await upload(csv, staff.owner, 'en', 'manual')).body).toMatchObject({
      created: false,
      recorded: 0,
    });

    const removed = await removeFile(wrong.body.file_id);
    expect(removed.status).toBe(204);
    const after = await report();
    expect(kindsOf(after, 'HAND-0001')).toEqual(['not_collected']);
    expect(after.body.totals.collected).toBeCloseTo(before.body.totals.collected - 600, 2);
    const left = await t.database.db
      .select({ n: count() })
      .from(codSettlements)
      .where(eq(codSettlements.fileId, wrong.body.file_id));
    expect(left[0]!.n).toBe(0);
    expect(
      await t.database.db
        .select()
        .from(codSettlementFiles)
        .where(eq(codSettlementFiles.id, wrong.body.file_id)),
    ).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settlement.removed'));
    expect(entry).toMatchObject({
      staffId: listed.body.files[0].staff.id,
      targetType: 'cod_settlement_file',
      targetId: String(wrong.body.file_id),
      details: { courier: 'bosta', file: 'bosta-settlement.csv', rows: 1, recorded: 1, matched: 0 },
    });
    expect((await files()).body.files.map((f: { id: number }) => f.id)).not.toContain(wrong.body.file_id);

    const right = await upload(csv, staff.owner, 'en', 'manual');
    expect(right.status).toBe(201);
    expect(right.body).toMatchObject({ created: true, rows: 1, recorded: 1, unknown: 0 });
    const settled = await report();
    expect(kindsOf(settled, 'HAND-0001')).toEqual([]);
    expect(settled.body.days).toContainEqual(
      expect.objectContaining({ courier: 'Mandoob Express', expected: 600, collected: 600, flagged: 0 }),
    );
    expect(settled.body.totals.collected).toBeCloseTo(before.body.totals.collected, 2);
    expect((await files()).body.files[0]).toMatchObject({
      id: right.body.file_id,
      courier: 'manual',
      recorded: 1,
      matched: 1,
    });
  });

  it('only owners list and remove files; an unknown file answers 404 in the language asked for', async () => {
    const made = await upload(`Tracking Number,COD,Date\n70000099,10,${today}\n`);
    expect(made.status).toBe(201);
    for (const who of [staff.clerk, staff.catalog]) {
      expect((await files(who)).status).toBe(403);
      expect((await removeFile(made.body.file_id, who)).status).toBe(403);
    }
    expect((await files()).body.files.map((f: { id: number }) => f.id)).toContain(made.body.file_id);

    const en = await removeFile(999_999);
    expect(en.status).toBe(404);
    expect(en.body.errors).toEqual([
      'This settlement file is not on the list any more: it may have been removed already.',
    ]);
    const ar = await removeFile(999_999, staff.owner, 'ar');
    expect(ar.status).toBe(404);
    expect(ar.body.errors).toEqual(['ملف التسوية ده مش موجود في القايمة: يمكن حد شاله قبل كده.']);
    // Removed once, the same file is unknown the second time.
    expect((await removeFile(made.body.file_id)).status).toBe(204);
    expect((await removeFile(made.body.file_id)).status).toBe(404);
  });
  it('a file that named a parcel already settled counts it when uploaded again after the first file is removed', async () => {
    await parcel('70000007', 30_000);
    const first = await upload(`Tracking Number,COD,Date\n70000007,300,${today}\n70000098,5,${today}\n`);
    expect(first.body).toMatchObject({ created: true, recorded: 2 });
    // A later file names the same parcel: skipped as already settled.
    const later = `Tracking Number,COD,Date\n70000007,300,${today}\n`;
    expect((await upload(later)).body).toMatchObject({ created: true, recorded: 0, already_settled: 1 });
    // The first file was a mistake: removed, its amount goes with it.
    expect((await removeFile(first.body.file_id)).status).toBe(204);
    expect(kindsOf(await report(), '70000007')).toEqual(['not_collected']);
    // The later file again: the parcel it named counts now, under that file, once.
    const again = await upload(later);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, recorded: 1, already_settled: 0, unknown: 0 });
    expect(kindsOf(await report(), '70000007')).toEqual([]);
    const listed = (await files()).body.files.find((f: { id: number }) => f.id === again.body.file_id);
    expect(listed).toMatchObject({ recorded: 1, matched: 1 });
    const entries = await t.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(again.body.file_id)));
    expect(entries.map((e) => e.details)).toContainEqual(
      expect.objectContaining({ again: true, recorded: 1 }),
    );
    // A third time changes nothing.
    expect((await upload(later)).body).toMatchObject({ created: false, recorded: 0, already_settled: 1 });
  });
  it('a file uploaded again does not record a row a second time when it now finds another shipment', async () => {
    // The order's first parcel was cancelled: a row naming the order only is an unknown shipment.
    await parcel('70000008', 40_000, 'canceled');
    const { orderId, number } = parcels.get('70000008')!;
    const csv = `Business Reference,COD,Date\n${number},400,${today}\n`;
    expect((await upload(csv)).body).toMatchObject({ created: true, recorded: 1, unknown: 1 });
    // Sent again under a new tracking number, it is delivered; the same file again records nothing new.
    await t.database.db.insert(shipments).values({
      orderId,
      courier: 'bosta',
      trackingNumber: '70000009',
      status: 'delivered',
      codPiastres: 40_000,
      lastEventAt: t.clock.now(),
    });
    const rowsBefore = await recordedRows();
    expect((await upload(csv)).body).toMatchObject({ created: false, recorded: 0, already_settled: 1 });
    expect(await recordedRows()).toBe(rowsBefore);
  });
});
