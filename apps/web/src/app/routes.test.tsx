import { PAGES } from '@store/contracts/pages';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pagesAt, routes } from './routes';

/** An address of the page at `path`: its parameters filled with what they match. */
const addressOf = (path: string | null) =>
  `/${(path ?? '').replace(/:(productId|id|addressId)/g, '12').replace(/:[a-zA-Z]+/g, 'x')}`;

describe("the storefront's routes", () => {
  it("route every page of the shop's page table to its own code, and the page table knows each address", () => {
    for (const page of PAGES) {
      const address = addressOf(page.path);
      expect(page.pattern.test(address), address).toBe(true);
      const matched = matchRoutes(routes, address)?.at(-1)?.route;
      expect(matched?.path ?? (matched?.index ? null : '?'), address).toBe(page.path);
      // Its code, except checkout, which goes on to the wizard's first step.
      expect(pagesAt(address), address).toHaveLength(page.path === 'checkout' ? 0 : 1);
    }
  });

  it('send any other address to the 404 page', async () => {
    const [load] = pagesAt('/no-such-page');
    const [notFound] = pagesAt('/404');
    expect(load).toBe(notFound);
    expect(Object.keys(await load!())).toContain('Component');
  });
});
