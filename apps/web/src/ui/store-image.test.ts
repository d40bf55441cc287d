import { describe, expect, it } from 'vitest';
import { webpSrcSet } from './store-image';

describe('webpSrcSet', () => {
  it('offers a photo of the uploads in WebP at the widths the server makes, up to the widest worth it', () => {
    expect(webpSrcSet('/uploads/products/12/front.jpg', 480)).toBe(
      '/img/160.webp/products/12/front.jpg 160w, /img/320.webp/products/12/front.jpg 320w, ' +
        '/img/480.webp/products/12/front.jpg 480w',
    );
    expect(webpSrcSet('/uploads/a.PNG')?.split(', ')).toHaveLength(7);
  });
  it("offers the demo catalog's drawings in WebP too, as the server draws them", () => {
    expect(webpSrcSet('/uploads/demo/products/tv-0-thumb.svg', 320)).toBe(
      '/img/160.webp/demo/products/tv-0-thumb.svg 160w, /img/320.webp/demo/products/tv-0-thumb.svg 320w',
    );
  });
  it('leaves uploaded drawings and pictures of other sites as they are', () => {
    expect(webpSrcSet('/uploads/content/logo.svg')).toBeNull();
    expect(webpSrcSet('/uploads/demo/../content/logo.svg')).toBeNull();
    expect(webpSrcSet('https://cdn.example/x.jpg')).toBeNull();
    expect(webpSrcSet('/uploads/x.jpg?v=2')).toBeNull();
  });
});
