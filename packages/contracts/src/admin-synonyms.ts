/**
 * The back office's search synonyms (decision 020): a word or phrase shoppers type (`term`) that also finds
 * another (`alternative`), such as an Egyptian spelling of a brand (`ريلمي` → `realme`) or a shop's own typo fix
 * (`chargr` → `charger`); a two-way row makes each find the other. Both sides are kept as the search reads them
 * (`normalizeSearchText`: lower case, Arabic letters unified, no marks), so the list shows what will match.
 *
 * Choices where the spec says nothing:
 * - A side is at most SYNONYM_WORDS_MAX words: the search reads a phrase of up to three words as one.
 * - The same pair twice, or its reverse when either is two-way, is refused (409 `synonym_exists`).
 * - A change works at once on every instance: the table raises the catalog version (a trigger, decision 020).
 */
import { z } from 'zod';
import { normalizeSearchText } from './arabic.ts';
import { pageParam } from './catalog.ts';
import { text } from './text.ts';

export const SYNONYM_MAX = 60;
export const SYNONYM_WORDS_MAX = 3;
export const ADMIN_SYNONYMS_PER_PAGE = 50;

const side = text()
  .min(1, { error: 'required', abort: true })
  .max(SYNONYM_MAX, { error: `too_long:${SYNONYM_MAX}`, abort: true })
  .refine((v) => normalizeSearchText(v).length > 0, { error: 'synonym_no_letters', abort: true })
  .refine((v) => normalizeSearchText(v).split(' ').length <= SYNONYM_WORDS_MAX, {
    error: `synonym_too_many_words:${SYNONYM_WORDS_MAX}`,
  });

/** POST /v1/admin/synonyms. */
export const adminSynonymBodySchema = z
  .object({
    term: side,
    alternative: side,
    two_way: z.boolean().default(false),
  })
  .refine((b) => normalizeSearchText(b.term) !== normalizeSearchText(b.alternative), {
    error: 'synonym_same_words',
    path: ['alternative'],
  });
export type AdminSynonymBody = z.infer<typeof adminSynonymBodySchema>;
export type AdminSynonymInput = z.input<typeof adminSynonymBodySchema>;

/** GET /v1/admin/synonyms: `q` finds rows whose term or alternative holds it (as the search reads it). */
export const adminSynonymsQuerySchema = z.object({
  q: text()
    .max(SYNONYM_MAX, { error: `too_long:${SYNONYM_MAX}` })
    .optional(),
  page: pageParam,
});
export type AdminSynonymsQuery = z.infer<typeof adminSynonymsQuerySchema>;

export const adminSynonymSchema = z.object({
  id: z.number().int(),
  term: z.string(),
  alternative: z.string(),
  two_way: z.boolean(),
});
export type AdminSynonym = z.infer<typeof adminSynonymSchema>;
export const adminSynonymsResponseSchema = z.object({
  synonyms: z.array(adminSynonymSchema),
  meta: z.object({
    total_entries: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
});
export const adminSynonymResponseSchema = z.object({ synonym: adminSynonymSchema });
export type AdminSynonymsResponse = z.infer<typeof adminSynonymsResponseSchema>;
