/**
 * The sales report (issue 49 item 5) over generated orders answers what the plain definitions say (contracts
 * reports.ts): every group compared with a query written the simple way (each order's Cairo day, its lines added
 * up one order at a time), and the same rows as CSV.
 */
import { REPORT_GROUPS, salesReportResponseSchema, toEgp, type SalesReportResponse } from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGeneratedOrders } from '../../db/seed/orders.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addBrand, addCategory, addProduct } from '../../test/fixtures.ts';
import { addBanks, addZones, productMaker } from '../../test/shoppers.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';
import { cairoDay } from './service.ts';

type Row = Record<string, unknown>;
let t: TestApp;
let staff: { owner: StaffAuth; clerk: StaffAuth; catalog: StaffAuth };
const rows = async (q: SQL) => ((await t.database.db.execute(q)) as unknown as { rows: Row[] }).rows;
const TZ = 'Africa/Cairo';
let from: string;
let to: string;

beforeAll(async () => {
  t = await createTestApp();
  await addZones(t.database.db);
  await addBanks(t.database.db);
  const make = await productMaker(t.database.db, t.clock.now());
  for (let i = 0; i < 4; i++) await make(700 + i * 3000, 50);
  // A second category and brand, so those reports have more than one row.
  const cat = await addCategory(t.database.db, 'Phones', 'موبايلات');
  const brand = await addBrand(t.database.db, 'Oppo', 'أوبو');
  for (let i = 0; i < 2; i++)
    await addProduct(
      t.database.db,
      {
        titleEn: `Phone ${i}`,
        titleAr: `موبايل ${i}`,
        categoryId: cat.id,
        brandId: brand.id,
        priceEgp: 9000 + i,
        stock: 50,
      },
      t.clock.now(),
    );
  await addGeneratedOrders(t.database.db, 400, { now: t.clock.now() });
  staff = await ownerCatalogClerk(t, 'Reports#Pass2025');
  to = cairoDay(t.clock.now());
  from = new Date(Date.parse(to) - 365 * 86_400_000).toISOString().slice(0, 10);
});
afterAll(() => t?.close());

