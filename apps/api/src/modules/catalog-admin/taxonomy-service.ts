/**
 * The back office's categories and brands (issue 17): the category tree (three levels at most, moves and order),
 * brands and their home-page flags, and the icons of both. Every change is one transaction with its audit entry; a
 * renamed category and a renamed brand rewrite their products' search_text in the same transaction (the store's
 * search finds the new name at once). Promotions are in promotions-service.ts.
 */
import {
  CATEGORY_LEVELS,
  ICON_MAX_BYTES,
  type AdminBrand,
  type AdminBrandBody,
  type AdminBrandUpdate,
  type AdminCategory,
  type AdminCategoryBody,
  type AdminCategoryOrder,
  type AdminCategoryUpdate,
} from '@store/contracts';
import { randomBytes } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { ImageStore } from '../../adapters/image-store.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { brands, categories, type VariantOption } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeWhole, readHeader } from '../../lib/pictures.ts';
import { cleanSvg, isMarkup } from '../../lib/svg-drawing.ts';
import { removeUnreferenced, type SweepLog } from '../../lib/upload-sweep.ts';
import { productSearchText } from '../catalog/index.ts';
import { audit, auditedEdit, type CurrentStaff } from '../staff/index.ts';
import { isStale, iso, nextStamp, productCounts } from './taxonomy-common.ts';

/* ---------------- search text ---------------- */

const SEARCH_TEXT_BATCH = 1000;

/**
 * Rewrites products.search_text (productSearchText, the catalog's rule) for the products `where` selects, from
 * the names as they are now in this transaction: one UPDATE … FROM (VALUES …) per thousand products.
 */
const optionValuesOf = (v: VariantOption[] | string | null) =>
  ((typeof v === 'string' ? JSON.parse(v) : v) as VariantOption[] | null)?.flatMap((o) => o.values);

async function recomputeSearchText(tx: DbOrTx, where: SQL): Promise<number> {
  const list = rowsOf<{
    id: number;
    title_en: string;
    title_ar: string;
    model: string | null;
    series: string | null;
    category_en: string;
    category_ar: string;
    brand_en: string;
    brand_ar: string;
    variant_options: VariantOption[] | string | null;
  }>(
    await tx.execute(sql`select p.id, p.title_en, p.title_ar, p.model, p.series, p.variant_options,
        c.name_en as category_en, c.name_ar as category_ar, b.name_en as brand_en, b.name_ar as brand_ar
      from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
      where ${where}`),
  );
  let changed = 0;
  for (let i = 0; i < list.length; i += SEARCH_TEXT_BATCH) {
    const values = list.slice(i, i + SEARCH_TEXT_BATCH).map((p) => {
      const text = productSearchText({
        titleEn: p.title_en,
        titleAr: p.title_ar,
        brandEn: p.brand_en,
        brandAr: p.brand_ar,
        model: p.model,
        series: p.series,
        category: { en: p.category_en, ar: p.category_ar },
        // A product sold in variants keeps its options' words (decision 034).
        optionValues: optionValuesOf(p.variant_options),
      });
      return sql`(${Number(p.id)}::int, ${text}::text)`;
    });
    const res = await tx.execute(sql`update products p set search_text = v.t
      from (values ${sql.join(values, sql`, `)}) as v(id, t)
      where p.id = v.id and p.search_text is distinct from v.t`);
    const r = res as { rowCount?: number; affectedRows?: number };
    changed += Number(r.affectedRows ?? r.rowCount ?? 0);
  }
  return changed;
}

/* ---------------- categories ---------------- */

type CategoryRow = typeof categories.$inferSelect;

/** Categories' own rows change one writer at a time: a move checked against the tree stays true until commit. */
const lockTree = (tx: DbOrTx) => tx.execute(sql`lock table categories in share row exclusive mode`);

async function loadCategories(tx: DbOrTx): Promise<Map<number, CategoryRow>> {
  const rows = await tx.select().from(categories);
  return new Map(rows.map((r) => [r.id, r]));
}

/** 1 for a main category, 2 under one, 3 under that (a broken chain stops counting). */
function levelOf(tree: Map<number, CategoryRow>, id: number): number {
  let level = 0;
  let c = tree.get(id);
  while (c && level <= 20) {
    level++;
    c = c.parentId === null ? undefined : tree.get(c.parentId);
  }
  return level;
}

