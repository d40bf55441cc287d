/**
 * What an import and the export read of the catalog (issue 17): category, brand and promotion names to their ids
 * and back (loaded once per job), and products as they are (loadSnapshots), in the columns of the file.
 */
import { CATEGORY_PATH_SEPARATOR, normalizeSearchText, type SpecificationInput } from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { allTogether, rows } from '../../db/rows.ts';

const num = (v: unknown) => Number(v);

/* ------------------------------------------------------------------ names → ids */

interface CategoryNode {
  id: number;
  parentId: number | null;
  nameEn: string;
  nameAr: string;
}

/** Categories, brands and promotions, read once per job (and per export). */
export interface Lookups {
  categories: Map<number, CategoryNode>;
  categoriesByName: Map<string, number[]>;
  brands: Map<number, { nameEn: string; nameAr: string }>;
  brandsByName: Map<string, number[]>;
  promotionsBySlug: Map<string, number>;
  promotionSlugs: Map<number, string>;
}

/**
 * A name as lookups compare it. Remembered: a file of 50,000 rows names the same few hundred categories and brands
 * on every row, and the export labels every product with them (a bounded memo; normalizeSearchText is pure).
 */
const nameKeys = new Map<string, string>();
function nameKey(s: string): string {
  let key = nameKeys.get(s);
  if (key === undefined) {
    if (nameKeys.size >= 5_000) nameKeys.clear();
    key = normalizeSearchText(s);
    nameKeys.set(s, key);
  }
  return key;
}
const push = (m: Map<string, number[]>, key: string, id: number) => {
  if (!key) return;
  const list = m.get(key) ?? [];
  if (!list.includes(id)) list.push(id);
  m.set(key, list);
};

export async function loadLookups(db: DbOrTx): Promise<Lookups> {
  const [cats, brands, promos] = await Promise.all([
    rows<{ id: number; parent_id: number | null; name_en: string; name_ar: string }>(
      db,
      sql`select id, parent_id, name_en, name_ar from categories`,
    ),
    rows<{ id: number; name_en: string; name_ar: string }>(db, sql`select id, name_en, name_ar from brands`),
    rows<{ id: number; slug: string }>(db, sql`select id, slug from promotions`),
  ]);
  const lk: Lookups = {
    categories: new Map(),
    categoriesByName: new Map(),
    brands: new Map(),
    brandsByName: new Map(),
    promotionsBySlug: new Map(),
    promotionSlugs: new Map(),
  };
  for (const c of cats) {
    const id = num(c.id);
    lk.categories.set(id, {
      id,
      parentId: c.parent_id === null ? null : num(c.parent_id),
      nameEn: c.name_en,
      nameAr: c.name_ar,
    });
    push(lk.categoriesByName, nameKey(c.name_en), id);
    push(lk.categoriesByName, nameKey(c.name_ar), id);
  }
  for (const b of brands) {
    const id = num(b.id);
    lk.brands.set(id, { nameEn: b.name_en, nameAr: b.name_ar });
    push(lk.brandsByName, nameKey(b.name_en), id);
    push(lk.brandsByName, nameKey(b.name_ar), id);
  }
  for (const p of promos) {
    lk.promotionsBySlug.set(p.slug.toLowerCase(), num(p.id));
    lk.promotionSlugs.set(num(p.id), p.slug);
  }
  return lk;
}

export type Found = { id: number } | { error: string };

/** A category by its name in either language, or by its path "Parent > Child" (the last names of it suffice). */
export function findCategory(lk: Lookups, cell: string): Found {
  const names = cell
    .split('>')
    .map((s) => nameKey(s))
    .filter(Boolean);
  if (!names.length) return { error: 'required' };
  const matches = (lk.categoriesByName.get(names.at(-1)!) ?? []).filter((id) => {
    let node = lk.categories.get(id);
    for (let i = names.length - 2; i >= 0; i--) {
      node = node?.parentId === null || !node ? undefined : lk.categories.get(node.parentId);
      if (!node || (nameKey(node.nameEn) !== names[i] && nameKey(node.nameAr) !== names[i])) return false;
    }
    return true;
  });
  if (matches.length === 1) return { id: matches[0]! };
  return { error: matches.length ? 'category_ambiguous' : 'category_not_found' };
}

