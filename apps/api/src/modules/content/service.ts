import type { Locale, PageSettings } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pick } from '../../lib/locale.ts';

type Row = Record<string, unknown>;

/**
 * Page settings keyed by name. A text setting may have an Arabic twin named `<name>_ar`; the plain name then
 * answers in the request's language (both raw settings are returned too). Image settings keep their `_ar`
 * variants as separate names, as spec §3 lists them.
 */
export async function pageSettings(
  db: DbOrTx,
  group: string | undefined,
  locale: Locale,
): Promise<PageSettings> {
  const cond = group ? sql`where "group" = ${group}` : sql``;
  const list = (
    (await db.execute(sql`select * from page_settings ${cond} order by id`)) as unknown as { rows: Row[] }
  ).rows;
  const byName = new Map(list.map((r) => [String(r.name), r]));
  const out: PageSettings = {};
  for (const r of list) {
    const name = String(r.name);
    out[name] = {
      name,
      group: String(r.group),
      value: (r.value as string | null) ?? null,
      attachment_url: (r.attachment_url as string | null) ?? null,
    };
  }
  for (const r of list) {
    const name = String(r.name);
    const ar = byName.get(`${name}_ar`);
    if (ar && r.value != null && ar.value != null && r.attachment_url == null) {
      out[name] = { ...out[name]!, value: pick(locale, String(r.value), String(ar.value)) };
      out[`${name}_en`] = { ...out[name]!, name: `${name}_en`, value: String(r.value) };
    }
  }
  return out;
}

export async function listBranches(
  db: DbOrTx,
  q: { page?: number; per_page?: number; show_all?: boolean },
  locale: Locale,
) {
  const all = (
    (await db.execute(sql`select * from branches where active order by position, id`)) as unknown as {
      rows: Row[];
    }
  ).rows;
  const perPage = q.show_all ? Math.max(all.length, 1) : (q.per_page ?? 12);
  const page = q.show_all ? 1 : (q.page ?? 1);
  const slice = all.slice((page - 1) * perPage, page * perPage);
  return {
    branches: slice.map((r) => ({
      id: Number(r.id),
      name: pick(locale, String(r.name_en), String(r.name_ar)),
      name_en: String(r.name_en),
      name_ar: String(r.name_ar),
      address: pick(locale, String(r.address_en), String(r.address_ar)),
      address_en: String(r.address_en),
      address_ar: String(r.address_ar),
      phone_numbers: (r.phone_numbers as string[]) ?? [],
      lat: Number(r.lat),
      lng: Number(r.lng),
    })),
    meta: {
      per_page: perPage,
      total_entries: all.length,
      current_page: page,
      next_page: page * perPage < all.length ? page + 1 : null,
    },
  };
}
