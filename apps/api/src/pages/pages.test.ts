import { PAGES } from '@store/contracts/pages';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageHead, SERVER_PAGES } from './index.ts';

describe('the server side of the page table', () => {
  it('speaks only for pages the shop has: each entry is a path of the page table', () => {
    const paths = new Set(PAGES.map((p) => p.path));
    for (const path of Object.keys(SERVER_PAGES)) expect(paths.has(path), path).toBe(true);
  });

  it('a path no page matches is the 404 page, and a page with nothing of its own to say is 200', async () => {
    // Neither asks the database: a context without one shows it.
    const req = { app: {} as FastifyInstance, locale: 'ar' as const, base: 'https://shop.example' };
    expect(await pageHead({ ...req, path: '/no-such-page', address: '/no-such-page' })).toEqual({
      status: 404,
    });
    expect(await pageHead({ ...req, path: '/about-us', address: '/about-us' })).toEqual({ status: 200 });
    expect(await pageHead({ ...req, path: '/products', address: '/products?sort=price' })).toEqual({
      status: 200,
    });
    // An id past PostgreSQL's integer: the product page's 404, left to the browser.
    expect(
      await pageHead({ ...req, path: '/products/99999999999', address: '/products/99999999999' }),
    ).toEqual({
      status: 404,
      render: false,
    });
  });
});
