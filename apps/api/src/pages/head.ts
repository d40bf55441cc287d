import type { Locale } from '@store/contracts';
import type { FastifyInstance } from 'fastify';

/** What a page is asked with: the address's path, the address as the page reads it (seo.ts), its language. */
export interface PageRequest {
  app: FastifyInstance;
  /** The path alone (`/products/12`). */
  path: string;
  /** The path and the query parameters the page reads (seo.ts pageAddress): what it is rendered and kept as. */
  address: string;
  locale: Locale;
  /** The shop's public address (PUBLIC_URL), for the absolute addresses of the head. */
  base: string;
}

/** What a page says of itself before it is rendered. */
export interface PageHead {
  /**
   * 404: the page is the 404 page (a product not on sale, a category that does not exist). 301: the page lives at
   * `location` (a variant's own address is its product's page with it chosen).
   */
  status: 200 | 301 | 404;
  /** With 301: where the page lives (a path on this shop). */
  location?: string;
  /** The page's own title and description (else the renderer's, else the template's). */
  title?: string;
  description?: string;
  /** More of the head: link previews (og), JSON-LD. */
  tags?: string[];
  /** false: the server leaves the page to the browser (an unknown product shows the 404 page at its address). */
  render?: boolean;
}

/** A page of the table with something to say before it is rendered. */
export type ServerPage = (req: PageRequest) => Promise<PageHead>;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON-LD in a page's head: a data block (never run, so the Content-Security-Policy has nothing to allow). */
export const jsonLd = (data: object) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