export function findBrand(lk: Lookups, cell: string): Found {
  const key = nameKey(cell);
  if (!key) return { error: 'required' };
  const ids = lk.brandsByName.get(key) ?? [];
  if (ids.length === 1) return { id: ids[0]! };
  return { error: ids.length ? 'brand_ambiguous' : 'brand_not_found' };
}

/** How the export names a category: its English name when that is unique, else its path of English names. */
export function categoryLabel(lk: Lookups, id: number): string {
  const node = lk.categories.get(id);
  if (!node) return '';
  if ((lk.categoriesByName.get(nameKey(node.nameEn)) ?? []).length === 1) return node.nameEn;
  const path: string[] = [];
  for (let n: CategoryNode | undefined = node; n && path.length < 20;) {
    path.unshift(n.nameEn);
    n = n.parentId === null ? undefined : lk.categories.get(n.parentId);
  }
  return path.join(CATEGORY_PATH_SEPARATOR);
}

export function brandLabel(lk: Lookups, id: number): string {
  const b = lk.brands.get(id);
  if (!b) return '';
  const unique = (s: string) => (lk.brandsByName.get(nameKey(s)) ?? []).length === 1;
  return unique(b.nameEn) || !unique(b.nameAr) ? b.nameEn : b.nameAr;
}

/** A category's or brand's name in each language, as a changed row quotes it for staff (imports-changes.ts). */
export interface Names {
  en: string;
  ar: string;
}

/** A category's names, each its path "Parent > Child" in that language where the name alone repeats; null: unknown. */
export function categoryNames(lk: Lookups, id: number): Names | null {
  const node = lk.categories.get(id);
  if (!node) return null;
  const named = (name: (n: CategoryNode) => string) => {
    if ((lk.categoriesByName.get(nameKey(name(node))) ?? []).length <= 1) return name(node);
    const path: string[] = [];
    for (let n: CategoryNode | undefined = node; n && path.length < 20;) {
      path.unshift(name(n));
      n = n.parentId === null ? undefined : lk.categories.get(n.parentId);
    }
    return path.join(CATEGORY_PATH_SEPARATOR);
  };
  return { en: named((n) => n.nameEn), ar: named((n) => n.nameAr) };
}

export function brandNames(lk: Lookups, id: number): Names | null {
  const b = lk.brands.get(id);
  return b ? { en: b.nameEn, ar: b.nameAr } : null;
}

/* ------------------------------------------------------------------ products as they are */

/** A product as the file would describe it (what an update starts from, and what the export writes). */
export interface ProductSnapshot {
  id: number;
  sku: string | null;
  titleEn: string;
  titleAr: string;
  descriptionEn: string;
  descriptionAr: string;
  categoryId: number;
  brandId: number;
  model: string | null;
  series: string | null;
  pricePiastres: number;
  promotedPricePiastres: number | null;
  promotionId: number | null;
  stock: number;
  maximumPerOrder: number | null;
  /** Basis points: 1400 standard, 0 exempt, or another rate (issue 47). */
  vatRateBp: number;
  featured: boolean;
  specialOffer: boolean;
  active: boolean;
  specifications: SpecificationInput[];
  imageUrls: string[];
  /** The export writes it (the file's updated_at); an import compares the file's with editedAt. */
  updatedAt: Date;
  /** A staff member's last change of what the file holds, stock aside (null: none since it was added). */
  editedAt: Date | null;
  /** Variants (issue 49): the product a variant is of, its option values; whether a product is sold in variants. */
  variantOf: number | null;
  variantValues: { en: string; ar: string }[] | null;
  hasVariants: boolean;
  /** The row's version as read (PostgreSQL's xmin): any write to the row since changes it. */
  rowVersion: string;
}

