import { describe, expect, it } from 'vitest';
import { isolate, visualRuns } from './bidi.ts';

const shown = (text: string, dir: 'rtl' | 'ltr') => visualRuns(text, dir).map((r) => `${r.dir}:${r.text}`);

describe('the order of runs on an invoice line', () => {
  it('puts an Arabic label at the right and its number at its left, the number read left to right', () => {
    expect(shown('رقم الفاتورة: INV-2026-000123', 'rtl')).toEqual([
      'ltr:INV-2026-000123',
      'rtl:رقم الفاتورة: ',
    ]);
  });

  it('keeps an amount with its rate in brackets as one left-to-right run', () => {
    expect(shown('2,800.00 (14%)', 'rtl')).toEqual(['ltr:2,800.00 (14%)']);
  });

  it('mirrors brackets that hold Arabic or stand in Arabic text', () => {
    expect(shown('الإجمالي (ج.م)', 'rtl')).toEqual(['rtl:الإجمالي )ج.م(']);
    expect(shown('منى حسن (01012345678)', 'rtl')).toEqual(['rtl:(', 'ltr:01012345678', 'rtl:منى حسن )']);
  });

  it('keeps the minus of a negative amount at its left when a left-to-right mark leads it', () => {
    expect(shown('\u200e-814.80', 'rtl')).toEqual(['ltr:\u200e-814.80']);
    // Without the mark the minus takes the paragraph's direction, and would stand at the number's right.
    expect(shown('-814.80', 'rtl')).toEqual(['ltr:814.80', 'rtl:-']);
  });

  it("keeps isolated pieces in the other script in the line's order, each with its own punctuation", () => {
    // The runs without their marks (which are not drawn), and without a run of marks alone.
    const drawn = (text: string, dir: 'rtl' | 'ltr') =>
      shown(text, dir)
        .map((r) => r.replace(/[\u200e\u200f]/g, ''))
        .filter((r) => !r.endsWith(':'));
    // Two Arabic pieces of an English line read as one right-to-left run: the governorate came first.
    expect(drawn('Apartment 5, الدقي, المنوفية', 'ltr')).toEqual([
      'ltr:Apartment 5, ',
      'rtl:الدقي, المنوفية',
    ]);
    expect(drawn(`Apartment 5, ${isolate('الدقي', 'ltr')}, ${isolate('المنوفية', 'ltr')}`, 'ltr')).toEqual([
      'ltr:Apartment 5, ',
      'rtl:الدقي',
      'ltr:, ',
      'rtl:المنوفية',
    ]);
    // An English street in an Arabic line keeps its dot after "St" (it stood at its other end).
    expect(drawn('عمارة 12، El Tahrir St.، الدور 3', 'rtl')).toContain('ltr:El Tahrir St');
    expect(drawn(`عمارة 12، ${isolate('El Tahrir St.', 'rtl')}، الدور 3`, 'rtl')).toEqual([
      'ltr:3',
      'rtl:، الدور ',
      'ltr:El Tahrir St.',
      'rtl:، ',
      'ltr:12',
      'rtl:عمارة ',
    ]);
  });

  it('leaves English lines as they are', () => {
    expect(shown('Invoice number: INV-2026-000123', 'ltr')).toEqual(['ltr:Invoice number: INV-2026-000123']);
  });
});
