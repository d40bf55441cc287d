/**
 * The storefront's content in the back office (issue 17): the page settings of spec §3 (home page, about us),
 * branches, delivery zones, banks and their installment plans. One schema for the admin app's forms and the API's
 * routes; field errors are message keys of apiMessages.
 *
 * Who: staff with the `catalog` role, and owners (order staff get 403).
 *
 * Choices where the spec says nothing:
 * - Page settings are edited a group at a time. The group's `updated_at` (its newest setting's) goes back with the
 *   changes; when another edit landed meanwhile the answer is 409 `content_changed` and nothing is overwritten.
 *   Only the names below are accepted; pictures are uploaded one at a time (multipart `file`).
 * - A link is a path of the store (`/special-offers`) or an `https://` address; nothing else (no `javascript:`).
 * - Branches, zones, banks and plans have no `updated_at` column: each row travels with `version`, a digest of the
 *   row as it was read; an edit whose `version` no longer matches gets 409 `content_changed`.
 * - Deleting a zone that addresses use, a plan that orders used, or a bank with such a plan switches it off
 *   (`active` false) instead: addresses and orders keep what they point at. Branches are deleted.
 * - Money in EGP with up to 2 decimals (the API keeps piastres); interest and fee in percent (the API keeps basis
 *   points, as the shop's installment calculator does).
 */
import { z } from 'zod';
import { idParam } from './catalog.ts';
import { MAX_PRICE_EGP, text, wholeNumber } from './text.ts';

/* ---------------- page settings ---------------- */

export const CONTENT_GROUPS = ['home_page', 'about_us', 'static_pages'] as const;
export type ContentGroup = (typeof CONTENT_GROUPS)[number];

/** image: an uploaded picture (attachment); link: a store path or https address; text: one line; paragraph. */
export type SettingKind = 'image' | 'link' | 'text' | 'paragraph';
export interface SettingDef {
  name: string;
  group: ContentGroup;
  kind: SettingKind;
  /** Characters at most (texts and links). */
  max: number;
}

export const SETTING_LINK_MAX = 500;
export const SLIDE_TITLE_MAX = 80;
export const SLIDE_TEXT_MAX = 200;
export const SLIDE_CTA_MAX = 40;
export const ABOUT_TITLE_MAX = 120;
export const ABOUT_PARAGRAPH_MAX = 5000;
/** A static page's whole text (terms, privacy, returns): paragraphs split by a blank line, "## " headings. */
export const STATIC_PAGE_TEXT_MAX = 20_000;
/** The store's static pages whose texts the back office may replace: `<page>_body` and its `_ar` twin. */
export const STATIC_PAGES = ['terms', 'privacy', 'returns'] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

export const TOP_SLIDES = ['top_slider_first', 'top_slider_second'] as const;
export const EXPLORE_BANNERS = [
  'explore_first',
  'explore_second',
  'explore_third',
  'explore_fourth',
] as const;

function settingDefs(): SettingDef[] {
  const defs: SettingDef[] = [];
  const home = (name: string, kind: SettingKind, max = 0) =>
    defs.push({ name, group: 'home_page', kind, max });
  for (const s of TOP_SLIDES) {
    home(s, 'image');
    home(`${s}_ar`, 'image');
    for (const [part, max] of [
      ['title', SLIDE_TITLE_MAX],
      ['text', SLIDE_TEXT_MAX],
      ['cta', SLIDE_CTA_MAX],
    ] as const) {
      home(`${s}_${part}`, 'text', max);
      home(`${s}_${part}_ar`, 'text', max);
    }
    home(`${s}_link`, 'link', SETTING_LINK_MAX);
  }
  for (const e of EXPLORE_BANNERS) {
    home(e, 'image');
    home(`${e}_ar`, 'image');
    home(`${e}_link`, 'link', SETTING_LINK_MAX);
  }
  home('video_banner_image', 'image');
  home('video_banner_image_ar', 'image');
  home('video_banner_link', 'link', SETTING_LINK_MAX);
  for (const name of ['first_title', 'second_title'])
    for (const n of [name, `${name}_ar`])
      defs.push({ name: n, group: 'about_us', kind: 'text', max: ABOUT_TITLE_MAX });
  for (const name of ['first_paragraph', 'second_paragraph'])
    for (const n of [name, `${name}_ar`])
      defs.push({ name: n, group: 'about_us', kind: 'paragraph', max: ABOUT_PARAGRAPH_MAX });
  for (const page of STATIC_PAGES)
    for (const n of [`${page}_body`, `${page}_body_ar`])
      defs.push({ name: n, group: 'static_pages', kind: 'paragraph', max: STATIC_PAGE_TEXT_MAX });
  return defs;
}

