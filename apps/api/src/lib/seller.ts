/**
 * The seller an invoice names (issue 47): STORE_LEGAL_NAME, STORE_ADDRESS and STORE_TAX_ID (unset: ETA_RIN), or the
 * demo store's when they are not set. The Arabic invoice names it by STORE_LEGAL_NAME_AR and STORE_ADDRESS_AR, each
 * unset: the English one. The one source of the store's legal name and tax number: the invoices, the e-receipts and
 * the storefront's footer (GET /v1/store) all read it.
 */
import type { Locale } from '@store/contracts';

export interface InvoiceSeller {
  legalName: string;
  address: string;
  /** The Arabic invoice's name and address (the English ones when no Arabic is set). */
  legalNameAr: string;
  addressAr: string;
  taxId: string;
}

export const DEMO_SELLER: InvoiceSeller = {
  legalName: 'Egypt Electronics (demo)',
  address: '12 Abbas El Akkad St., Nasr City, Cairo',
  legalNameAr: 'إلكترونيات مصر (تجريبي)',
  addressAr: '١٢ شارع عباس العقاد، مدينة نصر، القاهرة',
  taxId: '000-000-000',
};

/** 674859545 → 674-859-545, as tax registration numbers are printed. */
const grouped = (id: string) => id.replace(/^(\d{3})-?(\d{3})-?(\d{3})$/, '$1-$2-$3');

export function invoiceSeller(c: {
  STORE_LEGAL_NAME?: string;
  STORE_LEGAL_NAME_AR?: string;
  STORE_ADDRESS?: string;
  STORE_ADDRESS_AR?: string;
  STORE_TAX_ID?: string;
  ETA_RIN?: string;
}): InvoiceSeller {
  const taxId = c.STORE_TAX_ID ?? c.ETA_RIN;
  return {
    legalName: c.STORE_LEGAL_NAME ?? DEMO_SELLER.legalName,
    address: c.STORE_ADDRESS ?? DEMO_SELLER.address,
    // A store's own English name stands on its Arabic invoice until it sets an Arabic one (never the demo's).
    legalNameAr: c.STORE_LEGAL_NAME_AR ?? c.STORE_LEGAL_NAME ?? DEMO_SELLER.legalNameAr,
    addressAr: c.STORE_ADDRESS_AR ?? c.STORE_ADDRESS ?? DEMO_SELLER.addressAr,
    taxId: taxId ? grouped(taxId) : DEMO_SELLER.taxId,
  };
}

/** What a document shows of the seller: the Arabic name and address in Arabic (the English ones when it has none). */
export interface SellerFacts {
  legalName: string;
  address: string;
  taxId: string;
  legalNameAr?: string;
  addressAr?: string;
}

/** The seller as a document in `locale` names it. */
export const sellerIn = (s: SellerFacts, locale: Locale) => ({
  legalName: (locale === 'ar' && s.legalNameAr) || s.legalName,
  address: (locale === 'ar' && s.addressAr) || s.address,
  taxId: s.taxId,
});
