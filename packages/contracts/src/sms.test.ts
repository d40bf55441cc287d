import { describe, expect, it } from 'vitest';
import { egyptMobileInternational, normalizeEgyptMobile } from './auth.ts';
import { apiMessage } from './messages.ts';
import { smsParts } from './sms.ts';

describe('the store’s phone normaliser', () => {
  it.each([
    ['01012345678', '01012345678'],
    ['1012345678', '01012345678'],
    ['201012345678', '01012345678'],
    ['+201012345678', '01012345678'],
    ['00201012345678', '01012345678'],
    ['+20 101 234 5678', '01012345678'],
    ['0155-123-4567', '01551234567'],
    ['٠١٢٢٣٤٥٦٧٨٩', '01223456789'],
  ])('reads %s as %s', (input, local) => {
    expect(normalizeEgyptMobile(input)).toBe(local);
    expect(egyptMobileInternational(input)).toBe(`20${local.slice(1)}`);
  });

  it.each(['0131234567', '01312345678', '0101234567', '010123456789', '+441012345678', '', 'abc'])(
    '%s is not an Egyptian mobile number',
    (input) => {
      expect(normalizeEgyptMobile(input)).toBeNull();
      expect(egyptMobileInternational(input)).toBeNull();
    },
  );
});

describe('SMS parts', () => {
  it('GSM-7 text: 160 characters in one message, then 153 a part; the extension characters count twice', () => {
    expect(smsParts('a'.repeat(160))).toEqual({ encoding: 'gsm7', length: 160, parts: 1 });
    expect(smsParts('a'.repeat(161))).toEqual({ encoding: 'gsm7', length: 161, parts: 2 });
    expect(smsParts('a'.repeat(306)).parts).toBe(2);
    expect(smsParts('a'.repeat(307)).parts).toBe(3);
    expect(smsParts('€'.repeat(80))).toEqual({ encoding: 'gsm7', length: 160, parts: 1 });
    expect(smsParts('{'.repeat(81)).parts).toBe(2);
  });

  it('Arabic (UCS-2): 70 characters in one message, then 67 a part', () => {
    expect(smsParts('ب'.repeat(70))).toEqual({ encoding: 'ucs2', length: 70, parts: 1 });
    expect(smsParts('ب'.repeat(71))).toEqual({ encoding: 'ucs2', length: 71, parts: 2 });
    expect(smsParts('ب'.repeat(134)).parts).toBe(2);
    expect(smsParts('ب'.repeat(135)).parts).toBe(3);
    // One Arabic letter makes the whole text UCS-2.
    expect(smsParts(`${'a'.repeat(100)}ب`)).toEqual({ encoding: 'ucs2', length: 101, parts: 2 });
  });

  it('the store’s own code messages: one message each in English, as Arabic counts', () => {
    const en = apiMessage('sms_confirmation_text', 'en', { code: '123456', minutes: 10 });
    const ar = apiMessage('sms_sign_in_text', 'ar', { code: '123456', minutes: 10 });
    expect(smsParts(en)).toMatchObject({ encoding: 'gsm7', parts: 1 });
    expect(smsParts(ar)).toMatchObject({ encoding: 'ucs2', parts: Math.ceil(ar.length / 67) });
  });
});
