/**
 * The reports module's face (issue 49 item 5): the back office's sales report, as JSON and CSV, read from the daily
 * summaries the database keeps, and their fold (the reports job).
 */
export { adminReportRoutes } from './routes.ts';
export { salesReport } from './service.ts';
export { foldReportSummaries, REPORT_FOLD_EVERY_MS } from './fold.ts';
