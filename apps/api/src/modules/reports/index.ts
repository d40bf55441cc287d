/** The reports module's face (issue 49 item 5): the back office's sales report, as JSON and CSV. It only reads. */
export { adminReportRoutes } from './routes.ts';
export { salesReport } from './service.ts';
