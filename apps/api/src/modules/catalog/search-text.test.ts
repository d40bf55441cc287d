import { describe, expect, it } from 'vitest';
import { WORD_SIMILARITY_THRESHOLD } from '../../db/client.ts';
import { editsWithin, nearestOfGroups, nearestWords, wordsWithinEdits } from './search-text.ts';

/** The candidates of a typed word grouped as the catalog index groups them: by how many of its trigrams each holds. */
function grouped(typed: string, vocabulary: string[]) {
  const grams = new Set<string>();
  const p = `  ${typed} `;
  for (let i = 0; i + 3 <= p.length; i++) grams.add(p.slice(i, i + 3));
  const groups: string[][] = Array.from({ length: grams.size + 1 }, () => []);
  for (const word of vocabulary) {
    let shared = 0;
    for (const g of grams) if (`  ${word} `.includes(g)) shared++;
    groups[shared]!.push(word);
  }
  return groups;
}

describe("a typo's nearest words, scored group by group", () => {
  it('are those of scoring every word, when thousands of words are as alike (model numbers, a common start)', () => {
    // A catalog of generated model numbers: thousands start with the same two letters, and so are exactly as alike
    // to a short typed word; the tie-breakers (shorter, then code point) pick among them.
    const vocabulary: string[] = ['small', 'smart', 'sm', 'jbl', 'smx', 'z03', '0300'];
    for (let i = 0; i < 4000; i++) {
      vocabulary.push(`03${String((i * 7919) % 10000).padStart(4, '0')}`);
      vocabulary.push(`sm${(i * 104729) % 100000}`);
      vocabulary.push(`jbl${['go', 'flip', 'charge'][i % 3]}${i % 97}blk`);
      vocabulary.push(`hd${(i * 31) % 9000}${'abc'[i % 3]}`);
    }
    let found = 0;
    for (const typed of ['03w', '03', 'sm', 'smr', 'jbl', 'jbll', 'hd7', 'hdm', '0300w', 'flip']) {
      const every = nearestWords(typed, vocabulary, WORD_SIMILARITY_THRESHOLD, 5);
      expect(nearestOfGroups(typed, grouped(typed, vocabulary), WORD_SIMILARITY_THRESHOLD, 5), typed).toEqual(
        every,
      );
      found += every.length;
    }
    expect(found).toBeGreaterThan(30);
  });
});

describe('a typo by its edits', () => {
  it('counts a letter added, left out, changed, or two neighbours swapped, and stops past the most asked', () => {
    expect(editsWithin('speeker', 'speaker', 2)).toBe(1);
    expect(editsWithin('hedphons', 'headphones', 2)).toBe(2);
    expect(editsWithin('smasung', 'samsung', 2)).toBe(1);
    expect(editsWithin('teliviosn', 'television', 2)).toBe(3);
    expect(editsWithin('fridge', 'headphones', 2)).toBe(3);
  });

  it('gives the fewest edits first, then the most alike, then the shortest', () => {
    const vocabulary = ['speed', 'speaker', 'speakers', 'headphones', 'headphone', 'sneaker'];
    expect(wordsWithinEdits('speeker', vocabulary, 1, 5)).toEqual(['speaker']);
    expect(wordsWithinEdits('speeker', vocabulary, 2, 5)).toEqual(['speaker', 'speakers', 'sneaker']);
    expect(wordsWithinEdits('hedphons', vocabulary, 2, 5)).toEqual(['headphone', 'headphones']);
    expect(wordsWithinEdits('fridge', vocabulary, 2, 5)).toEqual([]);
  });
});
