/** Reading a raw row's columns as the catalog's answers give them. */

/** A json_agg column: parsed already by node-postgres, text from some drivers, null when nothing matched. */
export const jsonRows = (v: unknown): Record<string, unknown>[] =>
  (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as Record<string, unknown>[];

/**
 * A timestamp column as ISO text (null stays null). The databases send it as text (the drivers' identity parsers):
 * each text's ISO form is remembered, bounded (it depends on the text alone), as the cards kept with the catalog
 * index give the same texts again on every page (parsing and writing a date was 2-3% of a never-asked search).
 */
export const iso = (v: unknown) => {
  if (v instanceof Date) return v.toISOString();
  if (v == null) return null;
  const text = String(v);
  let out = isoOfText.get(text);
  if (out === undefined) {
    out = new Date(text).toISOString();
    if (isoOfText.size >= ISO_KEPT) isoOfText.clear();
    isoOfText.set(text, out);
  }
  return out;
};
const isoOfText = new Map<string, string>();
const ISO_KEPT = 50_000;
