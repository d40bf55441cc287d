/** Egypt's e-receipts (issue 47): written once, chained, sent from the outbox and retried. */
export {
  etaReceiptSetup,
  issueReceipt,
  issueReturnReceipt,
  issueSaleReceiptOnOrderConfirmed,
  receiptsOfOrder,
  receiptUrl,
  resubmitReceipt,
  refreshVerdicts,
  retryReceipts,
  STANDARD_VAT_RATE,
  type EtaReceiptSetup,
  type ReceiptRow,
  type ReceiptsContext,
} from './receipts.ts';
