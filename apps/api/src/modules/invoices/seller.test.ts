import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DEMO_SELLER, invoiceSeller } from './seller.ts';

describe('the seller on an invoice', () => {
  it('comes from STORE_LEGAL_NAME, STORE_ADDRESS and STORE_TAX_ID', () => {
    const c = loadConfig({
      STORE_LEGAL_NAME: 'إيجيبت إلكترونيكس ش.م.م',
      STORE_ADDRESS: '12 Abbas El Akkad St., Nasr City, Cairo',
      STORE_TAX_ID: '674859545',
    });
    expect(invoiceSeller(c)).toEqual({
      legalName: 'إيجيبت إلكترونيكس ش.م.م',
      address: '12 Abbas El Akkad St., Nasr City, Cairo',
      taxId: '674-859-545',
    });
  });

  it("takes the ETA's RIN as the tax number when STORE_TAX_ID is unset, and the demo's otherwise", () => {
    expect(invoiceSeller(loadConfig({ ETA_RIN: '123456789' })).taxId).toBe('123-456-789');
    expect(invoiceSeller(loadConfig({}))).toEqual(DEMO_SELLER);
  });
});
