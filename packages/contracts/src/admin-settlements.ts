/**
 * Cash-on-delivery settlement (issue 48 item 4): the file a courier sends saying what it collected per parcel, and
 * the back office's report of collected against expected per day and per courier, with every difference flagged.
 *
 * The file: CSV in UTF-8 (a BOM is fine; Arabic headers and Arabic-Indic digits are read), one header row naming at
 * least these columns, in any order, in English or Arabic (case and spaces do not matter):
 * - the parcel: `Tracking Number` (رقم التتبع) and/or `Business Reference` (المرجع; the order's number);
 * - `COD` / `COD Collected` / `Cash Collected` (المبلغ المحصل): EGP, e.g. `1,250.50`;
 * - `Date` / `Settlement Date` / `Delivered At` (التاريخ): YYYY-MM-DD, DD/MM/YYYY or an ISO time.
 * Any other column (Bosta's export has many) is ignored. One bad row refuses the whole file, naming the row.
 */
import { z } from 'zod';
import type { Locale } from './constants.ts';

export const SETTLEMENT_COURIERS = ['bosta', 'manual'] as const;
export const SETTLEMENT_MAX_MB = 5;

/** The header names each column is known by (compared lowercased, with spaces, `_` and `-` dropped). */
export const SETTLEMENT_COLUMNS = {
  tracking: ['Tracking Number', 'Tracking No', 'Tracking', 'AWB', 'رقم التتبع', 'رقم الشحنة'],
  reference: ['Business Reference', 'Order Reference', 'Reference', 'المرجع', 'رقم الطلب'],
  collected: [
    'COD Collected',
    'COD',
    'Cash Collected',
    'COD Amount',
    'Collected',
    'المبلغ المحصل',
    'التحصيل',
  ],
  date: ['Date', 'Settlement Date', 'Delivered At', 'Delivery Date', 'التاريخ', 'تاريخ التسليم'],
} as const;

export const SETTLEMENT_DIFFERENCES = ['short', 'over', 'not_collected', 'unknown'] as const;
export type SettlementDifference = (typeof SETTLEMENT_DIFFERENCES)[number];

export const adminSettlementUploadResponseSchema = z.object({
  /** false: this very file was uploaded before, and nothing changed. */
  created: z.boolean(),
  file_id: z.number().int(),
  rows: z.number().int(),
  /** Rows recorded now; rows naming a parcel already settled by an earlier file add nothing. */
  recorded: z.number().int(),
  already_settled: z.number().int(),
  unknown: z.number().int(),
});
export type AdminSettlementUploadResponse = z.infer<typeof adminSettlementUploadResponseSchema>;

const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const adminSettlementReportQuerySchema = z.object({
  from: dayString.optional(),
  to: dayString.optional(),
});

export const settlementDaySchema = z.object({
  day: z.string(),
  courier: z.string(),
  /** EGP. */
  expected: z.number(),
  collected: z.number(),
  difference: z.number(),
  flagged: z.number().int(),
});

export const settlementDifferenceSchema = z.object({
  kind: z.enum(SETTLEMENT_DIFFERENCES),
  day: z.string(),
  courier: z.string(),
  tracking_number: z.string(),
  order_id: z.number().int().nullable(),
  order_number: z.number().int().nullable(),
  expected: z.number(),
  collected: z.number().nullable(),
  difference: z.number(),
});

export const adminSettlementReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(settlementDaySchema),
  differences: z.array(settlementDifferenceSchema),
  totals: z.object({ expected: z.number(), collected: z.number(), difference: z.number() }),
});
export type AdminSettlementReport = z.infer<typeof adminSettlementReportSchema>;

/**
 * An uploaded settlement file (GET /v1/admin/settlements/files, the latest first): what it recorded, and how much of
 * that named a shipment of its courier. A file uploaded under the wrong courier records every row as "unknown";
 * removing it (DELETE /v1/admin/settlements/files/{id}) takes its amounts out of the report, and the same file can
 * then be uploaded again.
 */
export const settlementFileSchema = z.object({
  id: z.number().int(),
  courier: z.enum(SETTLEMENT_COURIERS),
  file_name: z.string(),
  /** The file's rows; `recorded` of them added an amount (the rest named a parcel already settled). */
  rows: z.number().int(),
  recorded: z.number().int(),
  /** Recorded rows that named a shipment of the courier (the others count as "unknown shipment"). */
  matched: z.number().int(),
  /** Who uploaded it (null: a staff account since deleted). */
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type SettlementFile = z.infer<typeof settlementFileSchema>;

export const SETTLEMENT_FILES_SHOWN = 50;

export const adminSettlementFilesResponseSchema = z.object({ files: z.array(settlementFileSchema) });
export type AdminSettlementFilesResponse = z.infer<typeof adminSettlementFilesResponseSchema>;

/** The API's messages of settlement files, in both languages (apiMessages holds them). */
export const settlementMessages = {
  settlement_file_required: {
    en: 'Choose the courier’s settlement file (CSV) to upload.',
    ar: 'اختار ملف التسوية (CSV) اللي بعتته شركة الشحن.',
  },
  settlement_file_unreadable: {
    en: 'This file cannot be read: save it as CSV in UTF-8 and upload it again. Nothing was recorded.',
    ar: 'الملف ده مش مقروء: احفظه CSV بترميز UTF-8 وارفعه تاني. ماتسجلش حاجة.',
  },
  settlement_file_too_large: {
    en: 'The settlement file is over {max} MB. Nothing was recorded.',
    ar: 'ملف التسوية أكبر من {max} ميجا. ماتسجلش حاجة.',
  },
  settlement_file_empty: {
    en: 'The file has no rows under its header. Nothing was recorded.',
    ar: 'الملف مفيهوش صفوف تحت العناوين. ماتسجلش حاجة.',
  },
  settlement_columns_missing: {
    en: 'The file’s header lacks these columns: {values}. Nothing was recorded.',
    ar: 'عناوين الملف ناقصها الأعمدة دي: {values}. ماتسجلش حاجة.',
  },
  settlement_row_invalid: {
    en: 'Row {n} has no parcel, or its amount or date cannot be read. Fix it and upload the file again. Nothing was recorded.',
    ar: 'الصف {n} مفيهوش رقم شحنة، أو المبلغ أو التاريخ مش مفهوم. صلّحه وارفع الملف تاني. ماتسجلش حاجة.',
  },
  settlement_courier_invalid: {
    en: 'Choose the courier the file came from.',
    ar: 'اختار شركة الشحن اللي بعتت الملف.',
  },
  settlement_file_not_found: {
    en: 'This settlement file is not on the list any more: it may have been removed already.',
    ar: 'ملف التسوية ده مش موجود في القايمة: يمكن حد شاله قبل كده.',
  },
  settlement_file_changed: {
    en: 'This file was being removed while you uploaded it. Upload it again. Nothing was recorded.',
    ar: 'الملف ده كان بيتشال وإنت بترفعه. ارفعه تاني. ماتسجلش حاجة.',
  },
  settlement_range_invalid: {
    en: 'Choose a start day on or before the end day, at most a year apart.',
    ar: 'اختار يوم بداية قبل يوم النهاية أو هو نفسه، والفرق بينهم سنة بالكتير.',
  },
} as const satisfies Record<string, Record<Locale, string>>;
