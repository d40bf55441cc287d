import { describe, expect, it } from 'vitest';
import { BRANCH_PHONE_PATTERN, splitBranchPhones } from './admin-content.ts';

describe("a branch's phone numbers typed on one line", () => {
  it('keeps a number written in groups as one number, as the store writes numbers', () => {
    expect(splitBranchPhones('097 231 0000')).toEqual(['0972310000']);
    expect(splitBranchPhones('16581, 02-2345-6789 ; (010) 1234.5678')).toEqual([
      '16581',
      '0223456789',
      '01012345678',
    ]);
    expect(splitBranchPhones('16581، ٠٩٧ ٢٣١ ٠٠٠٠\n+20 97 231 0000')).toEqual([
      '16581',
      '0972310000',
      '+20972310000',
    ]);
    for (const n of splitBranchPhones('097 231 0000, 16581')) expect(BRANCH_PHONE_PATTERN.test(n)).toBe(true);
  });

  it('says nothing is there for an empty line', () => {
    expect(splitBranchPhones('  ,  ')).toEqual([]);
  });
});
