import { describe, expect, it } from 'vitest';
import { iso } from '../columns.ts';
import { highestFirst } from './index-engine.ts';
import { isNumberFormOf, numberForms } from './synonyms.ts';

/** The order a comparison sort gives: highest score first, equal scores in index order. */
const compared = (score: Float64Array) =>
  Array.from({ length: score.length }, (_, i) => i).sort((a, b) => score[b]! - score[a]! || a - b);

describe("a search's best matches ordered by score", () => {
  it('come in the order a comparison sort gives them, equal scores in the cheap order', () => {
    // Scores as the ranking makes them: a cheap rank in halves plus a share of the query's trigrams (k of n), so
    // many are equal; sums that are equal in arithmetic but not in floating point stay apart, as the sort keeps them.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const n of [0, 1, 2, 12, 300]) {
      const score = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const grams = 3 + Math.floor(random() * 10);
        score[i] = Math.floor(random() * 8) / 2 + Math.floor(random() * (grams + 1)) / grams;
      }
      expect(Array.from(highestFirst(score)), `${n} scores`).toEqual(compared(score));
    }
    const ties = Float64Array.from([0.5 + 1 / 3, 5 / 6, 0, 1, 0, 5 / 6, 2, 0.5 + 1 / 3]);
    expect(Array.from(highestFirst(ties))).toEqual(compared(ties));
  });
});

describe("a section's word in a search's other grammatical number", () => {
  it('is what numberForms makes of it, either way', () => {
    const words = [
      'شاشه',
      'شاشات',
      'غساله',
      'غسالات',
      'شاش',
      'ساعه',
      'ساعات',
      'ه',
      'سماعه',
      'سماعات',
      'tv',
      'ات',
    ];
    for (const a of words)
      for (const b of words) expect(isNumberFormOf(a, b), `${a} ${b}`).toBe(numberForms(a).includes(b));
  });
});

describe('a timestamp as ISO text', () => {
  it("is each text's own, however many texts were read before", () => {
    expect(iso('2026-11-29 10:00:00.5+00')).toBe('2026-11-29T10:00:00.500Z');
    expect(iso('2026-11-29 10:00:00.5+02')).toBe('2026-11-29T08:00:00.500Z');
    expect(iso('2026-11-29 10:00:00.5+00')).toBe('2026-11-29T10:00:00.500Z');
    expect(iso(new Date('2026-11-29T10:00:00Z'))).toBe('2026-11-29T10:00:00.000Z');
    expect(iso(null)).toBeNull();
  });
});
