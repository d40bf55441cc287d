/**
 * The products export (issue 17): the products of the list's filters as the import's CSV, so a file exported and
 * edited can be imported back (its updated_at column makes rows changed since refuse; imports-service.ts).
 */
import {
  IMPORT_COLUMNS,
  taxClassOf,
  toEgp,
  type AdminProductsQuery,
  type ImportColumn,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { csvCell, csvLine, writeSpecifications } from './imports-csv.ts';
import { adminProductsWhere } from './index.ts';
import {
  brandLabel,
  categoryLabel,
  loadLookups,
  loadSnapshots,
  type Lookups,
  type ProductSnapshot,
} from './imports-lookups.ts';

/* ------------------------------------------------------------------ export */

const EXPORT_PAGE = 1000;

/** The tax class as the file writes it: standard, exempt, or another rate in percent ("5"). */
const taxClassCell = (vatRateBp: number) => {
  const c = taxClassOf(vatRateBp);
  return c === 'other' ? String(vatRateBp / 100) : c;
};

/** One product as a line of the file (the columns of IMPORT_COLUMNS). */
function exportLine(lk: Lookups, p: ProductSnapshot): string {
  const egp = (v: number | null) => (v === null ? '' : String(toEgp(v)));
  const cells: Record<ImportColumn, string> = {
    id: String(p.id),
    sku: csvCell(p.sku),
    title_en: csvCell(p.titleEn),
    title_ar: csvCell(p.titleAr),
    description_en: csvCell(p.descriptionEn),
    description_ar: csvCell(p.descriptionAr),
    category: csvCell(categoryLabel(lk, p.categoryId)),
    brand: csvCell(brandLabel(lk, p.brandId)),
    model: csvCell(p.model),
    series: csvCell(p.series),
    price: egp(p.pricePiastres),
    price_after_promotion: p.promotionId === null ? '' : egp(p.promotedPricePiastres),
    promotion: p.promotionId === null ? '' : csvCell(lk.promotionSlugs.get(p.promotionId) ?? ''),
    stock: String(p.stock),
    maximum_number_per_order: p.maximumPerOrder === null ? '' : String(p.maximumPerOrder),
    tax_class: taxClassCell(p.vatRateBp),
    featured: String(p.featured),
    special_offer: String(p.specialOffer),
    active: String(p.active),
    specifications: csvCell(writeSpecifications(p.specifications)),
    image_urls: csvCell(p.imageUrls.join(' ')),
    variant_of: p.variantOf === null ? '' : String(p.variantOf),
    variant_values: csvCell((p.variantValues ?? []).map((v) => `${v.en} | ${v.ar}`).join(' ; ')),
    updated_at: p.updatedAt.toISOString(),
  };
  return csvLine(IMPORT_COLUMNS.map((c) => cells[c]));
}

/**
 * GET /v1/admin/products/export: the products of the list's filters as the import's CSV (UTF-8 with a BOM, so a
 * spreadsheet shows Arabic), in id order, read a page at a time as the answer is sent.
 */
export async function* exportProducts(db: DbOrTx, q: AdminProductsQuery): AsyncGenerator<string> {
  const where = await adminProductsWhere(db, q);
  const lk = await loadLookups(db);
  yield `\ufeff${csvLine([...IMPORT_COLUMNS])}`;
  let after = 0;
  for (;;) {
    const page = await loadSnapshots(db, sql`${where} and p.id > ${after}`, EXPORT_PAGE);
    if (!page.size) return;
    let chunk = '';
    for (const p of page.values()) {
      chunk += exportLine(lk, p);
      after = p.id;
    }
    yield chunk;
    if (page.size < EXPORT_PAGE) return;
  }
}
