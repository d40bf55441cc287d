import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiMessage } from '@store/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { money, renderInvoicePdf, type InvoiceModel } from './pdf.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'invoice-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));

/** The PDF's text as Debian's poppler-utils extracts it (what a reader's copy, search or screen reader gets). */
function textOf(pdf: Buffer, name: string, layout = false) {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  });
}

const model = (locale: 'ar' | 'en'): InvoiceModel => ({
  locale,
  kind: 'invoice',
  number: 'INV-2026-000123',
  issuedAt: new Date('2026-03-05T09:30:00Z'),
  orderNumber: '1042',
  seller: {
    legalName: locale === 'ar' ? 'إيجيبت إلكترونيكس ش.م.م' : 'Egypt Electronics S.A.E.',
    address:
      locale === 'ar' ? '١٢ شارع عباس العقاد، مدينة نصر، القاهرة' : '12 Abbas El Akkad St., Nasr City, Cairo',
    taxId: '674-859-545',
  },
  shopper: { name: locale === 'ar' ? 'منى حسن' : 'Mona Hassan', phone: '01012345678' },
  deliveryAddress:
    locale === 'ar'
      ? 'عمارة ٥، الدور ٣، شارع التسعين، التجمع الخامس، القاهرة'
      : 'Bldg 5, floor 3, 90th St., New Cairo',
  lines: [
    {
      description: locale === 'ar' ? 'غسالة توشيبا ٧ كيلو' : 'Toshiba washer 7 kg',
      quantity: 2,
      netPiastres: 2_000_000,
      vatPiastres: 280_000,
      grossPiastres: 2_280_000,
      vatRate: 14,
    },
    {
      description: locale === 'ar' ? 'غلاية كهربائية' : 'Electric kettle',
      quantity: 1,
      netPiastres: 100_000,
      vatPiastres: 14_000,
      grossPiastres: 114_000,
      vatRate: 14,
    },
  ],
  deliveryPiastres: 5_000,
  totals: { netPiastres: 2_105_000, vatPiastres: 294_000, grossPiastres: 2_399_000 },
  paymentMethod: locale === 'ar' ? 'كاش عند الاستلام' : 'cash on delivery',
  qrPayload:
    'https://invoicing.eta.gov.eg/receipts/search/abc/share/2026-03-05T09:30:00Z#Total:23990.00,IssuerRIN:674859545',
});

describe('the invoice PDF', () => {
  it('reads in Arabic, right to left, with فاتورة in its order, the number and the total', async () => {
    const pdf = await renderInvoicePdf(model('ar'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // poppler marks the lines' direction (U+202A-U+202E); the words are what a reader copies.
    const text = textOf(pdf, 'ar').replace(/[\u202a-\u202e]/g, '');
    // The title's two words in their order, each letter itself (no ت for ي from a shared glyph).
    expect(text).toContain('فاتورة ضريبية');
    expect(text).not.toContain('ضريبية فاتورة');
    expect(text).toContain('رقم التسجيل الضريبي');
    expect(text).toContain('INV-2026-000123');
    expect(text).toContain(money(2_399_000));
    expect(text).toContain('ضريبة القيمة المضافة');
    expect(text).toContain('منى حسن');
  });

  it('reads in English with the number, Invoice and the total', async () => {
    const text = textOf(await renderInvoicePdf(model('en')), 'en');
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('INV-2026-000123');
    expect(text).toContain('23,990.00');
    expect(text).toContain('Tax registration number: 674-859-545');
    expect(text).toMatch(/Toshiba washer 7 kg\s+2\s+20,000.00\s+2,800.00 \(14%\)\s+22,800.00/);
  });

  it('names the seller in Arabic on the Arabic invoice and in English on the English one', async () => {
    const seller = {
      legalName: 'Egypt Electronics S.A.E.',
      address: '12 Abbas El Akkad St., Nasr City, Cairo',
      legalNameAr: 'إيجيبت إلكترونيكس ش.م.م',
      addressAr: '١٢ شارع عباس العقاد، مدينة نصر، القاهرة',
      taxId: '674-859-545',
    };
    const ar = textOf(await renderInvoicePdf({ ...model('ar'), seller }), 'seller-ar').replace(
      /[\u202a-\u202e]/g,
      '',
    );
    expect(ar).toContain('إيجيبت إلكترونيكس ش.م.م');
    // (pdftotext puts the Arabic commas of a line drawn right to left beside the next word.)
    expect(ar).toContain('شارع عباس العقاد');
    expect(ar).toContain('مدينة نصر');
    expect(ar).toContain('674-859-545');
    expect(ar).not.toContain('Egypt Electronics');
    expect(ar).not.toContain('Abbas El Akkad');
    const en = textOf(await renderInvoicePdf({ ...model('en'), seller }), 'seller-en');
    expect(en).toContain('Egypt Electronics S.A.E.');
    expect(en).toContain('12 Abbas El Akkad St., Nasr City, Cairo');
    expect(en).not.toContain('إيجيبت');
  });

  it("prints a discount's whole note, and its minus before the amount in Arabic too", async () => {
    const discounted = (locale: 'ar' | 'en'): InvoiceModel => ({
      ...model(locale),
      discount: { code: 'SAVE10', piastres: 81_480 },
    });
    const ar = textOf(await renderInvoicePdf(discounted('ar')), 'discount-ar', true).replace(
      /[\u202a-\u202e]/g,
      '',
    );
    const en = textOf(await renderInvoicePdf(discounted('en')), 'discount-en', true);
    // Cut short ("Discount code SAVE10 (taken …"), the discount read as if taken off the lines' totals a second time.
    expect(ar).toContain('كود الخصم SAVE10');
    expect(ar).toContain(apiMessage('invoice_discount_note', 'ar'));
    expect(en).toContain('Discount code SAVE10');
    expect(en).toContain(apiMessage('invoice_discount_note', 'en'));
    for (const text of [ar, en]) expect(text).not.toContain('…');
    // The minus at the left of the digits, as a negative amount is written (it was drawn "814.80-" in Arabic).
    expect(ar).toMatch(/(^|\s)-814\.80(\s|$)/m);
    expect(ar).not.toContain('814.80-');
    expect(en).toMatch(/Discount code SAVE10\s+-814\.80/);
  });

  it('wraps a long discount code instead of cutting it', async () => {
    const code = 'RAMADAN-KAREEM-2026-FAMILY-BUNDLE-OFFER1';
    const m: InvoiceModel = { ...model('en'), discount: { code, piastres: 81_480 } };
    const text = textOf(await renderInvoicePdf(m), 'long-code');
    expect(text).not.toContain('…');
    expect(text.replace(/\s+/g, '')).toContain(code);
  });

  it('titles a credit note as one, with its own number', async () => {
    const m = { ...model('ar'), kind: 'credit_note' as const, number: 'CN-2026-000001' };
    const text = textOf(await renderInvoicePdf(m), 'cn').replace(/[\u202a-\u202e]/g, '');
    expect(text).toContain('إشعار دائن');
    expect(text).toContain('CN-2026-000001');
  });
});
