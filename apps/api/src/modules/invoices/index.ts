/** Invoices (issue 47): their gapless numbers and their PDF. */
export {
  allocateCreditNoteNumber,
  allocateInvoiceNumber,
  formatDocumentNumber,
  invoiceYear,
  type NumberSeries,
} from './numbers.ts';