/** Every setting the back office may change, in the order the editor shows them. */
export const PAGE_SETTING_DEFS: readonly SettingDef[] = settingDefs();
const DEFS = new Map(PAGE_SETTING_DEFS.map((d) => [d.name, d]));
export const pageSettingDef = (name: string): SettingDef | undefined => DEFS.get(name);
export const groupSettingDefs = (group: ContentGroup) => PAGE_SETTING_DEFS.filter((d) => d.group === group);

/**
 * A banner's link: a path inside the store ('/products?category_id=3'; not '//host', which a browser reads as
 * another site) or an https address. Empty means no link.
 */
export function isSafeLink(value: string): boolean {
  const v = value.trim();
  if (!v) return true;
  if (/\s|\\/.test(v)) return false;
  if (v.startsWith('/')) return !v.startsWith('//');
  // https://host[:port][/path|?query|#hash]: no user or password before the host (no '@' can follow it).
  return /^https:\/\/[a-z0-9.-]+(:\d{1,5})?([/?#]|$)/i.test(v);
}

/** The rule of one text or link setting's value ('' clears it). */
export function settingValueSchema(def: SettingDef) {
  const base = text({ multiline: def.kind === 'paragraph' }).max(def.max, { error: `too_long:${def.max}` });
  return def.kind === 'link' ? base.refine(isSafeLink, { error: 'link_invalid' }) : base;
}

/** The admin app's form of a group: every text and link setting by name, values as typed. */
export function pageSettingsFormSchema(group: ContentGroup) {
  return z.object(
    Object.fromEntries(
      groupSettingDefs(group)
        .filter((d) => d.kind !== 'image')
        .map((d) => [d.name, settingValueSchema(d)]),
    ),
  );
}
export type PageSettingsForm = Record<string, string>;

export const adminPageSettingsQuerySchema = z.object({
  group: z.enum(CONTENT_GROUPS, { error: `must_be_one_of:${CONTENT_GROUPS.join(', ')}` }),
  locale: z.enum(['ar', 'en']).optional(),
});

const updatedAtField = z.string({ message: 'required' }).min(1, { message: 'required' }).max(40);

/**
 * PUT /v1/admin/page_settings: `{ group, updated_at, settings: [{ name, value }] }`. An error is put on the
 * setting's own name (`errors.top_slider_first_link`), so the form shows it on that field. Values are trimmed;
 * an empty one clears the setting (null).
 */
export const adminPageSettingsUpdateSchema = z
  .object({
    group: z.enum(CONTENT_GROUPS, { error: `must_be_one_of:${CONTENT_GROUPS.join(', ')}` }),
    updated_at: updatedAtField,
    settings: z
      .array(
        z.object({
          name: z.string({ message: 'required' }).min(1, { message: 'required' }).max(80),
          value: z.string().nullable(),
        }),
      )
      .min(1, { message: 'required' })
      .max(100, { message: 'too_many:100' }),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    for (const s of v.settings) {
      const def = pageSettingDef(s.name);
      const issue = (message: string) => ctx.addIssue({ code: 'custom', path: [s.name], message });
      if (!def || def.group !== v.group) issue('setting_unknown');
      else if (def.kind === 'image') issue('setting_is_image');
      else if (seen.has(s.name)) issue('invalid_value');
      else {
        const r = settingValueSchema(def).safeParse(s.value ?? '');
        if (!r.success) issue(r.error.issues[0]?.message ?? 'invalid_value');
      }
      seen.add(s.name);
    }
  })
  .transform((v) => ({
    ...v,
    settings: v.settings.map((s) => {
      const value = settingValueSchema(pageSettingDef(s.name)!).parse(s.value ?? '');
      return { name: s.name, value: value ? value : null };
    }),
  }));
export type AdminPageSettingsUpdate = z.infer<typeof adminPageSettingsUpdateSchema>;

export const adminPageSettingSchema = z.object({
  name: z.string(),
  kind: z.enum(['image', 'link', 'text', 'paragraph']),
  value: z.string().nullable(),
  attachment_url: z.string().nullable(),
  /** Null for a known setting that has no row yet. */
  updated_at: z.string().nullable(),
});
export type AdminPageSetting = z.infer<typeof adminPageSettingSchema>;
export const adminPageSettingsResponseSchema = z.object({
  group: z.enum(CONTENT_GROUPS),
  /** The group's newest change: what a PUT or an upload sends back as `updated_at`. */
  updated_at: z.string(),
  settings: z.array(adminPageSettingSchema),
});
export type AdminPageSettings = z.infer<typeof adminPageSettingsResponseSchema>;

/** POST /v1/admin/page_settings/{name}/image: multipart `file` (and the group's `updated_at`). */
export const SETTING_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const SETTING_IMAGE_MIN_WIDTH = 200;
export const SETTING_IMAGE_MAX_SIDE = 8000;
export const SETTING_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml'] as const;
export const settingNameParams = z.object({ name: z.string().min(1).max(80) });

/* ---------------- shared field rules ---------------- */

const required = (max: number) =>
  text()
    .min(1, { error: 'required', abort: true })
    .max(max, { error: `too_long:${max}` });

/** A decimal typed as text or sent as a number, within min..max. */
const decimal = (min: number, max: number, decimals?: number) =>
  z
    .union([z.string(), z.number()], { error: 'must_be_number' })
    .transform((v, ctx) => {
      const s = typeof v === 'number' ? String(v) : v.trim();
      const pattern =
        decimals === undefined ? /^-?\d+(\.\d+)?$/ : new RegExp(`^-?\\d+(\\.\\d{1,${decimals}})?$`);
      if (!pattern.test(s)) {
        ctx.addIssue({ code: 'custom', message: decimals === 2 ? 'price_invalid' : 'must_be_number' });
        return z.NEVER;
      }
      return Number(s);
    })
    .pipe(
      z
        .number()
        .min(min, { message: `must_be_at_least:${min}` })
        .max(max, { message: `must_be_at_most:${max}` }),
    );

/** An amount in EGP, 0 allowed (a free zone), up to 2 decimals. */
const egp = decimal(0, MAX_PRICE_EGP, 2);
const percent = z
  .union([z.string(), z.number()], { error: 'must_be_number' })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (!/^\d+(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: 'must_be_number' });
      return z.NEVER;
    }
    return Number(s);
  })
  .pipe(z.number().max(100, { message: 'must_be_at_most:100' }));
