/**
 * The back office's search synonyms (decision 020): the rows of search_synonyms that the store's search reads
 * (catalog/synonyms.ts). Both sides are kept normalised, as the search reads them, so the list shows what will
 * match and the unique index on (term, alternative) sees two spellings of one pair as the same pair. A change
 * needs nothing more here: the table's trigger raises the catalog version, and the search loads the synonyms
 * again for the new version on every instance.
 */
import {
  ADMIN_SYNONYMS_PER_PAGE,
  normalizeSearchText,
  type AdminSynonym,
  type AdminSynonymBody,
  type AdminSynonymsQuery,
} from '@store/contracts';
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { searchSynonyms } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, type CurrentStaff } from '../staff/index.ts';

type SynonymRow = typeof searchSynonyms.$inferSelect;

const synonymOut = (r: SynonymRow): AdminSynonym => ({
  id: r.id,
  term: r.term,
  alternative: r.alternative,
  two_way: r.twoWay,
});

const synonymAudit = (r: SynonymRow) => ({ term: r.term, alternative: r.alternative, two_way: r.twoWay });

const exists = () => new AppError(409, 'exists', ['synonym_exists']);

/**
 * GET /v1/admin/synonyms: by term, then alternative, a page at a time. `q` is read as the search reads words, so
 * `CHARG` finds `chargr`; a row matches when either side holds it.
 */
export async function listSynonyms(db: DbOrTx, query: AdminSynonymsQuery) {
  const page = query.page ?? 1;
  const q = normalizeSearchText(query.q ?? '');
  // position() rather than LIKE: no character of what was typed is ever read as a pattern.
  const where: SQL | undefined = q
    ? sql`(position(${q} in ${searchSynonyms.term}) > 0 or position(${q} in ${searchSynonyms.alternative}) > 0)`
    : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(searchSynonyms)
      .where(where)
      .orderBy(asc(searchSynonyms.term), asc(searchSynonyms.alternative), asc(searchSynonyms.id))
      .limit(ADMIN_SYNONYMS_PER_PAGE)
      .offset((page - 1) * ADMIN_SYNONYMS_PER_PAGE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(searchSynonyms)
      .where(where),
  ]);
  return {
    synonyms: rows.map(synonymOut),
    meta: { total_entries: Number(count?.n ?? 0), page, per_page: ADMIN_SYNONYMS_PER_PAGE },
  };
}

/**
 * POST /v1/admin/synonyms: both sides normalised (the contract has checked them: letters, at most
 * SYNONYM_WORDS_MAX words, not the same words). The same pair again is refused (409 `synonym_exists`), and so is
 * its reverse when either row is two-way: the two would be one group twice. A pair saved by someone else at the
 * same moment meets the unique index instead, and reads as the same refusal.
 */
export async function createSynonym(db: DbOrTx, me: CurrentStaff, body: AdminSynonymBody, now: Date) {
  const term = normalizeSearchText(body.term);
  const alternative = normalizeSearchText(body.alternative);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: searchSynonyms.id })
        .from(searchSynonyms)
        .where(
          or(
            and(eq(searchSynonyms.term, term), eq(searchSynonyms.alternative, alternative)),
            and(
              eq(searchSynonyms.term, alternative),
              eq(searchSynonyms.alternative, term),
              body.two_way ? undefined : eq(searchSynonyms.twoWay, true),
            ),
          ),
        )
        .limit(1);
      if (taken) throw exists();
      const [row] = await tx
        .insert(searchSynonyms)
        .values({ term, alternative, twoWay: body.two_way })
        .returning();
      await audit(
        tx,
        me,
        'synonym.added',
        { type: 'synonym', id: row!.id },
        { after: synonymAudit(row!) },
        now,
      );
      return synonymOut(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

/** DELETE /v1/admin/synonyms/{id}: the search stops reading it at once (the catalog version moves). */
export async function deleteSynonym(db: DbOrTx, me: CurrentStaff, id: number, now: Date) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)).for('update');
    if (!before) throw AppError.notFound('synonym_not_found');
    await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id));
    await audit(tx, me, 'synonym.deleted', { type: 'synonym', id }, { before: synonymAudit(before) }, now);
  });
}
