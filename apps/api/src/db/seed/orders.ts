/**
 * Generated orders for the back office's load test (`npm run seed -- --orders 200000`, issue 13 part 6): placed
 * orders are added until there are N, inside the database (`insert ... select generate_series`), with the shoppers
 * who placed them. What is generated, per run:
 *
 * - Shoppers: one for about every three new orders, with a unique mobile number, an Egyptian name (in Arabic or
 *   Latin letters), a valid-looking National ID, a language (80% Arabic), one saved address in one of the 27
 *   governorates (weighted towards Cairo, Giza and Alexandria) and the empty cart every shopper has after a
 *   checkout. They cannot sign in (no password).
 * - Orders: checkout dates over the last 18 months, more of them recently (about four times as many a day now as
 *   18 months ago); statuses that follow the age (today's orders mostly pending or confirmed, last week's on their
 *   way, older ones delivered, about 8% canceled and 4% refunded in full or in part); payment methods cash 50%,
 *   online 28%, card on delivery 14%, installments 8% (with a real installment plan); 1–4 lines of distinct
 *   active products (the demo's own products most often) at their current price, quantities 1–3 within the
 *   product's limit, refunded quantities that match the status; the address snapshot exactly as checkout writes it
 *   (the governorate and zone name in the shopper's language); totals = lines + the zone's shipping fees; sap_sync
 *   set (every placed order has been handed on); the refunded amount of the refunded units; order numbers that
 *   follow the last one given, with no gap, in the order of their checkout dates (the counter moves on with them).
 * - Online orders get their payment session (sandbox, succeeded; `refund_required` when canceled, as a cancel
 *   leaves it). Each order gets one history row (actor `system`, note "generated") from cart to its status; no
 *   outbox events, so no SMS goes out for them. Stock is not touched.
 *
 * The back office's counts (order_counts, order_daily_sales) follow by the database's triggers, folded at the end.
 *
 * Every choice comes from a hash of the row's id (hashint8extended), so a run is repeatable on an empty database.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client.ts';
import { rows, type Row } from '../rows.ts';
import { foldOrderCounts, foldOrderDailySales } from '../../modules/orders/counts.ts';
import { SEED_LOCK_KEY } from './index.ts';

/** The statuses a placed order can have (contracts' ORDER_STATUSES); carts and payments under way are not counted. */
export const PLACED = sql`status not in ('cart', 'awaiting_payment', 'abandoned')`;

export const countPlacedOrders = async (db: DbOrTx) =>
  Number((await rows(db, sql`select count(*) as n from orders where ${PLACED}`))[0]!.n);

/**
 * Where orders go: a weight per governorate (roughly where online shoppers live), the position of its capital,
 * and a few districts, by the English name of its delivery zone (places.ts DELIVERY_ZONES).
 */
