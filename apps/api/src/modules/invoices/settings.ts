/**
 * What the store's invoices and e-receipts are made with (issue 47, decision 030), from the settings (server.ts):
 * the seller (STORE_LEGAL_NAME, STORE_ADDRESS, STORE_TAX_ID), the delivery fee's VAT rate (DELIVERY_FEE_TAXED=true:
 * the standard 14%; false, the default: none) and the ETA's client and POS (ETA_RECEIPTS=on; null: off).
 */
import { STANDARD_VAT_BP } from '@store/contracts';
import type { EtaReceiptSetup } from '../einvoicing/index.ts';
import { DEMO_SELLER, type InvoiceSeller } from '../../lib/seller.ts';

export interface InvoicingSettings {
  seller: InvoiceSeller;
  /** Basis points: 1400 when the delivery fee is taxed, else 0. */
  deliveryVatBp: number;
  eta: EtaReceiptSetup | null;
}

export const DEFAULT_INVOICING: InvoicingSettings = { seller: DEMO_SELLER, deliveryVatBp: 0, eta: null };

/** DELIVERY_FEE_TAXED as the delivery fee's rate. */
export const deliveryVatBpOf = (taxed: 'true' | 'false' | undefined) =>
  taxed === 'true' ? STANDARD_VAT_BP : 0;
