import { describe, expect, it } from 'vitest';
import { sizedSrcSet } from './store-image';

describe('sizedSrcSet', () => {
  it('offers a photo of the uploads in WebP at the widths the server makes, up to the widest worth it', () => {
    expect(sizedSrcSet('/uploads/products/12/front.jpg', 'webp', 480)).toBe(
      '/img/160.webp/products/12/front.jpg 160w, /img/320.webp/products/12/front.jpg 320w, ' +
        '/img/480.webp/products/12/front.jpg 480w',
    );
    expect(sizedSrcSet('/uploads/a.PNG', 'webp')?.split(', ')).toHaveLength(7);
    expect(sizedSrcSet('/uploads/products/12/front.avif', 'webp')?.split(', ')).toHaveLength(7);
  });
  it('offers the same widths in AVIF', () => {
    expect(sizedSrcSet('/uploads/products/12/front.jpg', 'avif', 320)).toBe(
      '/img/160.avif/products/12/front.jpg 160w, /img/320.avif/products/12/front.jpg 320w',
    );
  });
  it("offers the demo catalog's drawings in WebP too, as the server draws them", () => {
    expect(sizedSrcSet('/uploads/demo/products/tv-0-thumb.svg', 'webp', 320)).toBe(
      '/img/160.webp/demo/products/tv-0-thumb.svg 160w, /img/320.webp/demo/products/tv-0-thumb.svg 320w',
    );
  });
  it('leaves uploaded drawings and pictures of other sites as they are', () => {
    expect(sizedSrcSet('/uploads/content/logo.svg', 'webp')).toBeNull();
    expect(sizedSrcSet('/uploads/demo/../content/logo.svg', 'webp')).toBeNull();
    expect(sizedSrcSet('https://cdn.example/x.jpg', 'webp')).toBeNull();
    expect(sizedSrcSet('/uploads/x.jpg?v=2', 'webp')).toBeNull();
  });
});