const SPREAD: Record<string, { weight: number; lat: number; lng: number; districts: [string, string][] }> = {
  Cairo: {
    weight: 270,
    lat: 30.0444,
    lng: 31.2357,
    districts: [
      ['Nasr City', 'مدينة نصر'],
      ['Heliopolis', 'مصر الجديدة'],
      ['Maadi', 'المعادي'],
      ['New Cairo', 'القاهرة الجديدة'],
      ['Shubra', 'شبرا'],
      ['Zamalek', 'الزمالك'],
      ['Ain Shams', 'عين شمس'],
      ['Helwan', 'حلوان'],
    ],
  },
  Giza: {
    weight: 170,
    lat: 30.0131,
    lng: 31.2089,
    districts: [
      ['Dokki', 'الدقي'],
      ['Mohandessin', 'المهندسين'],
      ['6th of October', 'السادس من أكتوبر'],
      ['Sheikh Zayed', 'الشيخ زايد'],
      ['Faisal', 'فيصل'],
      ['Haram', 'الهرم'],
    ],
  },
  Alexandria: {
    weight: 120,
    lat: 31.2001,
    lng: 29.9187,
    districts: [
      ['Smouha', 'سموحة'],
      ['Sidi Gaber', 'سيدي جابر'],
      ['Miami', 'ميامي'],
      ['Agami', 'العجمي'],
      ['Louran', 'لوران'],
    ],
  },
  Qalyubia: {
    weight: 55,
    lat: 30.4659,
    lng: 31.1848,
    districts: [
      ['Banha', 'بنها'],
      ['Shubra El Kheima', 'شبرا الخيمة'],
      ['Qalyub', 'قليوب'],
    ],
  },
  Sharqia: {
    weight: 50,
    lat: 30.5877,
    lng: 31.502,
    districts: [
      ['Zagazig', 'الزقازيق'],
      ['10th of Ramadan', 'العاشر من رمضان'],
    ],
  },
  Dakahlia: {
    weight: 50,
    lat: 31.0409,
    lng: 31.3785,
    districts: [
      ['Mansoura', 'المنصورة'],
      ['Talkha', 'طلخا'],
    ],
  },
  Gharbia: {
    weight: 40,
    lat: 30.7865,
    lng: 31.0004,
    districts: [
      ['Tanta', 'طنطا'],
      ['El Mahalla El Kubra', 'المحلة الكبرى'],
    ],
  },
  Monufia: {
    weight: 28,
    lat: 30.5525,
    lng: 31.0109,
    districts: [
      ['Shebin El Kom', 'شبين الكوم'],
      ['Menouf', 'منوف'],
    ],
  },
  Beheira: {
    weight: 30,
    lat: 31.0341,
    lng: 30.4682,
    districts: [
      ['Damanhour', 'دمنهور'],
      ['Kafr El Dawar', 'كفر الدوار'],
    ],
  },
  'Kafr El Sheikh': { weight: 15, lat: 31.1107, lng: 30.9388, districts: [['Kafr El Sheikh', 'كفر الشيخ']] },
  Damietta: {
    weight: 14,
    lat: 31.4165,
    lng: 31.8133,
    districts: [
      ['Damietta', 'دمياط'],
      ['New Damietta', 'دمياط الجديدة'],
    ],
  },
  'Port Said': {
    weight: 16,
    lat: 31.2653,
    lng: 32.3019,
    districts: [
      ['El Sharq', 'الشرق'],
      ['Port Fouad', 'بورفؤاد'],
    ],
  },
  Ismailia: { weight: 15, lat: 30.5965, lng: 32.2715, districts: [['Ismailia', 'الإسماعيلية']] },
  Suez: {
    weight: 12,
    lat: 29.9668,
    lng: 32.5498,
    districts: [
      ['Suez', 'السويس'],
      ['El Arbaeen', 'الأربعين'],
    ],
  },
  Faiyum: { weight: 12, lat: 29.3084, lng: 30.8428, districts: [['Faiyum', 'الفيوم']] },
  'Beni Suef': { weight: 10, lat: 29.0661, lng: 31.0994, districts: [['Beni Suef', 'بني سويف']] },
  Minya: {
    weight: 14,
    lat: 28.1099,
    lng: 30.7503,
    districts: [
      ['Minya', 'المنيا'],
      ['Mallawi', 'ملوي'],
    ],
  },
  Asyut: { weight: 14, lat: 27.1809, lng: 31.1837, districts: [['Asyut', 'أسيوط']] },
  Sohag: { weight: 10, lat: 26.5591, lng: 31.6957, districts: [['Sohag', 'سوهاج']] },
  Qena: { weight: 7, lat: 26.1551, lng: 32.716, districts: [['Qena', 'قنا']] },
  Luxor: { weight: 7, lat: 25.6872, lng: 32.6396, districts: [['Luxor', 'الأقصر']] },
  Aswan: { weight: 7, lat: 24.0889, lng: 32.8998, districts: [['Aswan', 'أسوان']] },
  'Red Sea': { weight: 8, lat: 27.2579, lng: 33.8116, districts: [['Hurghada', 'الغردقة']] },
  Matrouh: { weight: 4, lat: 31.3543, lng: 27.2373, districts: [['Marsa Matrouh', 'مرسى مطروح']] },
  'New Valley': { weight: 2, lat: 25.4512, lng: 30.5464, districts: [['Kharga', 'الخارجة']] },
  'North Sinai': { weight: 3, lat: 31.1316, lng: 33.7984, districts: [['Arish', 'العريش']] },
  'South Sinai': { weight: 5, lat: 28.2363, lng: 33.6254, districts: [['Sharm El Sheikh', 'شرم الشيخ']] },
};

