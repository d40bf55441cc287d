/** Reading a raw row's columns as the catalog's answers give them. */

/** A json_agg column: parsed already by node-postgres, text from some drivers, null when nothing matched. */
export const jsonRows = (v: unknown): Record<string, unknown>[] =>
  (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as Record<string, unknown>[];

/** A timestamp column as ISO text (null stays null). */
export const iso = (v: unknown) =>
  v instanceof Date ? v.toISOString() : v == null ? null : new Date(String(v)).toISOString();
