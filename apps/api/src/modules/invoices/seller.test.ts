import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { etaReceiptSetup } from '../einvoicing/index.ts';
import { DEMO_SELLER, invoiceSeller, sellerIn } from '../../lib/seller.ts';

describe('the seller on an invoice', () => {
  it('comes from STORE_LEGAL_NAME, STORE_ADDRESS and STORE_TAX_ID', () => {
    const c = loadConfig({
      STORE_LEGAL_NAME: 'Egypt Electronics S.A.E.',
      STORE_ADDRESS: '12 Abbas El Akkad St., Nasr City, Cairo',
      STORE_TAX_ID: '674859545',
    });
    expect(invoiceSeller(c)).toEqual({
      legalName: 'Egypt Electronics S.A.E.',
      address: '12 Abbas El Akkad St., Nasr City, Cairo',
      // No Arabic set: the Arabic invoice prints the store's English ones, never the demo's Arabic.
      legalNameAr: 'Egypt Electronics S.A.E.',
      addressAr: '12 Abbas El Akkad St., Nasr City, Cairo',
      taxId: '674-859-545',
    });
  });

  it('names it in Arabic on the Arabic invoice from STORE_LEGAL_NAME_AR and STORE_ADDRESS_AR', () => {
    const seller = invoiceSeller(
      loadConfig({
        STORE_LEGAL_NAME: 'Egypt Electronics S.A.E.',
        STORE_LEGAL_NAME_AR: 'إيجيبت إلكترونيكس ش.م.م',
        STORE_ADDRESS: '12 Abbas El Akkad St., Nasr City, Cairo',
        STORE_ADDRESS_AR: '١٢ شارع عباس العقاد، مدينة نصر، القاهرة',
        STORE_TAX_ID: '674-859-545',
      }),
    );
    expect(sellerIn(seller, 'ar')).toEqual({
      legalName: 'إيجيبت إلكترونيكس ش.م.م',
      address: '١٢ شارع عباس العقاد، مدينة نصر، القاهرة',
      taxId: '674-859-545',
    });
    expect(sellerIn(seller, 'en')).toEqual({
      legalName: 'Egypt Electronics S.A.E.',
      address: '12 Abbas El Akkad St., Nasr City, Cairo',
      taxId: '674-859-545',
    });
  });

  it("takes the ETA's RIN as the tax number when STORE_TAX_ID is unset, and the demo's otherwise", () => {
    expect(invoiceSeller(loadConfig({ ETA_RIN: '123456789' })).taxId).toBe('123-456-789');
    expect(invoiceSeller(loadConfig({}))).toEqual(DEMO_SELLER);
  });

  it('the demo names itself in Arabic on the Arabic invoice', () => {
    expect(sellerIn(DEMO_SELLER, 'ar').legalName).toBe('إلكترونيات مصر (تجريبي)');
    expect(sellerIn(DEMO_SELLER, 'ar').address).toBe('١٢ شارع عباس العقاد، مدينة نصر، القاهرة');
  });

  it('refuses at start-up an Arabic name or address without its English one, and two tax numbers', () => {
    expect(() => loadConfig({ STORE_LEGAL_NAME_AR: 'إيجيبت إلكترونيكس ش.م.م' })).toThrow(
      /STORE_LEGAL_NAME is required with STORE_LEGAL_NAME_AR/,
    );
    expect(() => loadConfig({ STORE_ADDRESS_AR: '١٢ شارع عباس العقاد، القاهرة' })).toThrow(
      /STORE_ADDRESS is required with STORE_ADDRESS_AR/,
    );
    expect(() => loadConfig({ STORE_TAX_ID: '674-859-545', ETA_RIN: '123456789' })).toThrow(
      /STORE_TAX_ID \(674-859-545\) must be the same number as ETA_RIN \(123456789\)/,
    );
    expect(invoiceSeller(loadConfig({ STORE_TAX_ID: '674-859-545', ETA_RIN: '674859545' })).taxId).toBe(
      '674-859-545',
    );
    expect(() => loadConfig({ STORE_LEGAL_NAME_AR: 'م' })).toThrow(
      /STORE_LEGAL_NAME_AR must name the company/,
    );
  });

  it("is the e-receipts' seller too: one legal name, with or without STORE_LEGAL_NAME", () => {
    const eta = {
      ETA_RECEIPTS: 'on',
      ETA_CLIENT_ID: 'pos-client',
      ETA_CLIENT_SECRET: 'pos-secret',
      ETA_RIN: '674859545',
      ETA_BRANCH_CODE: '0',
      ETA_BRANCH_ADDRESS: 'Cairo; Nasr City; 12 Abbas El Akkad; 12',
      ETA_DEVICE_SERIAL: 'STORE-WEB-1',
      ETA_ACTIVITY_CODE: '4741',
    };
    for (const c of [loadConfig(eta), loadConfig({ ...eta, STORE_LEGAL_NAME: 'Egypt Electronics S.A.E.' })]) {
      const receipts = etaReceiptSetup(c)!.seller;
      expect(receipts.companyTradeName).toBe(invoiceSeller(c).legalName);
      expect(receipts.rin.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1-$2-$3')).toBe(invoiceSeller(c).taxId);
    }
  });
});