function childrenOf(tree: Map<number, CategoryRow>, parentId: number | null): CategoryRow[] {
  return [...tree.values()]
    .filter((c) => c.parentId === parentId)
    .sort((a, b) => a.position - b.position || a.id - b.id);
}

/** The category and every category below it. */
function subtree(tree: Map<number, CategoryRow>, id: number): number[] {
  const out = [id];
  for (let i = 0; i < out.length && out.length <= tree.size; i++)
    for (const c of tree.values()) if (c.parentId === out[i]) out.push(c.id);
  return out;
}

/** Levels of the category's own subtree: 1 for a leaf, 2 with children, 3 with grandchildren. */
function heightOf(tree: Map<number, CategoryRow>, id: number, guard = 0): number {
  const kids = childrenOf(tree, id);
  if (!kids.length || guard > 20) return 1;
  return 1 + Math.max(...kids.map((k) => heightOf(tree, k.id, guard + 1)));
}

const categoryOut = (
  tree: Map<number, CategoryRow>,
  counts: Map<number, number>,
  c: CategoryRow,
): AdminCategory => ({
  id: c.id,
  parent_id: c.parentId,
  level: levelOf(tree, c.id),
  name_en: c.nameEn,
  name_ar: c.nameAr,
  icon_url: c.iconUrl,
  position: c.position,
  show_on_homepage: c.showOnHomepage,
  active: c.active,
  products_count: counts.get(c.id) ?? 0,
  products_total: subtree(tree, c.id).reduce((n, id) => n + (counts.get(id) ?? 0), 0),
  children_count: childrenOf(tree, c.id).length,
  updated_at: iso(c.updatedAt),
});

/** GET /v1/admin/categories: the whole tree in tree order (each category after its parent, siblings by position). */
export async function listCategories(db: DbOrTx): Promise<AdminCategory[]> {
  const [tree, counts] = await Promise.all([loadCategories(db), productCounts(db, sql`category_id`)]);
  const out: AdminCategory[] = [];
  const seen = new Set<number>();
  const walk = (parentId: number | null) => {
    for (const c of childrenOf(tree, parentId)) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(categoryOut(tree, counts, c));
      walk(c.id);
    }
  };
  walk(null);
  return out;
}

async function categoryById(db: DbOrTx, id: number): Promise<AdminCategory> {
  const [tree, counts] = await Promise.all([loadCategories(db), productCounts(db, sql`category_id`)]);
  const c = tree.get(id);
  if (!c) throw AppError.notFound('category_not_found');
  return categoryOut(tree, counts, c);
}

const categoryAudit = (c: CategoryRow) => ({
  parent_id: c.parentId,
  name_en: c.nameEn,
  name_ar: c.nameAr,
  icon_url: c.iconUrl,
  position: c.position,
  show_on_homepage: c.showOnHomepage,
  active: c.active,
});

