/**
 * The back office's sales report (issue 49 item 5): GET /v1/admin/reports/sales?from&to&group_by[&format=csv].
 *
 * Choices where the issue says nothing:
 * - `from` and `to` are Cairo days (YYYY-MM-DD), both included; unset: the 30 days up to today (the server's clock).
 *   At most REPORT_MAX_DAYS days.
 * - A sale is a placed order that was not canceled, counted on its Cairo day of checkout (as the dashboard counts).
 * - By day, week, month, governorate and payment method the rows are orders: revenue is what the orders cost the
 *   shopper (delivery included), VAT the VAT inside it, refunds what went back. By product, category and brand the
 *   rows are order lines: revenue is what the lines cost, VAT theirs, refunds the refunded units at the price paid,
 *   and an order with lines in two categories counts in both.
 * - Discounts are what discount codes took off (issue 49 item 1), already out of revenue: by order, the order's
 *   discount. By product, category and brand the lines' revenue is after their share, and the rows say null; the
 *   totals always give the range's orders' discounts.
 * - Net is revenue less refunds. Amounts are EGP; the CSV writes them with a dot and two decimals.
 */
import { z } from 'zod';
import type { Locale } from './constants.ts';

export const REPORT_GROUPS = [
  'day',
  'week',
  'month',
  'product',
  'category',
  'brand',
  'governorate',
  'payment_method',
] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export const REPORT_MAX_DAYS = 366;
export const REPORT_DEFAULT_DAYS = 30;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'report_day_invalid' });

export const salesReportQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  group_by: z.enum(REPORT_GROUPS, { message: `must_be_one_of:${REPORT_GROUPS.join(', ')}` }).default('day'),
  format: z.enum(['json', 'csv'], { message: 'must_be_one_of:json, csv' }).default('json'),
  locale: z.enum(['ar', 'en']).optional(),
});
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

export const salesReportRowSchema = z.object({
  /** The group's key: a day (YYYY-MM-DD, a week's Monday, a month's first), an id, a governorate or a method. */
  key: z.string(),
  /** What the back office shows for it, in the request's language. */
  label: z.string(),
  orders: z.number().int(),
  units: z.number().int(),
  revenue: z.number(),
  /** What discount codes took off (in revenue already); null in the rows by product, category and brand. */
  discounts: z.number().nullable(),
  vat: z.number(),
  refunds: z.number(),
  net: z.number(),
});
export type SalesReportRow = z.infer<typeof salesReportRowSchema>;

export const salesReportResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  group_by: z.enum(REPORT_GROUPS),
  rows: z.array(salesReportRowSchema),
  totals: salesReportRowSchema.omit({ key: true, label: true }),
});
export type SalesReportResponse = z.infer<typeof salesReportResponseSchema>;

/** The CSV's columns, in order (its header is in the request's language: reportMessages' report_col_*). */
export const REPORT_COLUMNS = [
  'label',
  'orders',
  'units',
  'revenue',
  'discounts',
  'vat',
  'refunds',
  'net',
] as const;

export const reportMessages = {
  report_day_invalid: { en: 'must be a day written YYYY-MM-DD', ar: 'لازم يكون يوم مكتوب كده YYYY-MM-DD' },
  report_days_reversed: {
    en: 'The first day is after the last day',
    ar: 'أول يوم بعد آخر يوم',
  },
  report_range_too_long: {
    en: 'A report covers at most 366 days',
    ar: 'التقرير يغطي 366 يوم بالكتير',
  },
  report_col_orders: { en: 'Orders', ar: 'الطلبات' },
  report_col_units: { en: 'Units', ar: 'القطع' },
  report_col_revenue: { en: 'Revenue (EGP)', ar: 'المبيعات (جنيه)' },
  report_col_discounts: { en: 'Discounts (EGP)', ar: 'الخصومات (جنيه)' },
  report_col_vat: { en: 'VAT (EGP)', ar: 'الضريبة (جنيه)' },
  report_col_refunds: { en: 'Refunds (EGP)', ar: 'المرتجعات (جنيه)' },
  report_col_net: { en: 'Net (EGP)', ar: 'الصافي (جنيه)' },
  report_col_total: { en: 'Total', ar: 'الإجمالي' },
  report_group_day: { en: 'Day', ar: 'اليوم' },
  report_group_week: { en: 'Week starting', ar: 'الأسبوع من' },
  report_group_month: { en: 'Month', ar: 'الشهر' },
  report_group_product: { en: 'Product', ar: 'المنتج' },
  report_group_category: { en: 'Category', ar: 'القسم' },
  report_group_brand: { en: 'Brand', ar: 'الماركة' },
  report_group_governorate: { en: 'Governorate', ar: 'المحافظة' },
  report_group_payment_method: { en: 'Payment method', ar: 'طريقة الدفع' },
  report_none: { en: 'None', ar: 'من غير' },
  report_method_online: { en: 'Paid online', ar: 'دفع أونلاين' },
  report_method_cash: { en: 'Cash on delivery', ar: 'كاش عند الاستلام' },
  report_method_visa_on_delivery: { en: 'Card on delivery', ar: 'فيزا عند الاستلام' },
  report_method_visa_on_delivery_installments: {
    en: 'Card installments on delivery',
    ar: 'تقسيط بالفيزا عند الاستلام',
  },
} as const satisfies Record<string, Record<Locale, string>>;
