/** TOTP as RFC 6238 defines it (its SHA-1 test vectors, cut to 6 digits as authenticator apps show them). */
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, totpCode, totpUri } from './totp.ts';

// RFC 6238 appendix B: the ASCII secret "12345678901234567890" (base32 GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ).
const SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238, node:crypto)', () => {
  it('gives the RFC’s codes at the RFC’s times', () => {
    expect(SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, eight] of vectors) {
      expect(hotp(base32Decode(SECRET), Math.floor(seconds / 30), 8)).toBe(eight);
      expect(totpCode(SECRET, new Date(seconds * 1000))).toBe(eight.slice(2));
    }
  });

  it('base32 round-trips any bytes, and reads a secret typed with spaces, dashes or in lower case', () => {
    for (const length of [0, 1, 5, 19, 20, 33]) {
      const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 37 + 11) % 256));
      expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    }
    expect(base32Decode('gezd gnbv-gy3t qojq')).toEqual(base32Decode('GEZDGNBVGY3TQOJQ'));
    expect(() => base32Decode('GEZ1')).toThrow();
  });

  it('takes a code from the step before or after (a clock a little off), never one already used, never a malformed one', () => {
    const at = new Date(1_800_000_000_000);
    const step = Math.floor(at.getTime() / 30_000);
    const before = totpCode(SECRET, new Date(at.getTime() - 30_000));
    expect(matchTotp(SECRET, totpCode(SECRET, at), at)).toBe(step);
    expect(matchTotp(SECRET, before, at)).toBe(step - 1);
    expect(matchTotp(SECRET, totpCode(SECRET, new Date(at.getTime() - 60_000)), at)).toBeNull();
    expect(matchTotp(SECRET, totpCode(SECRET, at), at, step)).toBeNull();
    expect(matchTotp(SECRET, before, at, step - 1)).toBeNull();
    expect(matchTotp(SECRET, '12345', at)).toBeNull();
    expect(matchTotp(SECRET, '12345a', at)).toBeNull();
  });

  it('writes the otpauth:// address authenticator apps read', () => {
    expect(totpUri(SECRET, 'boss@store.example', 'store.example')).toBe(
      'otpauth://totp/store.example%3Aboss%40store.example?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=store.example&algorithm=SHA1&digits=6&period=30',
    );
  });
});