/** POST /v1/admin/categories: a new category last among its siblings; 422 on a fourth level. */
export async function createCategory(db: DbOrTx, me: CurrentStaff, body: AdminCategoryBody, now: Date) {
  const id = await db.transaction(async (tx) => {
    await lockTree(tx);
    const tree = await loadCategories(tx);
    if (body.parent_id !== null) {
      if (!tree.has(body.parent_id)) throw AppError.field('parent_id', 'category_not_found');
      if (levelOf(tree, body.parent_id) >= CATEGORY_LEVELS)
        throw AppError.field('parent_id', 'category_too_deep');
    }
    const siblings = childrenOf(tree, body.parent_id);
    const [row] = await tx
      .insert(categories)
      .values({
        parentId: body.parent_id,
        nameEn: body.name_en,
        nameAr: body.name_ar,
        iconUrl: body.icon_url,
        showOnHomepage: body.show_on_homepage,
        active: body.active,
        position: siblings.length ? Math.max(...siblings.map((s) => s.position)) + 1 : 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit(
      tx,
      me,
      'category.added',
      { type: 'category', id: row!.id },
      { after: categoryAudit(row!) },
      now,
    );
    return row!.id;
  });
  return categoryById(db, id);
}

/** PUT /v1/admin/categories/{id}: names, icon, flags; a new name rewrites the search text of its products. */
export async function updateCategory(
  db: DbOrTx,
  me: CurrentStaff,
  id: number,
  body: AdminCategoryUpdate,
  now: Date,
) {
  await db.transaction(async (tx) => {
    await lockTree(tx);
    const { before, after } = await auditedEdit(tx, me, {
      read: async () => (await tx.select().from(categories).where(eq(categories.id, id)))[0],
      notFound: 'category_not_found',
      stale: (before) => isStale(body.updated_at, before.updatedAt),
      staleError: () => new AppError(409, 'stale', ['category_changed']),
      write: async (before) =>
        (
          await tx
            .update(categories)
            .set({
              nameEn: body.name_en,
              nameAr: body.name_ar,
              iconUrl: body.icon_url,
              showOnHomepage: body.show_on_homepage,
              active: body.active,
              updatedAt: nextStamp(now, before.updatedAt),
            })
            .where(eq(categories.id, id))
            .returning()
        )[0]!,
      auditView: categoryAudit,
      action: 'category.changed',
      target: { type: 'category', id },
      now,
    });
    // A product's search text holds its own category's names, not its ancestors' (search-text.ts).
    if (before.nameEn !== after.nameEn || before.nameAr !== after.nameAr)
      await recomputeSearchText(tx, sql`p.category_id = ${id}`);
  });
  return categoryById(db, id);
}

/**
 * PUT /v1/admin/categories/order: `ids` become `parent_id`'s children in that order. A category named there from
 * under another parent moves here with its sub-categories (422 when that makes a fourth level or puts a category
 * under itself); every current child must be named (409 otherwise: the list predates someone else's change).
 */
export async function orderCategories(db: DbOrTx, me: CurrentStaff, body: AdminCategoryOrder, now: Date) {
  await db.transaction(async (tx) => {
    await lockTree(tx);
    const tree = await loadCategories(tx);
    const parent = body.parent_id;
    if (parent !== null && !tree.has(parent)) throw AppError.field('parent_id', 'category_not_found');
    const current = childrenOf(tree, parent);
    const named = new Set(body.ids);
    if (current.some((c) => !named.has(c.id))) throw new AppError(409, 'stale', ['categories_changed']);
    const parentLevel = parent === null ? 0 : levelOf(tree, parent);
    const moved: { id: number; from: number | null; to: number | null }[] = [];
    for (const id of body.ids) {
      const c = tree.get(id);
      if (!c) throw AppError.field('ids', 'category_not_found');
      if (c.parentId === parent) continue;
      if (parent !== null && subtree(tree, id).includes(parent))
        throw AppError.field('ids', 'category_own_ancestor');
      if (parentLevel + heightOf(tree, id) > CATEGORY_LEVELS)
        throw AppError.field('ids', 'category_too_deep');
      moved.push({ id, from: c.parentId, to: parent });
    }
    for (const [position, id] of body.ids.entries()) {
      const c = tree.get(id)!;
      if (c.parentId === parent && c.position === position) continue;
      await tx
        .update(categories)
        .set({ parentId: parent, position, updatedAt: nextStamp(now, c.updatedAt) })
        .where(eq(categories.id, id));
    }
    await audit(
      tx,
      me,
      'categories.reordered',
      { type: 'category', id: parent ?? 'root' },
      { parent_id: parent, before: current.map((c) => c.id), after: body.ids, moved },
      now,
    );
  });
  return listCategories(db);
}

/**
 * DELETE /v1/admin/categories/{id}: refused (409, saying how many) while it has sub-categories or products (a
 * product sold in variants counted once, as the owner sees it: its variants' rows left out).
 */
export async function deleteCategory(db: DbOrTx, me: CurrentStaff, id: number, now: Date) {
  await db.transaction(async (tx) => {
    await lockTree(tx);
    const tree = await loadCategories(tx);
    const c = tree.get(id);
    if (!c) throw AppError.notFound('category_not_found');
    const children = childrenOf(tree, id).length;
    const [{ n }] = rowsOf<{ n: string }>(
      await tx.execute(
        sql`select count(*) as n from products where category_id = ${id} and variant_of is null`,
      ),
    ) as [{ n: string }];
    const refusals: string[] = [];
    if (children) refusals.push(`category_has_children:${children}`);
    if (Number(n)) refusals.push(`category_has_products:${Number(n)}`);
    if (refusals.length) throw new AppError(409, 'in_use', refusals);
    await tx.delete(categories).where(eq(categories.id, id));
    await audit(tx, me, 'category.deleted', { type: 'category', id }, { before: categoryAudit(c) }, now);
  });
}

/* ---------------- icons ---------------- */

export type IconKind = 'category' | 'brand';

/**
 * What an uploaded icon is, by its content (422 on `file` otherwise): an SVG drawing, written again from its
 * allow-list (lib/svg-drawing.ts), or a PNG or WebP 16 to 4096 pixels a side that decodes to its end (one decode,
 * in the picture queue: lib/pictures.ts). What is kept is `buffer`.
 */
export async function checkIcon(file: unknown): Promise<{ buffer: Buffer; ext: 'svg' | 'png' | 'webp' }> {
  if (!Buffer.isBuffer(file) || file.length === 0) throw AppError.field('file', 'icon_file_required');
  if (file.length > ICON_MAX_BYTES)
    throw AppError.field('file', `icon_too_large:${Math.round(ICON_MAX_BYTES / 1024)}`);
  if (isMarkup(file)) {
    const svg = cleanSvg(file);
    if (!svg.ok && svg.reason === 'not_allowed') throw AppError.field('file', `svg_not_allowed:${svg.found}`);
    if (!svg.ok && svg.reason === 'malformed') throw AppError.field('file', 'svg_malformed');
    // What sharp reads is the drawing as it will be kept, never the file as it came.
    if (!svg.ok || (await readHeader(svg.svg))?.format !== 'svg') throw AppError.field('file', 'icon_type');
    return { buffer: svg.svg, ext: 'svg' };
  }
  const meta = await readHeader(file);
  const ext = meta?.format === 'png' || meta?.format === 'webp' ? meta.format : null;
  if (!meta || !ext) throw AppError.field('file', 'icon_type');
  const { width = 0, height = 0 } = meta;
  if (width < 16 || height < 16 || width > 4096 || height > 4096)
    throw AppError.field('file', 'icon_dimensions');
  if (!(await decodeWhole(file))) throw AppError.field('file', 'icon_unreadable');
  return { buffer: file, ext };
}

/**
 * POST /v1/admin/{categories|brands}/{id}/icon: the checked file saved in the image store under icons/ with a new
 * name, and its address on the row (audit: before/after). A failure after the file was written removes the file;
 * once the change has committed, the icon it replaced is removed if nothing else names it (lib/upload-sweep.ts).
 */
export async function setIcon(
  db: DbOrTx,
  me: CurrentStaff,
  kind: IconKind,
  id: number,
  file: unknown,
  store: ImageStore | undefined,
  now: Date,
  log: SweepLog,
): Promise<string> {
  if (!store) throw new AppError(503, 'uploads_unavailable', ['uploads_unavailable']);
  const table = kind === 'category' ? categories : brands;
  const [exists] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!exists) throw AppError.notFound(kind === 'category' ? 'category_not_found' : 'brand_not_found');
  const icon = await checkIcon(file);
  const key = `icons/${kind}-${id}-${randomBytes(6).toString('hex')}.${icon.ext}`;
  await store.put(key, icon.buffer, icon.ext === 'svg' ? 'image/svg+xml' : `image/${icon.ext}`);
  const url = store.url(key);
  let replaced: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ iconUrl: table.iconUrl, updatedAt: table.updatedAt })
        .from(table)
        .where(eq(table.id, id))
        .for('update');
      if (!before) throw AppError.notFound(kind === 'category' ? 'category_not_found' : 'brand_not_found');
      await tx
        .update(table)
        .set({ iconUrl: url, updatedAt: nextStamp(now, before.updatedAt) })
        .where(eq(table.id, id));
      await audit(
        tx,
        me,
        `${kind}.icon_changed`,
        { type: kind, id },
        { before: { icon_url: before.iconUrl }, after: { icon_url: url } },
        now,
      );
      replaced = before.iconUrl;
    });
  } catch (err) {
    await store.remove(key).catch(() => undefined);
    throw err;
  }
  await removeUnreferenced(db, store, [replaced], log);
  return url;
}

