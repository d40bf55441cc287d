import { describe, expect, it } from 'vitest';
import { KeptCards } from './cards.ts';

const card = (id: number) => ({ id, title_en: `Product ${id}` });

describe('cards kept with the catalog index', () => {
  it('lets the card shown least recently go first, so the cards shown on most pages stay', () => {
    const kept = new KeptCards(3);
    for (const id of [1, 2, 3]) kept.set(id, card(id), 10);
    // Product 1 is on a page again (a popular product, warmed first): product 2 is now the one shown least recently.
    expect(kept.get(1, 10)).toEqual(card(1));
    kept.set(4, card(4), 10);
    expect(kept.size).toBe(3);
    expect(kept.get(1, 10)).toEqual(card(1));
    expect(kept.get(2, 10)).toBeUndefined();
    expect(kept.get(3, 10)).toEqual(card(3));
    expect(kept.get(4, 10)).toEqual(card(4));
  });

  it('counts a card read again as shown, and keeps the newer read', () => {
    const kept = new KeptCards(2);
    kept.set(1, card(1), 10);
    kept.set(2, card(2), 10);
    kept.set(1, { ...card(1), title_en: 'Product 1, read again' }, 11);
    kept.set(3, card(3), 11);
    expect(kept.get(2, 11)).toBeUndefined();
    expect(kept.get(1, 11)).toEqual({ id: 1, title_en: 'Product 1, read again' });
  });

  it('never gives a card whose product changed after it was read, until it is read again', () => {
    const kept = new KeptCards(3);
    kept.set(1, card(1), 10);
    kept.set(2, card(2), 10);
    kept.changed([1], 12);
    expect(kept.get(1, 12)).toBeUndefined();
    expect(kept.has(1, 13)).toBe(false);
    expect(kept.get(2, 12)).toEqual(card(2));
    kept.set(1, { ...card(1), title_en: 'Product 1 at 12' }, 12);
    expect(kept.get(1, 13)).toEqual({ id: 1, title_en: 'Product 1 at 12' });
  });
});