const position = wholeNumber(0, 100_000).default(0);
const versionField = z.string({ message: 'required' }).min(1, { message: 'required' }).max(64);

/** Digits, a leading + allowed: a hotline (16581), a landline or a mobile. */
export const BRANCH_PHONE_PATTERN = /^\+?\d{3,15}$/;
export const BRANCH_PHONES_MAX = 5;

const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
/**
 * A branch's phone numbers as staff type them on one line: numbers apart by commas (, or ،), semicolons or new
 * lines; spaces, dashes, dots and brackets inside a number are only its grouping, as the store itself writes numbers
 * ("097 231 0000", "02-2345-6789" → 0972310000, 0223456789). Arabic-Indic digits are read as digits.
 */
export function splitBranchPhones(line: string): string[] {
  return line
    .replace(EASTERN_DIGITS, (d) => String(((d.charCodeAt(0) - 0x0660) % 0x90) % 10))
    .split(/[,،;\n]+/)
    .map((p) => p.replace(/[\s\-.()\u200e\u200f]+/g, ''))
    .filter(Boolean);
}

/* ---------------- branches ---------------- */

export const adminBranchFieldsSchema = z.object({
  name_en: required(160),
  name_ar: required(160),
  address_en: required(500),
  address_ar: required(500),
  phone_numbers: z
    .array(text().regex(BRANCH_PHONE_PATTERN, { message: 'phone_invalid' }), { error: 'invalid_value' })
    .max(BRANCH_PHONES_MAX, { message: `too_many:${BRANCH_PHONES_MAX}` })
    .default([]),
  lat: decimal(-90, 90),
  lng: decimal(-180, 180),
  position,
  active: z.boolean().default(true),
});
export type AdminBranchBody = z.infer<typeof adminBranchFieldsSchema>;
export const adminBranchUpdateSchema = adminBranchFieldsSchema.extend({ version: versionField });
export const adminBranchSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  address_en: z.string(),
  address_ar: z.string(),
  phone_numbers: z.array(z.string()),
  lat: z.number(),
  lng: z.number(),
  position: z.number().int(),
  active: z.boolean(),
  version: z.string(),
});
export type AdminBranch = z.infer<typeof adminBranchSchema>;

/* ---------------- delivery zones ---------------- */

export const DELIVERY_DAYS_MAX = 60;

/** An amount in EGP above 0, or nothing ('' or null). */
const optionalEgp = z
  .union([z.string(), z.number(), z.null()], { error: 'price_invalid' })
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    const s = typeof v === 'number' ? String(v) : v.trim();
    if (!s) return null;
    if (!/^\d+(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: 'price_invalid' });
      return z.NEVER;
    }
    const n = Number(s);
    if (n <= 0) ctx.addIssue({ code: 'custom', message: 'must_be_more_than:0' });
    else if (n > MAX_PRICE_EGP) ctx.addIssue({ code: 'custom', message: `must_be_at_most:${MAX_PRICE_EGP}` });
    return n;
  });