export const categoryAfterIcon = categoryById;

/* ---------------- brands ---------------- */

type BrandRow = typeof brands.$inferSelect;

const brandOut = (b: BrandRow, counts: Map<number, number>): AdminBrand => ({
  id: b.id,
  name_en: b.nameEn,
  name_ar: b.nameAr,
  icon_url: b.iconUrl,
  featured: b.featured,
  show_on_homepage: b.showOnHomepage,
  active: b.active,
  position: b.position,
  products_count: counts.get(b.id) ?? 0,
  updated_at: iso(b.updatedAt),
});

const brandAudit = (b: BrandRow) => ({
  name_en: b.nameEn,
  name_ar: b.nameAr,
  icon_url: b.iconUrl,
  featured: b.featured,
  show_on_homepage: b.showOnHomepage,
  active: b.active,
});

/** GET /v1/admin/brands: every brand by position, with its products and how many are on the home page. */
export async function listBrands(db: DbOrTx) {
  const [rows, counts] = await Promise.all([
    db.select().from(brands).orderBy(brands.position, brands.id),
    productCounts(db, sql`brand_id`),
  ]);
  return {
    brands: rows.map((b) => brandOut(b, counts)),
    on_homepage: rows.filter((b) => b.showOnHomepage && b.active).length,
  };
}