const FIRST_NAMES: [string, string][] = [
  ['Mohamed', 'محمد'],
  ['Ahmed', 'أحمد'],
  ['Mahmoud', 'محمود'],
  ['Mostafa', 'مصطفى'],
  ['Omar', 'عمر'],
  ['Youssef', 'يوسف'],
  ['Karim', 'كريم'],
  ['Hassan', 'حسن'],
  ['Ali', 'علي'],
  ['Ibrahim', 'إبراهيم'],
  ['Khaled', 'خالد'],
  ['Tarek', 'طارق'],
  ['Amr', 'عمرو'],
  ['Sherif', 'شريف'],
  ['Hany', 'هاني'],
  ['Islam', 'إسلام'],
  ['Ayman', 'أيمن'],
  ['Walid', 'وليد'],
  ['Fatma', 'فاطمة'],
  ['Mariam', 'مريم'],
  ['Nour', 'نور'],
  ['Aya', 'آية'],
  ['Salma', 'سلمى'],
  ['Yasmin', 'ياسمين'],
  ['Heba', 'هبة'],
  ['Mona', 'منى'],
  ['Dina', 'دينا'],
  ['Rana', 'رنا'],
  ['Sara', 'سارة'],
  ['Nada', 'ندى'],
  ['Esraa', 'إسراء'],
  ['Shaimaa', 'شيماء'],
  ['Amira', 'أميرة'],
  ['Hoda', 'هدى'],
  ['Reem', 'ريم'],
  ['Laila', 'ليلى'],
];

const LAST_NAMES: [string, string][] = [
  ['Abdelrahman', 'عبد الرحمن'],
  ['Hassan', 'حسن'],
  ['Mohamed', 'محمد'],
  ['Ibrahim', 'إبراهيم'],
  ['El Sayed', 'السيد'],
  ['Mahmoud', 'محمود'],
  ['Abdallah', 'عبد الله'],
  ['Mostafa', 'مصطفى'],
  ['Farouk', 'فاروق'],
  ['Soliman', 'سليمان'],
  ['Gaber', 'جابر'],
  ['Nasser', 'ناصر'],
  ['Fawzy', 'فوزي'],
  ['Ramadan', 'رمضان'],
  ['Shawky', 'شوقي'],
  ['Hamdy', 'حمدي'],
  ['Saad', 'سعد'],
  ['Zaki', 'زكي'],
  ['Helmy', 'حلمي'],
  ['Fathy', 'فتحي'],
  ['El Masry', 'المصري'],
  ['Abdelaziz', 'عبد العزيز'],
  ['Kamal', 'كمال'],
  ['Salah', 'صلاح'],
  ['Osman', 'عثمان'],
  ['Youssef', 'يوسف'],
  ['Anwar', 'أنور'],
  ['Ashraf', 'أشرف'],
  ['Tawfik', 'توفيق'],
  ['Lotfy', 'لطفي'],
];

const STREETS: [string, string][] = [
  ['El Tahrir St', 'شارع التحرير'],
  ['El Nasr St', 'شارع النصر'],
  ['El Gomhoreya St', 'شارع الجمهورية'],
  ['Port Said St', 'شارع بورسعيد'],
  ['El Geish St', 'شارع الجيش'],
  ['Salah Salem St', 'شارع صلاح سالم'],
  ['El Horreya St', 'شارع الحرية'],
  ['Saad Zaghloul St', 'شارع سعد زغلول'],
  ['Mostafa El Nahas St', 'شارع مصطفى النحاس'],
  ['El Nil St', 'شارع النيل'],
  ['Abbas El Akkad St', 'شارع عباس العقاد'],
  ['El Thawra St', 'شارع الثورة'],
];

/** The governorate codes of the National ID (contracts' national-id.ts). */
const NATIONAL_ID_GOVERNORATES = [
  '01',
  '02',
  '03',
  '04',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '21',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
  '31',
  '32',
  '33',
  '34',
  '35',
  '88',
];

/** Days back the checkout dates go (18 months), and how fast orders grew (e-folding time in days). */
const WINDOW_DAYS = 548;
const GROWTH_DAYS = 365;

/** A uniform number in [0, 1) from a hash of `key` (an id) and a salt: one independent stream per salt. */
const u = (key: SQL | string, salt: number) =>
  sql`((hashint8extended((${typeof key === 'string' ? sql.raw(key) : key})::bigint, ${sql.raw(String(salt))}) & 2147483647)::float8 / 2147483648.0)`;

/** A temp table (dropped at commit) filled with `values`. */
async function tempTable(tx: DbOrTx, name: string, columns: string, values: unknown[][]) {
  await tx.execute(sql.raw(`create temp table ${name} (${columns}) on commit drop`));
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500).map(
      (v) =>
        sql`(${sql.join(
          v.map((x) => sql`${x}`),
          sql`, `,
        )})`,
    );
    await tx.execute(sql`insert into ${sql.raw(name)} values ${sql.join(chunk, sql`, `)}`);
  }
}

