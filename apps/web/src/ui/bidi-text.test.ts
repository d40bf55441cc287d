import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BidiText, bidiParts, latinDir } from './bidi-text';

const latin = (text: string) =>
  bidiParts(text)
    .filter((p) => p.latin)
    .map((p) => p.text);

describe('bidiParts', () => {
  it('isolates each Latin run of an Arabic title: names, model codes, sizes', () => {
    expect(
      latin('لاب توب أبل ماك بوك إير 13 M2 - معالج Apple M2 8-core - رام 8 جيجا - 256 جيجا SSD'),
    ).toEqual(['M2', 'Apple M2 8-core', 'SSD']);
    expect(latin('ثلاجة جرين GR-EF40P-R-S نوفروست')).toEqual(['GR-EF40P-R-S']);
    expect(latin('معالج 8-core و 16GB رام، شاشة 13 بوصة')).toEqual(['8-core', '16GB']);
    expect(latin('كارت شاشة NVIDIA GeForce RTX 4090 16GB - شاشة 16 بوصة')).toEqual([
      'NVIDIA GeForce RTX 4090 16GB',
    ]);
  });
  it('keeps the whole text, in order, and leaves text without Arabic alone', () => {
    const title = 'شاشة سامسونج 55 بوصة UA55DU7000 كريستال';
    expect(
      bidiParts(title)
        .map((p) => p.text)
        .join(''),
    ).toBe(title);
    expect(bidiParts('Apple MacBook Air 13 M2')).toEqual([{ text: 'Apple MacBook Air 13 M2', latin: false }]);
  });
});

describe('BidiText', () => {
  it('makes each Latin word one block, so an ellipsis at the left of an Arabic line hides it whole', () => {
    // text-overflow and line-clamp hide what reaches the line's end edge: in Arabic the left, where a Latin run
    // shows its first letters; inside an inline word they went ("…olby Atmos", "ntel Core", "SB-C").
    const html = renderToStaticMarkup(createElement(BidiText, { text: 'ساوند بار Dolby Atmos بمنفذ USB-C' }));
    for (const word of ['Dolby', 'Atmos', 'USB-C'])
      expect(html).toContain(`<span class="inline-block whitespace-nowrap">${word}</span>`);
    expect(html).toContain('<bdi dir="ltr">');
  });
});

describe('latinDir', () => {
  it('is ltr for a text in Latin letters without Arabic, and the page’s direction otherwise', () => {
    expect(latinDir('Samsung Galaxy S24 Ultra 512GB')).toBe('ltr');
    expect(latinDir('موبايل سامسونج Galaxy S24')).toBeUndefined();
    expect(latinDir('2024')).toBeUndefined();
  });
});