/** A zone is a governorate: its name in both languages is how shoppers' addresses find it. */
const zoneFields = z.object({
  name_en: required(80),
  name_ar: required(80),
  shipping_fees: egp,
  /** Orders worth this much or more are delivered free; empty: never. */
  free_shipping_from: optionalEgp,
  delivery_days_min: wholeNumber(0, DELIVERY_DAYS_MAX),
  delivery_days_max: wholeNumber(0, DELIVERY_DAYS_MAX),
  active: z.boolean().default(true),
});
const daysInOrder = (v: { delivery_days_min: number; delivery_days_max: number }, ctx: z.RefinementCtx) => {
  if (v.delivery_days_max < v.delivery_days_min)
    ctx.addIssue({ code: 'custom', path: ['delivery_days_max'], message: 'delivery_days_order' });
};
export const adminDeliveryZoneFieldsSchema = zoneFields.superRefine(daysInOrder);
export type AdminDeliveryZoneBody = z.infer<typeof adminDeliveryZoneFieldsSchema>;
export const adminDeliveryZoneUpdateSchema = zoneFields
  .extend({ version: versionField })
  .superRefine(daysInOrder);
export const adminDeliveryZoneSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  shipping_fees: z.number(),
  free_shipping_from: z.number().nullable(),
  delivery_days_min: z.number().int(),
  delivery_days_max: z.number().int(),
  active: z.boolean(),
  /** Saved addresses in this zone: deleting it then switches it off instead. */
  addresses: z.number().int(),
  version: z.string(),
});
export type AdminDeliveryZone = z.infer<typeof adminDeliveryZoneSchema>;

/* ---------------- banks and installment plans ---------------- */

export const adminBankFieldsSchema = z.object({
  name_en: required(120),
  name_ar: required(120),
  position,
  active: z.boolean().default(true),
});
export type AdminBankBody = z.infer<typeof adminBankFieldsSchema>;
export const adminBankUpdateSchema = adminBankFieldsSchema.extend({ version: versionField });
export const adminBankSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  version: z.string(),
});
export type AdminBank = z.infer<typeof adminBankSchema>;

export const PLAN_MONTHS_MAX = 60;
export const adminPlanFieldsSchema = z.object({
  bank_id: idParam,
  title_en: required(160),
  title_ar: required(160),
  months: wholeNumber(1, PLAN_MONTHS_MAX),
  /** Flat yearly interest, percent (0: no interest). */
  interest_percent: percent.default(0),
  /** One-time administration fee, percent of the price. */
  fee_percent: percent.default(0),
  /** EGP: the plan is offered for orders (and products) of this amount or more; 0: any amount. */
  minimum_amount: egp.default(0),
  active: z.boolean().default(true),
});
export type AdminPlanBody = z.infer<typeof adminPlanFieldsSchema>;
export const adminPlanUpdateSchema = adminPlanFieldsSchema.extend({ version: versionField });
export const adminPlanSchema = z.object({
  id: z.number().int(),
  bank_id: z.number().int(),
  title_en: z.string(),
  title_ar: z.string(),
  months: z.number().int(),
  interest_percent: z.number(),
  fee_percent: z.number(),
  minimum_amount: z.number(),
  active: z.boolean(),
  /** Orders chose this plan: deleting it then switches it off instead. */
  in_orders: z.boolean(),
  version: z.string(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

/* ---------------- answers ---------------- */

export const adminBranchesResponseSchema = z.object({ branches: z.array(adminBranchSchema) });
export const adminBranchResponseSchema = z.object({ branch: adminBranchSchema });
export const adminDeliveryZonesResponseSchema = z.object({
  delivery_zones: z.array(adminDeliveryZoneSchema),
});
export const adminDeliveryZoneResponseSchema = z.object({ delivery_zone: adminDeliveryZoneSchema });
export const adminBanksResponseSchema = z.object({ banks: z.array(adminBankSchema) });
export const adminBankResponseSchema = z.object({ bank: adminBankSchema });
export const adminPlansResponseSchema = z.object({ bank_installments: z.array(adminPlanSchema) });
export const adminPlanResponseSchema = z.object({ bank_installment: adminPlanSchema });
export const adminPlansQuerySchema = z.object({
  bank_id: idParam.optional(),
  locale: z.enum(['ar', 'en']).optional(),
});

/** DELETE answers: removed, or switched off because addresses or orders still point at it (`message` says so). */
export const adminContentDeleteResponseSchema = z.object({
  result: z.enum(['deleted', 'deactivated']),
  message: z.string().nullable(),
});