const seq = (table: string) => sql.raw(`pg_get_serial_sequence('${table}', 'id')`);

/**
 * Adds generated orders (and their shoppers) until the database has `target` placed orders; nothing when it
 * already has. One transaction behind the seed's advisory lock; `batch` orders per statement. Returns how many it
 * added. Needs products and delivery zones (the demo catalog).
 */
export async function addGeneratedOrders(
  db: Db,
  target: number,
  opts: { now: Date; batch?: number; log?: (line: string) => void },
): Promise<number> {
  const batch = opts.batch ?? 25_000;
  const now = sql`${opts.now.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const have = await countPlacedOrders(tx);
    if (have >= target) return 0;
    const total = target - have;

    // The products to order (active ones, the demo's own first: they are ordered most).
    await tx.execute(sql`create temp table seed_prod on commit drop as
      select (row_number() over (order by (sku like 'GEN-%'), id) - 1)::int as n, id,
        current_price_piastres as price, maximum_per_order as max_q
      from products where active and current_price_piastres > 0`);
    await tx.execute(sql`alter table seed_prod add primary key (n)`);
    const P = Number((await rows(tx, sql`select count(*) as n from seed_prod`))[0]!.n);
    if (!P) throw new Error('no products to order: load the demo catalog first');

    const zones = await rows(
      tx,
      sql`select id, name_en, name_ar, shipping_fees_piastres as fee from delivery_zones where active`,
    );
    const spread = zones
      .map((z) => ({ z, s: SPREAD[String(z.name_en)] }))
      .filter((x): x is { z: Row; s: NonNullable<typeof x.s> } => x.s !== undefined);
    if (!spread.length) throw new Error('no delivery zones: load the demo catalog first');
    const weights = spread.reduce((n, x) => n + x.s.weight, 0);
    let cum = 0;
    await tempTable(
      tx,
      'seed_zone',
      'n int primary key, id int, name_en text, name_ar text, fee int, lat float8, lng float8, lo float8, hi float8, districts_en text[], districts_ar text[]',
      spread.map(({ z, s }, n) => {
        const lo = cum / weights;
        cum += s.weight;
        return [
          n,
          z.id,
          z.name_en,
          z.name_ar,
          z.fee,
          s.lat,
          s.lng,
          lo,
          n === spread.length - 1 ? 1.01 : cum / weights,
          sql`string_to_array(${s.districts.map((d) => d[0]).join('|')}, '|')`,
          sql`string_to_array(${s.districts.map((d) => d[1]).join('|')}, '|')`,
        ];
      }),
    );
    await tempTable(
      tx,
      'seed_first',
      'n int primary key, en text, ar text',
      FIRST_NAMES.map((x, n) => [n, ...x]),
    );
    await tempTable(
      tx,
      'seed_last',
      'n int primary key, en text, ar text',
      LAST_NAMES.map((x, n) => [n, ...x]),
    );
    await tempTable(
      tx,
      'seed_street',
      'n int primary key, en text, ar text',
      STREETS.map((x, n) => [n, ...x]),
    );
    const plans = (await rows(tx, sql`select id from bank_installments where active order by id`)).map((r) =>
      Number(r.id),
    );
    const planIds = plans.length ? sql`string_to_array(${plans.join(',')}, ',')::int[]` : sql`array[]::int[]`;

    // Shoppers, ids taken from the sequences first so the address and the orders can point at them.
    const S = Math.max(1, Math.ceil(total / 3));
    const t0 = Date.now();
    await tx.execute(sql`create temp table seed_user on commit drop as
      select id, address_id, locale, arabic, zone_n, f.en as first_en, f.ar as first_ar, l.en as last_en,
        l.ar as last_ar,
        '01' || (array['0','1','2','5'])[1 + (id % 4)] || lpad(((id::bigint * 2654435761) % 100000000)::text, 8, '0')
          as phone
      from (
        select id, nextval(${seq('addresses')}) as address_id,
          case when ${u('id', 1)} < 0.8 then 'ar' else 'en' end as locale,
          ${u('id', 2)} < 0.65 as arabic_if_ar,
          floor(${u('id', 3)} * ${FIRST_NAMES.length})::int as first_n,
          floor(${u('id', 4)} * ${LAST_NAMES.length})::int as last_n,
          ${u('id', 5)} as zone_u
        from (select nextval(${seq('users')}) as id from generate_series(1, ${S})) ids
      ) x
      cross join lateral (select x.locale = 'ar' and x.arabic_if_ar as arabic) a
      join seed_first f on f.n = x.first_n
      join seed_last l on l.n = x.last_n
      join lateral (select n as zone_n from seed_zone z where x.zone_u >= z.lo and x.zone_u < z.hi limit 1) z on true`);
    // A generated number already taken by a real shopper: that shopper is not generated.
    await tx.execute(sql`delete from seed_user s using users u where u.phone_number = s.phone`);
    await tx.execute(sql`alter table seed_user add column n serial`);
    await tx.execute(sql`update seed_user set n = n - 1`);
    await tx.execute(sql`create unique index on seed_user (n)`);
    const users = Number((await rows(tx, sql`select count(*) as n from seed_user`))[0]!.n);
    const registered = sql`(${now} - (${WINDOW_DAYS + 60} - floor(${u('s.id', 6)} * 60)) * interval '1 day')`;
    await tx.execute(sql`
      insert into users (id, first_name, last_name, email, phone_number, national_id, password_hash, confirmed_at,
        role, locale, created_at, updated_at)
      select s.id,
        case when s.arabic then s.first_ar else s.first_en end,
        case when s.arabic then s.last_ar else s.last_en end,
        lower(replace(s.first_en || '.' || s.last_en, ' ', '')) || s.id || '@example.com',
        s.phone,
        (array['2','3'])[1 + (s.id % 2)]
          || case when s.id % 2 = 0 then lpad((70 + s.id % 30)::text, 2, '0') else lpad((s.id % 6)::text, 2, '0') end
          || lpad((1 + (s.id / 2) % 12)::text, 2, '0') || lpad((1 + (s.id / 24) % 28)::text, 2, '0')
          || (string_to_array(${NATIONAL_ID_GOVERNORATES.join(',')}, ','))[1 + (s.id / 7) % ${NATIONAL_ID_GOVERNORATES.length}]
          || lpad(((s.id::bigint * 40503) % 100000)::text, 5, '0'),
        'generated$cannot-sign-in', ${registered}, 'customer', s.locale, ${registered}, ${registered}
      from seed_user s`);
    await tx.execute(sql`
      insert into addresses (id, user_id, label, street_name, building, floor, apartment, district, governorate,
        number_type, phone_number, lat, lng, name, delivery_zone_id, created_at, updated_at)
      select s.id_a, s.id, s.label, s.street, s.building, s.floor, s.apartment, s.district, s.governorate,
        'mobile', s.phone, s.lat, s.lng, concat_ws(case when s.arabic then '، ' else ', ' end, s.street, s.district,
          s.governorate), s.zone_id,
        s.at, s.at
      from (
        select s.address_id as id_a, s.id, s.phone, s.arabic,
          case when s.arabic then 'المنزل' else 'Home' end as label,
          case when s.arabic then st.ar else st.en end as street,
          (1 + floor(${u('s.id', 8)} * 120)::int)::text as building,
          (floor(${u('s.id', 9)} * 12)::int)::text as floor,
          (1 + floor(${u('s.id', 10)} * 30)::int)::text as apartment,
          (case when s.arabic then z.districts_ar else z.districts_en end)
            [1 + floor(${u('s.id', 11)} * cardinality(z.districts_en))::int] as district,
          case when s.locale = 'ar' then z.name_ar else z.name_en end as governorate,
          z.lat + (${u('s.id', 12)} - 0.5) * 0.08 as lat, z.lng + (${u('s.id', 13)} - 0.5) * 0.08 as lng,
          z.id as zone_id, ${registered} as at
        from seed_user s
        join seed_zone z on z.n = s.zone_n
        join seed_street st on st.n = floor(${u('s.id', 7)} * ${STREETS.length})::int
      ) s`);
    // Every shopper who checked out has an (empty) cart.
    await tx.execute(sql`
      insert into orders (user_id, status, created_at, updated_at)
      select s.id, 'cart', ${now} - floor(${u('s.id', 14)} * 30) * interval '1 day', ${now} from seed_user s`);
    opts.log?.(`  added ${users.toLocaleString('en-US')} shoppers with their addresses`);

    await tx.execute(sql`create temp table seed_order (id int primary key, un int, checkout_date timestamptz,
        status text, method text, plan int, nlines int, p0 int, step int, late float8) on commit drop`);
    await tx.execute(sql`create temp table seed_line (order_id int, k int, product_id int, quantity int,
        price bigint, refunded int) on commit drop`);
    const maxStep = Math.max(1, Math.floor((P - 1) / 3));
    const placed = total;
    // Ids first, with each order's age in days (a truncated exponential, so orders grew towards today) and its order
    // number (issue 43): the block after the last number given, taken from the counter in this transaction, in the
    // order the generated orders were placed (oldest checkout first).
    const [block] = await rows(
      tx,
      sql`insert into counters (name, value) values ('order_number', ${placed})
        on conflict (name) do update set value = counters.value + ${placed}
        returning value - ${placed} as last`,
    );
    await tx.execute(sql`create temp table seed_id on commit drop as
      select id, (row_number() over (order by id))::int - 1 as k, age,
        (${Number(block!.last)} + row_number() over (order by age desc, id))::int as order_number
      from (
        select id,
          ${sql.raw(String(-GROWTH_DAYS))} * ln(1 - ${u('id', 21)} * ${sql.raw(String(1 - Math.exp(-WINDOW_DAYS / GROWTH_DAYS)))}) as age
        from (select nextval(${seq('orders')})::int as id from generate_series(1, ${placed})) ids
      ) a`);
    await tx.execute(sql`alter table seed_id add primary key (k)`);
    await tx.execute(sql`create unique index on seed_id (id)`);
    for (let done = 0; done < placed; done += batch) {
      const count = Math.min(batch, placed - done);
      await tx.execute(sql`truncate seed_order, seed_line`);
      await tx.execute(sql`
        insert into seed_order (id, un, checkout_date, status, method, plan, nlines, p0, step, late)
        select id, un, ${now} - age * interval '1 day', status,
          case when status = 'canceled' and method = 'online' and ${u('id', 27)} < 0.6 then 'cash' else method end,
          case when method = 'visa_on_delivery_installments'
            then (${planIds})[1 + floor(${u('id', 26)} * cardinality(${planIds}))::int] end,
          case when status = 'partially_refunded' then least(${P}, greatest(2, nlines)) else nlines end, p0, step, late
        from (
          select id, un, age, nlines, p0, step, late,
            case
              when age < 1 then case when s < 0.45 then 'pending' when s < 0.70 then 'confirmed'
                when s < 0.85 then 'processing' when s < 0.92 then 'delivering' else 'canceled' end
              when age < 3 then case when s < 0.05 then 'pending' when s < 0.15 then 'confirmed'
                when s < 0.40 then 'processing' when s < 0.82 then 'delivering' when s < 0.90 then 'delivered'
                else 'canceled' end
              when age < 7 then case when s < 0.03 then 'processing' when s < 0.28 then 'delivering'
                when s < 0.92 then 'delivered' else 'canceled' end
              else case when s < 0.88 then 'delivered' when s < 0.96 then 'canceled'
                when s < 0.985 then 'refunded' else 'partially_refunded' end
            end as status,
            case when m < 0.50 then 'cash' when m < 0.78 then 'online' when m < 0.92 then 'visa_on_delivery'
              when ${plans.length} > 0 then 'visa_on_delivery_installments' else 'cash' end as method
          from (
            select id,
              least(${users} - 1, floor(${users} * power(${u('id', 20)}, 1.3)))::int as un,
              age,
              ${u('id', 22)} as s, ${u('id', 23)} as m,
              least(${P}, case when ${u('id', 24)} < 0.55 then 1 when ${u('id', 24)} < 0.80 then 2
                when ${u('id', 24)} < 0.92 then 3 else 4 end) as nlines,
              floor(${P} * power(${u('id', 25)}, 2))::int as p0,
              1 + floor(${u('id', 28)} * ${maxStep})::int as step,
              ${u('id', 29)} as late
            from (select id, age from seed_id where k >= ${done} and k < ${done + count}) ids
          ) x
        ) y`);
      await tx.execute(sql`
        insert into seed_line (order_id, k, product_id, quantity, price, refunded)
        select o.id, k, p.id, q.q, p.price,
          case when o.status = 'refunded' then q.q when o.status = 'partially_refunded' and k = 0 then q.q else 0 end
        from seed_order o
        cross join lateral generate_series(0, o.nlines - 1) k
        join seed_prod p on p.n = (o.p0 + k * o.step) % ${P}
        cross join lateral (select least(coalesce(p.max_q, 3), case when ${u(sql`o.id::bigint * 8 + k`, 30)} < 0.85 then 1
          when ${u(sql`o.id::bigint * 8 + k`, 30)} < 0.97 then 2 else 3 end) as q) q`);
      // Placed at checkout_date; the cart was started up to 3 days before; updated when it last moved.
      const moved = sql`least(${now}, o.checkout_date + case o.status when 'pending' then interval '0'
          when 'confirmed' then interval '2 hours' when 'processing' then interval '10 hours'
          when 'delivering' then interval '1 day' when 'canceled' then interval '5 hours'
          when 'delivered' then interval '3 days' else interval '9 days' end * (0.5 + o.late))`;
      const zoneName = sql`case when s.locale = 'ar' then z.name_ar else z.name_en end`;
      await tx.execute(sql`
        insert into orders (id, order_number, user_id, status, payment_method, bank_installment_id, address_id,
          address_snapshot, national_id, shipping_fees_piastres, total_cart_price_piastres,
          checkout_total_price_piastres, refunded_piastres, checkout_date, sap_sync, created_at, updated_at)
        select o.id, num.order_number, s.id, o.status, o.method, o.plan, a.id,
          jsonb_build_object('id', a.id, 'label', a.label, 'street_name', a.street_name, 'street', a.street_name,
            'building', a.building, 'floor', a.floor, 'apartment', a.apartment, 'district', a.district,
            'governorate', a.governorate, 'instructions', null, 'number_type', a.number_type,
            'phone_number', a.phone_number, 'city_code', null, 'lat', a.lat, 'lng', a.lng, 'name', a.name,
            'delivery_zone', jsonb_build_object('id', z.id, 'name', ${zoneName}, 'name_en', z.name_en,
              'name_ar', z.name_ar, 'shipping_fees', (z.fee / 100.0)::float8),
            'created_at', to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'full_name', trim(u.first_name || ' ' || u.last_name)),
          u.national_id, z.fee, l.sum, l.sum + z.fee, l.refunded, o.checkout_date, true,
          o.checkout_date - ${u('o.id', 31)} * interval '3 days', ${moved}
        from seed_order o
        join seed_user s on s.n = o.un
        join users u on u.id = s.id
        join addresses a on a.id = s.address_id
        join seed_zone z on z.n = s.zone_n
        join seed_id num on num.id = o.id
        join (select order_id, sum(quantity * price) as sum, sum(refunded * price) as refunded
              from seed_line group by order_id) l on l.order_id = o.id`);
      await tx.execute(sql`
        insert into order_products (order_id, product_id, quantity, checkout_price_piastres, refunded_quantity,
          created_at)
        select l.order_id, l.product_id, l.quantity, l.price, l.refunded, o.checkout_date - interval '1 hour'
        from seed_line l join seed_order o on o.id = l.order_id`);
      await tx.execute(sql`
        insert into payments (order_id, user_id, provider, payment_key, provider_reference, amount_piastres,
          status, expires_at, created_at, updated_at)
        select o.id, o.user_id, 'sandbox', 'generated-' || o.id, 'GEN-' || o.id, o.checkout_total_price_piastres,
          case when o.status = 'canceled' then 'refund_required' else 'succeeded' end,
          o.checkout_date + interval '15 minutes', o.checkout_date - interval '2 minutes', o.updated_at
        from orders o join seed_order g on g.id = o.id
        where o.payment_method = 'online'`);
      await tx.execute(sql`
        insert into order_history (order_id, from_status, to_status, actor_type, note, created_at)
        select o.id, 'cart', o.status, 'system', 'generated (npm run seed -- --orders)', o.updated_at
        from orders o join seed_order g on g.id = o.id`);
      opts.log?.(
        `  added ${(done + count).toLocaleString('en-US')} of ${placed.toLocaleString('en-US')} orders`,
      );
    }
    opts.log?.(
      `  shoppers, orders, lines, payments and history written in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    // The counts the triggers kept, one row per batch and key, summed into one a key.
    await foldOrderCounts(tx);
    await foldOrderDailySales(tx);
    await tx.execute(sql`analyze orders`);
    await tx.execute(sql`analyze order_products`);
    await tx.execute(sql`analyze users`);
    return placed;
  });
}