async function report(query: Record<string, string>, who: StaffAuth = staff.owner) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/admin/reports/sales?${new URLSearchParams(query)}`,
    headers: who,
  });
  return res;
}

/** The plain definition: sold orders of the range, each order's figures, then grouped. */
async function plain(group: string): Promise<Map<string, Row>> {
  const day = sql`(o.checkout_date at time zone ${TZ})::date`;
  const sold = sql`o.status not in ('cart', 'awaiting_payment', 'abandoned', 'canceled')
    and ${day} between ${from}::date and ${to}::date`;
  let result: Row[];
  if (['day', 'week', 'month', 'governorate', 'payment_method'].includes(group)) {
    const key = {
      day: sql`to_char(${day}, 'YYYY-MM-DD')`,
      week: sql`to_char(${day} - (extract(isodow from ${day})::int - 1), 'YYYY-MM-DD')`,
      month: sql`to_char(${day}, 'YYYY-MM')`,
      // One row per delivery zone (by its English name), whichever language the shopper typed it in.
      governorate: sql`coalesce((select z.name_en from delivery_zones z
        where o.address_snapshot->>'governorate' in (z.name_en, z.name_ar) order by z.active desc, z.id limit 1),
        o.address_snapshot->>'governorate', '')`,
      payment_method: sql`coalesce(o.payment_method, '')`,
    }[group as 'day'];
    result = await rows(sql`select ${key} as key, count(*)::int as orders,
        sum((select coalesce(sum(quantity), 0) from order_products l where l.order_id = o.id))::int as units,
        sum(o.checkout_total_price_piastres)::bigint as revenue, sum(o.refunded_piastres)::bigint as refunds
      from orders o where ${sold} group by 1`);
  } else {
    const key = { product: sql`p.id`, category: sql`p.category_id`, brand: sql`p.brand_id` }[
      group as 'product'
    ];
    result = await rows(sql`select ${key}::text as key, count(distinct o.id)::int as orders,
        sum(l.quantity)::int as units, sum(l.quantity * l.checkout_price_piastres)::bigint as revenue,
        sum(l.refunded_quantity * l.checkout_price_piastres)::bigint as refunds
      from orders o join order_products l on l.order_id = o.id join products p on p.id = l.product_id
      where ${sold} group by 1`);
  }
  return new Map(result.map((r) => [String(r.key), r]));
}

describe('the sales report', () => {
  it.each(REPORT_GROUPS)('by %s adds up what the plain definition does', async (group) => {
    const res = await report({ from, to, group_by: group, locale: 'en' });
    expect(res.statusCode).toBe(200);
    const body: SalesReportResponse = salesReportResponseSchema.parse(res.json());
    const want = await plain(group);
    expect(want.size).toBeGreaterThan(1);
    const got = body.rows.filter((r) => r.orders > 0);
    expect(got.map((r) => r.key).sort()).toEqual([...want.keys()].sort());
    for (const r of got) {
      const w = want.get(r.key)!;
      expect(
        { orders: r.orders, units: r.units, revenue: r.revenue, refunds: r.refunds },
        `${group} ${r.key}`,
      ).toEqual({
        orders: w.orders,
        units: w.units,
        revenue: toEgp(Number(w.revenue)),
        refunds: toEgp(Number(w.refunds)),
      });
      expect(r.net).toBeCloseTo(r.revenue - r.refunds, 2);
      expect(r.label).not.toBe('');
    }
    if (group === 'day') expect(body.rows).toHaveLength(366);
    if (group === 'payment_method') expect(got.map((r) => r.label)).toContain('Cash on delivery');
    const sum = (f: (r: (typeof got)[number]) => number) => got.reduce((s, r) => s + f(r), 0);
    expect(body.totals.units).toBe(sum((r) => r.units));
    expect(body.totals.revenue).toBeCloseTo(
      sum((r) => r.revenue),
      2,
    );
  });

  it('counts an order on its Cairo day: a second before Cairo midnight is the day before, midnight the next', async () => {
    const two = await rows(sql`select id from orders where status = 'delivered' order by id limit 2`);
    // Cairo is UTC+2 in January: 21:59:59 UTC is 23:59:59 on the 14th there, 22:00 UTC midnight of the 15th.
    await t.database.db.execute(
      sql`update orders set checkout_date = '2026-01-14T21:59:59Z' where id = ${Number(two[0]!.id)}`,
    );
    await t.database.db.execute(
      sql`update orders set checkout_date = '2026-01-14T22:00:00Z' where id = ${Number(two[1]!.id)}`,
    );
    const counted = async (d: string) => {
      const [r] = await rows(sql`select count(*)::int as n from orders
        where status not in ('cart', 'awaiting_payment', 'abandoned', 'canceled')
          and (checkout_date at time zone ${TZ})::date = ${d}::date`);
      return r!.n;
    };
    for (const d of ['2026-01-14', '2026-01-15']) {
      const r = salesReportResponseSchema.parse((await report({ from: d, to: d, group_by: 'day' })).json());
      expect(r.rows).toHaveLength(1);
      expect(r.rows[0]!.orders, d).toBe(await counted(d));
      expect(r.rows[0]!.orders, d).toBeGreaterThanOrEqual(1);
    }
  });

  it('exports the same rows as CSV: UTF-8 with a BOM, the header in Arabic, a total row, formulas guarded', async () => {
    const [p] =
      await rows(sql`select l.product_id as id from order_products l join orders o on o.id = l.order_id
      where o.status = 'delivered' limit 1`);
    await t.database.db.execute(
      sql`update products set title_ar = '=SUM(A1) "مكواة", بخار' where id = ${p!.id}`,
    );
    const json = salesReportResponseSchema.parse((await report({ from, to, group_by: 'product' })).json());
    const res = await report({ from, to, group_by: 'product', format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="sales-product-${from}-${to}.csv"`);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.toString('utf8').slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'المنتج,الطلبات,القطع,المبيعات (جنيه),الخصومات (جنيه),الضريبة (جنيه),المرتجعات (جنيه),الصافي (جنيه)',
    );
    expect(lines).toHaveLength(json.rows.length + 3);
    expect(lines).toContain(lines.find((l) => l.startsWith(`"'=SUM(A1) ""مكواة"", بخار",`)));
    const t0 = json.totals;
    expect(lines.at(-2)).toBe(
      `الإجمالي,${t0.orders},${t0.units},${t0.revenue.toFixed(2)},${t0.discounts!.toFixed(2)},${t0.vat.toFixed(2)},${t0.refunds.toFixed(2)},${t0.net.toFixed(2)}`,
    );
  });

  it("names each governorate in the page's language, one row per zone, in the CSV too", async () => {
    // Shoppers typed their governorate in their own language: the orders hold both "Giza" and "الجيزة".
    const typed = await rows(sql`select distinct governorate as g from orders
      where status not in ('cart', 'awaiting_payment', 'abandoned', 'canceled') and governorate in ('Giza', 'الجيزة')`);
    expect(typed.map((r) => r.g).sort()).toEqual(['Giza', 'الجيزة']);
    const arabic = /[\u0600-\u06ff]/;
    const en = salesReportResponseSchema.parse(
      (await report({ from, to, group_by: 'governorate', locale: 'en' })).json(),
    );
    const enLabels = en.rows.map((r) => r.label);
    expect(enLabels.filter((l) => l === 'Giza')).toHaveLength(1);
    expect(enLabels.filter((l) => arabic.test(l))).toEqual([]);
    const ar = salesReportResponseSchema.parse(
      (await report({ from, to, group_by: 'governorate', locale: 'ar' })).json(),
    );
    const arLabels = ar.rows.map((r) => r.label);
    expect(arLabels.filter((l) => l === 'الجيزة')).toHaveLength(1);
    expect(arLabels).not.toContain('Giza');
    expect(ar.rows.map((r) => r.key).sort()).toEqual(en.rows.map((r) => r.key).sort());
    const csv = (await report({ from, to, group_by: 'governorate', format: 'csv', locale: 'en' })).rawPayload
      .toString('utf8')
      .slice(1)
      .split('\r\n');
    expect(csv[0]!.startsWith('Governorate,')).toBe(true);
    expect(csv.filter((l) => l.startsWith('Giza,'))).toHaveLength(1);
    expect(csv.filter((l) => arabic.test(l))).toEqual([]);
  });

  it('refuses reversed, impossible and too long ranges, changing nothing', async () => {
    const reversed = await report({ from: '2026-02-10', to: '2026-02-01', locale: 'en' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json()).toEqual({ errors: { to: ['The first day is after the last day'] } });
    const impossible = await report({ from: '2026-02-31', locale: 'en' });
    expect(impossible.statusCode).toBe(422);
    expect(impossible.json().errors.from).toEqual(['must be a day written YYYY-MM-DD']);
    const long = await report({ from: '2024-01-01', to: '2026-01-01' });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.to).toEqual(['التقرير يغطي 366 يوم بالكتير']);
    expect((await report({ group_by: 'colour' })).statusCode).toBe(422);
  });

  it('is for owners: an order clerk and a catalog member are refused', async () => {
    expect((await report({}, staff.clerk)).statusCode).toBe(403);
    expect((await report({}, staff.catalog)).statusCode).toBe(403);
    const mine = await report({});
    expect(mine.statusCode).toBe(200);
    const body = salesReportResponseSchema.parse(mine.json());
    expect(body.rows).toHaveLength(30);
    expect(body.to).toBe(cairoDay(t.clock.now()));
  });
});
