/** Invoices (issue 47): their gapless numbers and their PDF. */
export {
  allocateCreditNoteNumber,
  allocateInvoiceNumber,
  formatDocumentNumber,
  invoiceYear,
  type NumberSeries,
} from './numbers.ts';
export { money, renderInvoicePdf, type InvoiceLine, type InvoiceModel } from './pdf.ts';
export { isolate } from './bidi.ts';
export {
  DEMO_SELLER,
  invoiceSeller,
  sellerIn,
  type InvoiceSeller,
  type SellerFacts,
} from '../../lib/seller.ts';
export { DEFAULT_INVOICING, deliveryVatBpOf, type InvoicingSettings } from './settings.ts';
export { storeSellerRoutes } from './routes.ts';
