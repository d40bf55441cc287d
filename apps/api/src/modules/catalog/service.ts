/**
 * The catalog's products as the shop shows them (spec §7): lists and searches (`listProducts`), answered by one of
 * two engines (search/engine.ts: the catalog index in memory, else the database), a product's page (`getProduct`)
 * and cards by id for the cart and wishlist (`loadProducts`). The pieces: search/plan.ts (what a search asks
 * for), search/index-engine.ts and search/sql-engine.ts, cards.ts, taxonomy-reads.ts (categories, brands,
 * promotions).
 */
import {
  type Locale,
  type Product,
  type ProductDetail,
  type ProductListQuery,
  type ProductListResponse,
  type ProductOption,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { VariantOption } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { pick } from '../../lib/locale.ts';
import { activePlans, cardRows, installmentTable, toCard, withMonthly } from './cards.ts';
import { jsonRows } from './columns.ts';
import { readVersions, versionsNow } from './search/catalog-index.ts';
import { sameVersions, type ListOptions } from './search/engine.ts';
import { indexEngine } from './search/index-engine.ts';
import { withFewerWords } from './search/plan.ts';
import { sqlEngine } from './search/sql-engine.ts';

export { readVersion as catalogVersion } from './catalog-memo.ts';
/** The server-rendered pages' reads (web.ts imports them from here). */
export { categoryExists, getPromotion } from './taxonomy-reads.ts';

export async function listProducts(
  db: DbOrTx,
  q: ProductListQuery,
  opts: ListOptions,
): Promise<ProductListResponse> {
  if (!opts.fewerWords) return listOnce(db, q, opts);
  // A search that finds nothing is tried with fewer words first; the categories nearest to it are looked for (in
  // the database) only when those find nothing either: the same answer asked again in full.
  // The lists that only count (the search that found nothing, the searches with fewer words) build on the versions
  // this instance saw last without reading them (`defer`); the request's last statement reads them, and when they
  // are not those, the whole answer is made again, built on the versions read (decision 009: nothing older than an
  // answer already shown). A search answered with fewer words costs one statement, its page's, instead of two.
  // The versions known to be the catalog's as this request begins (embedded database): lists built on them stand
  // when a write that ends meanwhile moves the versions (ListOptions.current).
  const current = versionsNow(db);
  for (let attempt = 1; ; attempt++) {
    const checked: ListOptions = {
      ...opts,
      current: attempt === 1 ? current : null,
      checked: { versions: null, defer: attempt < DEFERRED_ATTEMPTS },
    };
    const answer = await listOnce(db, q, { ...checked, nearestLater: true });
    const shown = await withFewerWords(db, q, checked, answer, listOnce);
    const out =
      shown === answer && answer.meta.total_entries === 0 && !answer.meta.nearest_categories && q.query
        ? await listOnce(db, q, checked)
        : shown;
    const c = checked.checked!;
    if (!c.unverified) return out;
    if (attempt === 1 && sameVersions(current, c.unverified)) return out;
    if (sameVersions(c.read ? c.versions : await readVersions(db), c.unverified)) return out;
  }
}
/** A list made again this many times at newer versions reads them in every list (the catalog moves fast). */
const DEFERRED_ATTEMPTS = 3;

async function listOnce(db: DbOrTx, q: ProductListQuery, opts: ListOptions): Promise<ProductListResponse> {
  // Whether this list's last statement read the versions is its own to say (the database's answer says nothing).
  if (opts.checked) opts.checked.read = false;
  // A list not asked before is answered from the catalog index in this process's memory when it is at the
  // catalog's version now (catalog-index.ts, decision 022); a shopper's favorites, or a large catalog whose index
  // is being rebuilt, come from the database.
  if (!q.favorites && opts.catalogIndex !== false) {
    const fromIndex = await indexEngine.list(db, q, opts);
    if (fromIndex) return fromIndex;
  }
  return (await sqlEngine.list(db, q, opts))!;
}

/** Full product cards for these ids, in this order (unknown ids are left out). */
export async function loadProducts(db: DbOrTx, ids: number[], opts: ListOptions): Promise<Product[]> {
  return withMonthly(
    db,
    (await cardRows(db, ids, opts)).map((r) => toCard(r, opts.locale, opts.now)),
  );
}

export async function getProduct(db: DbOrTx, id: number, opts: ListOptions): Promise<ProductDetail> {
  // The card, its category path (root first) and its specifications, in one round trip.
  const [row] = await cardRows(
    db,
    [id],
    opts,
    sql`(with recursive up(id, parent_id, name_en, name_ar, depth) as (
           select id, parent_id, name_en, name_ar, 0 from categories where id = p.category_id
           union all select c.id, c.parent_id, c.name_en, c.name_ar, up.depth + 1 from categories c join up on c.id = up.parent_id
         ) select json_agg(json_build_object('id', id, 'parent_id', parent_id, 'name_en', name_en, 'name_ar', name_ar)
                  order by depth desc) from up) as path,
        (select json_agg(json_build_object('id', s.id, 'key_en', s.key_en, 'key_ar', s.key_ar,
                  'value_en', s.value_en, 'value_ar', s.value_ar) order by s.position, s.id)
         from specifications s where s.product_id = p.id) as specs,
        p.variant_options as own_options`,
  );
  if (!row) throw AppError.notFound('product_not_found');
  const [product] = await withMonthly(db, [toCard(row, opts.locale, opts.now)]);
  const plans = await activePlans(db);
  const installments = installmentTable(Number(row.current_price_piastres), plans, opts.locale);
  // Each variant's table for its own price (what the page shows once it is chosen), as its monthly_from is.
  const variants =
    row.own_options == null
      ? null
      : (await variantsOf(db, id, opts)).map((v) => ({
          ...v,
          installments: installmentTable(Math.round(v.checkout_price * 100), plans, opts.locale),
        }));
  const path = jsonRows(row.path);
  const specs = jsonRows(row.specs);
  const L = opts.locale;
  const self = path[path.length - 1];
  return {
    ...product!,
    installments,
    category: {
      ...product!.category,
      parent_id: self?.parent_id == null ? null : Number(self.parent_id),
      path: path.map((c) => ({ id: Number(c.id), name: pick(L, String(c.name_en), String(c.name_ar)) })),
    },
    specifications: specs.map((s) => ({
      id: Number(s.id),
      key: pick(L, String(s.key_en), String(s.key_ar)),
      value: pick(L, String(s.value_en), String(s.value_ar)),
      key_en: String(s.key_en),
      key_ar: String(s.key_ar),
      value_en: String(s.value_en),
      value_ar: String(s.value_ar),
    })),
    ...(variants && {
      options: optionsOut(row.own_options, L),
      variants,
    }),
  };
}

/** A product's variants as cards of their own (decision 034), in the order they were made. */
async function variantsOf(db: DbOrTx, id: number, opts: ListOptions): Promise<Product[]> {
  const found = await cardRows(db, sql`select id from products where variant_of = ${id} order by id`, opts);
  return withMonthly(
    db,
    found.map((r) => toCard(r, opts.locale, opts.now)),
  );
}

function optionsOut(value: unknown, L: Locale): ProductOption[] {
  const options = (typeof value === 'string' ? JSON.parse(value) : value) as VariantOption[];
  return options.map((o) => ({
    name: pick(L, o.name_en, o.name_ar),
    name_en: o.name_en,
    name_ar: o.name_ar,
    values: o.values.map((v) => ({ value: pick(L, v.en, v.ar), value_en: v.en, value_ar: v.ar })),
  }));
}

/**
 * The product a variant belongs to, when `id` is a variant of a product on sale (decision 034): its own address
 * (/products/{variant id}) is its product's page with it chosen. Null for anything else.
 */
export async function variantProductOf(db: DbOrTx, id: number): Promise<number | null> {
  const [r] = await rows(
    db,
    sql`select v.variant_of from products v join products p on p.id = v.variant_of and p.active
        where v.id = ${id}`,
  );
  return r ? Number(r.variant_of) : null;
}

/**
 * What the HTML of /products/{id} says about the product before any script runs: title, description and first
 * image (share metadata), and the facts of its JSON-LD (price, stock, model, brand, category path).
 */
export async function productShareMeta(db: DbOrTx, id: number, locale: Locale) {
  const [r] = await rows(
    db,
    sql`select p.title_en, p.title_ar, p.description_en, p.description_ar, p.model, p.stock,
          p.current_price_piastres, b.name_en as brand_en, b.name_ar as brand_ar,
          c.id as c_id, c.name_en as c_en, c.name_ar as c_ar,
          c1.id as c1_id, c1.name_en as c1_en, c1.name_ar as c1_ar,
          c2.id as c2_id, c2.name_en as c2_en, c2.name_ar as c2_ar,
          (select medium_url from product_images i where i.product_id = p.id and not i.is_3d order by position, id limit 1) as image,
          (select original_url from product_images i where i.product_id = p.id and not i.is_3d order by position, id limit 1) as original_image
        from products p
        left join brands b on b.id = p.brand_id
        left join categories c on c.id = p.category_id
        left join categories c1 on c1.id = c.parent_id
        left join categories c2 on c2.id = c1.parent_id
        where p.id = ${id} and p.active`,
  );
  if (!r) return null;
  const description = pick(locale, String(r.description_en), String(r.description_ar));
  // Top level first: grandparent, parent, the product's own category.
  const categories = (['c2', 'c1', 'c'] as const)
    .filter((k) => r[`${k}_id`] != null)
    .map((k) => ({
      id: Number(r[`${k}_id`]),
      name: pick(locale, String(r[`${k}_en`]), String(r[`${k}_ar`])),
    }));
  return {
    title: pick(locale, String(r.title_en), String(r.title_ar)),
    description: description.length > 200 ? `${description.slice(0, 197)}...` : description,
    image: (r.image as string | null) ?? null,
    originalImage: (r.original_image as string | null) ?? null,
    model: (r.model as string | null) ?? null,
    brand: r.brand_en == null ? null : pick(locale, String(r.brand_en), String(r.brand_ar)),
    pricePiastres: Number(r.current_price_piastres),
    stock: Number(r.stock),
    categories,
  };
}

/* ---------------- categories ---------------- */
