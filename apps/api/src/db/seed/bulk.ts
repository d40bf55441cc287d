/**
 * Generated products for load tests (`npm run seed -- --products 100000`): the catalog grows to N products by
 * copying the demo products into editions ("Open Box", "Bundle with Installation", ...), inside the database with
 * `insert ... select generate_series`, a batch per transaction. Each copy keeps its template's category and brand,
 * gets its own model number, price, stock and age, a search text exactly as productSearchText would write it, the
 * template's first picture, and its current price (as refreshCurrentPrices would set it). No specifications (the
 * bench does not read them).
 */
import { normalizeSearchText } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../client.ts';
import { rows } from '../rows.ts';
import { SEED_LOCK_KEY } from './index.ts';

/** What an edition adds to the title, and how it moves the price. */
export const EDITIONS: { en: string; ar: string; factor: number }[] = [
  { en: '2025 Edition', ar: 'إصدار 2025', factor: 1.04 },
  { en: 'Open Box', ar: 'أوبن بوكس', factor: 0.85 },
  { en: 'Bundle with Extended Warranty', ar: 'مع ضمان ممتد', factor: 1.08 },
  { en: 'Bundle with Installation', ar: 'شامل التركيب', factor: 1.05 },
  { en: 'Display Unit', ar: 'قطعة عرض', factor: 0.8 },
  { en: 'Gift Edition', ar: 'نسخة الهدايا', factor: 1.02 },
  { en: 'Limited Edition', ar: 'إصدار محدود', factor: 1.12 },
  { en: 'Export Version', ar: 'نسخة تصدير', factor: 0.93 },
];

const countProducts = async (db: DbOrTx) =>
  // Variants are rows of their products (decision 034), not products of their own.
  Number((await rows(db, sql`select count(*) as n from products where variant_of is null`))[0]!.n);

interface Template {
  n: number;
  title_en: string;
  title_ar: string;
  description_en: string;
  description_ar: string;
  category_id: number;
  brand_id: number;
  model: string;
  series: string | null;
  price: number;
  head_en: string;
  head_ar: string;
  mid: string;
  model_norm: string;
  model_compact: string;
  tail: string;
  original_url: string;
  thumbnail_url: string;
  medium_url: string;
}

/** The demo products (generated ones excluded), with the normalised pieces of their search text. */
async function templates(db: DbOrTx): Promise<Template[]> {
  const list = await rows(
    db,
    sql`select p.id, p.title_en, p.title_ar, p.description_en, p.description_ar, p.category_id, p.brand_id, p.model,
          p.series, p.price_piastres, b.name_en as brand_en, b.name_ar as brand_ar,
          c.name_en as category_en, c.name_ar as category_ar,
          i.original_url, i.thumbnail_url, i.medium_url
        from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
        join lateral (select * from product_images i where i.product_id = p.id and not i.is_3d
                      order by i.position, i.id limit 1) i on true
        where (p.sku not like 'GEN-%' or p.sku is null) and p.active
        order by p.id`,
  );
  return list.map((r, n) => {
    const series = (r.series as string | null) ?? null;
    return {
      n,
      title_en: String(r.title_en),
      title_ar: String(r.title_ar),
      description_en: String(r.description_en),
      description_ar: String(r.description_ar),
      category_id: Number(r.category_id),
      brand_id: Number(r.brand_id),
      model: String(r.model ?? 'GEN'),
      series,
      price: Number(r.price_piastres) / 100,
      head_en: normalizeSearchText(String(r.title_en)),
      head_ar: normalizeSearchText(String(r.title_ar)),
      mid: normalizeSearchText(`${String(r.brand_en)} ${String(r.brand_ar)}`),
      model_norm: normalizeSearchText(String(r.model ?? 'GEN')),
      // The model as one word too (productSearchText): its generated copies add '-<code>'.
      model_compact: normalizeSearchText(String(r.model ?? 'GEN')).replace(/ /g, ''),
      tail: normalizeSearchText([series ?? '', String(r.category_en), String(r.category_ar)].join(' ')),
      original_url: String(r.original_url),
      thumbnail_url: String(r.thumbnail_url),
      medium_url: String(r.medium_url),
    };
  });
}