/** The products of `where` (on `products p`), with their specifications and images, in id order. */
export async function loadSnapshots(
  db: DbOrTx,
  where: SQL,
  limit: number,
  lock = false,
  /**
   * The products' ids when the caller knows them (`where` is `p.id in ids`): their specifications and pictures are
   * asked beside their rows, in one go, rather than after them (in a transaction on the embedded database, each
   * wait for an answer before the next statement holds the one connection shoppers' reads wait for).
   */
  ids?: number[],
) {
  const [list, known] = await allTogether(db, [
    () =>
      rows(
        db,
        sql`select p.id, p.sku, p.title_en, p.title_ar, p.description_en, p.description_ar, p.category_id, p.brand_id,
        p.model, p.series, p.price_piastres, p.promoted_price_piastres, p.promotion_id, p.stock,
        p.maximum_per_order, p.vat_rate_bp, p.featured, p.special_offer, p.active, p.updated_at, p.edited_at,
        p.variant_of, p.variant_values, p.variant_options is not null as has_variants, p.xmin::text as row_version
      from products p where ${where} order by p.id limit ${limit} ${lock ? sql`for update` : sql``}`,
      ),
    async () => (ids?.length ? specsAndImages(db, ids) : null),
  ]);
  const out = new Map<number, ProductSnapshot>();
  if (!list.length) return out;
  for (const r of list)
    out.set(num(r.id), {
      id: num(r.id),
      sku: (r.sku as string | null) ?? null,
      titleEn: r.title_en as string,
      titleAr: r.title_ar as string,
      descriptionEn: r.description_en as string,
      descriptionAr: r.description_ar as string,
      categoryId: num(r.category_id),
      brandId: num(r.brand_id),
      model: (r.model as string | null) ?? null,
      series: (r.series as string | null) ?? null,
      pricePiastres: num(r.price_piastres),
      promotedPricePiastres: r.promoted_price_piastres === null ? null : num(r.promoted_price_piastres),
      promotionId: r.promotion_id === null ? null : num(r.promotion_id),
      stock: num(r.stock),
      maximumPerOrder: r.maximum_per_order === null ? null : num(r.maximum_per_order),
      vatRateBp: num(r.vat_rate_bp),
      featured: Boolean(r.featured),
      specialOffer: Boolean(r.special_offer),
      active: Boolean(r.active),
      specifications: [],
      imageUrls: [],
      updatedAt: new Date(r.updated_at as string | Date),
      editedAt: r.edited_at === null ? null : new Date(r.edited_at as string | Date),
      variantOf: r.variant_of == null ? null : num(r.variant_of),
      variantValues: (typeof r.variant_values === 'string'
        ? JSON.parse(r.variant_values)
        : (r.variant_values ?? null)) as ProductSnapshot['variantValues'],
      hasVariants: Boolean(r.has_variants),
      rowVersion: String(r.row_version),
    });
  const { specs, images } = known ?? (await specsAndImages(db, [...out.keys()]));
  for (const s of specs)
    out.get(num(s.product_id))?.specifications.push({
      key_en: s.key_en as string,
      key_ar: s.key_ar as string,
      value_en: s.value_en as string,
      value_ar: s.value_ar as string,
    });
  for (const [id, urls] of images) out.get(id)?.imageUrls.push(...urls);
  return out;
}

/** The products' specifications (in order) and pictures (`ids` not empty). */
async function specsAndImages(db: DbOrTx, ids: number[]) {
  const [specs, images] = await allTogether(db, [
    () =>
      rows(
        db,
        sql`select product_id, key_en, key_ar, value_en, value_ar from specifications
        where product_id in ${ids} order by product_id, position, id`,
      ),
    () => imageUrlsOf(db, ids),
  ]);
  return { specs, images };
}

/** The products' pictures (3D models aside), main first, by product id (`ids` not empty). */
export async function imageUrlsOf(db: DbOrTx, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const i of await rows<{ product_id: number; original_url: string }>(
    db,
    sql`select product_id, original_url from product_images
      where product_id in ${ids} and not is_3d order by product_id, position, id`,
  )) {
    const id = num(i.product_id);
    const urls = out.get(id);
    if (urls) urls.push(i.original_url);
    else out.set(id, [i.original_url]);
  }
  return out;
}
