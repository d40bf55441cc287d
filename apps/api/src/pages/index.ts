/**
 * The server's side of the shop's page table (@store/contracts/pages): what a page says of itself before it is
 * rendered, kept in the page's own module here. web.ts finds the address's page in the table and asks it; a path
 * no page matches is 404 (the 404 page), and a page with nothing to say is 200 with the renderer's head.
 */
import { PAGES } from '@store/contracts/pages';
import type { PageHead, PageRequest, ServerPage } from './head.ts';
import { productListPage, promotionPage } from './list-pages.ts';
import { productPage } from './product-page.ts';

export type { PageHead, PageRequest } from './head.ts';
export { escapeHtml } from './head.ts';

/** By the table's path: the pages that decide their status or head before they are rendered. */
export const SERVER_PAGES: Readonly<Record<string, ServerPage>> = {
  products: productListPage,
  'products/:productId': productPage,
  'promotions/:slug': promotionPage,
};

/** The status and head of the page at `req.path`. */
export function pageHead(req: PageRequest): Promise<PageHead> {
  const page = PAGES.find((p) => p.pattern.test(req.path));
  // A product's address with an id no product can have (past PostgreSQL's integer) is the product page's to
  // answer: 404, left to the browser like any product not on sale.
  if (!page) return /^\/products\/\d+$/.test(req.path) ? productPage(req) : Promise.resolve({ status: 404 });
  const own = page.path === null ? undefined : SERVER_PAGES[page.path];
  return own ? own(req) : Promise.resolve({ status: 200 });
}