/** shopPrice (rng.ts) in SQL: whole pounds ending in 9s. */
const shopPriceSql = (egp: ReturnType<typeof sql>) => sql`(case
    when ${egp} < 1000 then greatest(10, ceil(${egp} / 10.0) * 10)
    when ${egp} < 10000 then greatest(50, ceil(${egp} / 50.0) * 50)
    when ${egp} < 100000 then greatest(500, ceil(${egp} / 500.0) * 500)
    else greatest(1000, ceil(${egp} / 1000.0) * 1000) end - 1)`;

/** The search texts' trigram index (on product_search_texts, decision 039): dropped and built once when many rows go in at a time. */
const SEARCH_INDEX = 'product_search_texts_trgm_idx';

/**
 * Adds generated products until the catalog has `target` (nothing when it already has), in one transaction behind
 * the seed's advisory lock. Returns how many it added. Needs the demo catalog in place (its products are the
 * templates). For large loads (`rebuildIndexFrom`, default 20,000 rows) the trigram search index is dropped and
 * built again from its own definition at the end: building it once is several times faster than updating it row
 * by row (the table is locked for the load anyway).
 */
export async function addGeneratedProducts(
  db: Db,
  target: number,
  opts: { now: Date; batch?: number; rebuildIndexFrom?: number; log?: (line: string) => void },
): Promise<number> {
  const batch = opts.batch ?? 25_000;
  const added = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const have = await countProducts(tx);
    if (have >= target) return 0;
    const tpl = await templates(tx);
    if (!tpl.length) throw new Error('no products to copy: load the demo catalog first');
    const gen = await rows(
      tx,
      sql`select coalesce(max(substr(sku, 5)::int), 0) as g from products where sku like 'GEN-%'`,
    );
    const first = Number(gen[0]!.g) + 1;
    const total = target - have;

    await tx.execute(sql`create temp table seed_tpl (
        n int primary key, title_en text, title_ar text, description_en text, description_ar text,
        category_id int, brand_id int, model text, series text, price numeric, head_en text, head_ar text,
        mid text, model_norm text, model_compact text, tail text, original_url text, thumbnail_url text, medium_url text
      ) on commit drop`);
    const cols = Object.keys(tpl[0]!) as (keyof Template)[];
    for (let i = 0; i < tpl.length; i += 500) {
      const values = tpl.slice(i, i + 500).map(
        (t) =>
          sql`(${sql.join(
            cols.map((c) => sql`${t[c]}`),
            sql`, `,
          )})`,
      );
      await tx.execute(
        sql`insert into seed_tpl (${sql.raw(cols.join(', '))}) values ${sql.join(values, sql`, `)}`,
      );
    }
    await tx.execute(sql`create temp table seed_ed (n int primary key, en text, ar text, norm_en text,
        norm_ar text, factor numeric) on commit drop`);
    await tx.execute(
      sql`insert into seed_ed values ${sql.join(
        EDITIONS.map(
          (e, n) =>
            sql`(${n}, ${e.en}, ${e.ar}, ${normalizeSearchText(e.en)}, ${normalizeSearchText(e.ar)}, ${e.factor})`,
        ),
        sql`, `,
      )}`,
    );
    const running = await rows(
      tx,
      sql`select id from promotions where active and (starts_at is null or starts_at <= ${opts.now.toISOString()}::timestamptz)
          and (ends_at is null or ends_at > ${opts.now.toISOString()}::timestamptz) order by id`,
    );
    const promoIds = running.map((r) => Number(r.id));

    let indexDef: string | null = null;
    if (total >= (opts.rebuildIndexFrom ?? 20_000)) {
      const [def] = await rows(tx, sql`select indexdef from pg_indexes where indexname = ${SEARCH_INDEX}`);
      if (def) {
        indexDef = String(def.indexdef);
        await tx.execute(sql.raw(`drop index ${SEARCH_INDEX}`));
      }
    }

    const T = tpl.length;
    const E = EDITIONS.length;
    // h: a well-mixed number per generated product (Knuth's multiplicative hash), for every "random" choice.
    const h = sql`((g::bigint * 2654435761) % 4294967296)`;
    // About 12% of them in a running promotion, 12% off.
    const inPromotion = sql`(${h} % 100) < ${promoIds.length ? 12 : 0}`;
    const promotionId = promoIds.length
      ? sql`(array[${sql.join(
          promoIds.map((id) => sql`${id}::int`),
          sql`, `,
        )}])[1 + (${h} / 100) % ${promoIds.length}]`
      : sql`null::int`;
    // The template's price moved by the edition and by up to ±3%.
    const egp = sql`(t.price * e.factor * (0.97 + ((${h} / 7) % 61) / 1000.0))`;
    const code = sql`lpad(g::text, 6, '0')`;
    const created = sql`${opts.now.toISOString()}::timestamptz - ((${h} % 525600) * interval '1 minute')`;
    for (let from = first; from < first + total; from += batch) {
      const to = Math.min(from + batch, first + total) - 1;
      await tx.execute(sql`
        with ins as (
          insert into products (title_en, title_ar, description_en, description_ar, category_id, brand_id, model,
            series, price_piastres, promotion_id, promoted_price_piastres, current_price_piastres, stock,
            maximum_per_order, featured, special_offer, search_text, sku, created_at, updated_at)
          select t.title_en || ' - ' || e.en, t.title_ar || ' - ' || e.ar, t.description_en, t.description_ar,
            t.category_id, t.brand_id, t.model || '-' || ${code}, t.series,
            (${shopPriceSql(egp)}) * 100,
            case when ${inPromotion} then ${promotionId} end,
            case when ${inPromotion} then (${shopPriceSql(sql`(${egp} * 0.88)`)}) * 100 end,
            -- The current price as refreshCurrentPrices sets it (the promotions chosen are running), written with
            -- the row: a pass after the load had 120,000 rows to update in one statement at a million products.
            case when ${inPromotion} then least((${shopPriceSql(sql`(${egp} * 0.88)`)}) * 100, (${shopPriceSql(egp)}) * 100)
                 else (${shopPriceSql(egp)}) * 100 end,
            case when (${h} % 100) < 6 then 0 when (${h} % 100) < 16 then 1 + (${h} / 100) % 3
                 else 5 + (${h} / 100) % 120 end,
            case when (${h} % 1000) < 40 then 2 + (${h} / 1000) % 2 end,
            (${h} / 10) % 100 < 5,
            (${h} / 10) % 100 >= 96,
            concat_ws(' ', t.head_en, e.norm_en, t.head_ar, e.norm_ar, t.mid, t.model_norm, ${code}, nullif(t.tail, ''),
              t.model_compact || ${code}),
            'GEN-' || g,
            ${created},
            ${created}
          from generate_series(${from}::int, ${to}::int) g
          join seed_tpl t on t.n = g % ${T}
          join seed_ed e on e.n = (g / ${T}) % ${E}
          returning id, sku
        )
        insert into product_images (product_id, position, original_url, thumbnail_url, medium_url)
        select ins.id, 0, t.original_url, t.thumbnail_url, t.medium_url
        from ins join seed_tpl t on t.n = substr(ins.sku, 5)::int % ${T}`);
      opts.log?.(`  added ${(to - first + 1).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`);
    }
    if (indexDef) {
      opts.log?.('  building the search index...');
      await tx.execute(sql.raw(indexDef));
    }
    await tx.execute(sql`analyze products`);
    return total;
  });
  return added;
}
