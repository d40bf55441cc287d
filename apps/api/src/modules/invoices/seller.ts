/**
 * The seller an invoice names (issue 47): STORE_LEGAL_NAME, STORE_ADDRESS and STORE_TAX_ID (unset: ETA_RIN), or the
 * demo store's when they are not set.
 */
export interface InvoiceSeller {
  legalName: string;
  address: string;
  taxId: string;
}

export const DEMO_SELLER: InvoiceSeller = {
  legalName: 'Egypt Electronics (demo)',
  address: '12 Abbas El Akkad St., Nasr City, Cairo',
  taxId: '000-000-000',
};

/** 674859545 → 674-859-545, as tax registration numbers are printed. */
const grouped = (id: string) => id.replace(/^(\d{3})-?(\d{3})-?(\d{3})$/, '$1-$2-$3');

export function invoiceSeller(c: {
  STORE_LEGAL_NAME?: string;
  STORE_ADDRESS?: string;
  STORE_TAX_ID?: string;
  ETA_RIN?: string;
}): InvoiceSeller {
  const taxId = c.STORE_TAX_ID ?? c.ETA_RIN;
  return {
    legalName: c.STORE_LEGAL_NAME ?? DEMO_SELLER.legalName,
    address: c.STORE_ADDRESS ?? DEMO_SELLER.address,
    taxId: taxId ? grouped(taxId) : DEMO_SELLER.taxId,
  };
}
