import { describe, expect, it } from 'vitest';
import { bannerTarget, embedUrl } from './home-links';

describe('explore banner links', () => {
  it('an absolute address opens as it is', () => {
    expect(bannerTarget('https://example.com/offer?x=1')).toEqual({
      kind: 'external',
      href: 'https://example.com/offer?x=1',
    });
    expect(bannerTarget('  http://shop.example/a ')).toEqual({
      kind: 'external',
      href: 'http://shop.example/a',
    });
  });
  it('any other link navigates inside the store', () => {
    expect(bannerTarget('/products?category_id=3')).toEqual({
      kind: 'internal',
      href: '/products?category_id=3',
    });
    expect(bannerTarget('special-offers')).toEqual({ kind: 'internal', href: '/special-offers' });
  });
  it('a banner without a link leads to all products', () => {
    expect(bannerTarget(undefined)).toEqual({ kind: 'internal', href: '/products' });
    expect(bannerTarget('   ')).toEqual({ kind: 'internal', href: '/products' });
  });
});

describe('video banner player', () => {
  it('plays YouTube links in the privacy-enhanced embedded player', () => {
    const src = 'https://www.youtube-nocookie.com/embed/abc_DEF-123?autoplay=1&rel=0';
    expect(embedUrl('https://www.youtube.com/watch?v=abc_DEF-123&t=4')).toEqual({ kind: 'iframe', src });
    expect(embedUrl('https://youtu.be/abc_DEF-123')).toEqual({ kind: 'iframe', src });
    expect(embedUrl('https://youtube.com/shorts/abc_DEF-123')).toEqual({ kind: 'iframe', src });
    expect(embedUrl('https://m.youtube.com/watch?v=abc_DEF-123')).toEqual({ kind: 'iframe', src });
  });
  it('plays Vimeo in its player and video files in a video element', () => {
    expect(embedUrl('https://vimeo.com/76979871')).toEqual({
      kind: 'iframe',
      src: 'https://player.vimeo.com/video/76979871?autoplay=1',
    });
    expect(embedUrl('https://cdn.example.com/ad.mp4')).toEqual({
      kind: 'video',
      src: 'https://cdn.example.com/ad.mp4',
    });
  });
  it('does not take a look-alike host for YouTube', () => {
    expect(embedUrl('https://notyoutube.com/watch?v=abc')).toEqual({
      kind: 'iframe',
      src: 'https://notyoutube.com/watch?v=abc',
    });
  });
});
