import { describe, expect, it } from 'vitest';
import { formatDeduction, formatMoney } from './money-format.ts';

const LRI = '\u2066';
const PDI = '\u2069';

describe('an amount taken off (discount line)', () => {
  it('keeps English as it was: the minus sign, then the price', () => {
    expect(formatDeduction(18599.2)).toBe(`\u2212${formatMoney(18599.2)}`);
    expect(formatDeduction(18599.2, 'EGP')).toBe('\u221218,599.20 EGP');
    expect(formatDeduction(50, 'EGP')).toBe('\u221250 EGP');
  });

  it('in Arabic keeps the sign before the digits, both in one left-to-right isolate', () => {
    // Without the isolate the sign takes the paragraph's right-to-left direction and shows after the digits
    // ("ج.م 18,599.20−"); inside it the run reads "−18,599.20", the currency label after it on the left.
    expect(formatDeduction(18599.2, 'ج.م', true)).toBe(`${LRI}\u221218,599.20${PDI} ج.م`);
    expect(formatDeduction(1000, 'ج.م', true)).toBe(`${LRI}\u22121,000${PDI} ج.م`);
  });

  it('writes one sign whether it is given the discount or the negative amount', () => {
    expect(formatDeduction(-18599.2, 'ج.م', true)).toBe(formatDeduction(18599.2, 'ج.م', true));
    expect(formatDeduction(-0.5)).toBe('\u22120.50 EGP');
  });
});