export async function getBrand(db: DbOrTx, id: number): Promise<AdminBrand> {
  const [row] = await db.select().from(brands).where(eq(brands.id, id));
  if (!row) throw AppError.notFound('brand_not_found');
  const counts = await productCounts(db, sql`brand_id`);
  return brandOut(row, counts);
}

/** POST /v1/admin/brands: a new brand, last. */
export async function createBrand(db: DbOrTx, me: CurrentStaff, body: AdminBrandBody, now: Date) {
  const id = await db.transaction(async (tx) => {
    const [{ next }] = rowsOf<{ next: number }>(
      await tx.execute(sql`select coalesce(max(position) + 1, 0) as next from brands`),
    ) as [{ next: number }];
    const [row] = await tx
      .insert(brands)
      .values({
        nameEn: body.name_en,
        nameAr: body.name_ar,
        iconUrl: body.icon_url,
        featured: body.featured,
        showOnHomepage: body.show_on_homepage,
        active: body.active,
        position: Number(next),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit(tx, me, 'brand.added', { type: 'brand', id: row!.id }, { after: brandAudit(row!) }, now);
    return row!.id;
  });
  return getBrand(db, id);
}

/** PUT /v1/admin/brands/{id}: a new name rewrites its products' search text. */
export async function updateBrand(
  db: DbOrTx,
  me: CurrentStaff,
  id: number,
  body: AdminBrandUpdate,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const { before, after } = await auditedEdit(tx, me, {
      read: async () => (await tx.select().from(brands).where(eq(brands.id, id)).for('update'))[0],
      notFound: 'brand_not_found',
      stale: (before) => isStale(body.updated_at, before.updatedAt),
      staleError: () => new AppError(409, 'stale', ['brand_changed']),
      write: async (before) =>
        (
          await tx
            .update(brands)
            .set({
              nameEn: body.name_en,
              nameAr: body.name_ar,
              iconUrl: body.icon_url,
              featured: body.featured,
              showOnHomepage: body.show_on_homepage,
              active: body.active,
              updatedAt: nextStamp(now, before.updatedAt),
            })
            .where(eq(brands.id, id))
            .returning()
        )[0]!,
      auditView: brandAudit,
      action: 'brand.changed',
      target: { type: 'brand', id },
      now,
    });
    if (before.nameEn !== after.nameEn || before.nameAr !== after.nameAr)
      await recomputeSearchText(tx, sql`p.brand_id = ${id}`);
  });
  return getBrand(db, id);
}

/** DELETE /v1/admin/brands/{id}: refused (409, saying how many, variants' rows left out) while products are of it. */
export async function deleteBrand(db: DbOrTx, me: CurrentStaff, id: number, now: Date) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
    if (!before) throw AppError.notFound('brand_not_found');
    const [{ n }] = rowsOf<{ n: string }>(
      await tx.execute(sql`select count(*) as n from products where brand_id = ${id} and variant_of is null`),
    ) as [{ n: string }];
    if (Number(n)) throw new AppError(409, 'in_use', [`brand_has_products:${Number(n)}`]);
    await tx.delete(brands).where(eq(brands.id, id));
    await audit(tx, me, 'brand.deleted', { type: 'brand', id }, { before: brandAudit(before) }, now);
  });
}
