/**
 * The shop's pages (spec §2), once, for both apps: the storefront's router takes its paths from here (its
 * app/routes.tsx gives each its code, and fails to start on a page without), and the API answers by it
 * (apps/api/src/seo.ts, web.ts: a path no page matches is answered 404 with the 404 page; a private page is never
 * cached, indexed or rendered on the server). A page added here is a page everywhere. It lives in contracts, not in
 * the web app, because the API must know it without the web app's server renderer (a build without one, the
 * tests' own) and its build holds no web source.
 */
export interface ShopPage {
  /** The router's path (`products/:productId`); null: the home page (the index route). */
  path: string | null;
  /** The addresses it answers: its path, numeric ids as PostgreSQL's integer holds them (at most 10 digits). */
  pattern: RegExp;
  /** For a signed-in shopper or a step of a purchase: never cached, indexed or rendered on the server. */
  private: boolean;
}

/** Parameters that are a row's id: only digits match them. */
const ID_PARAMS = new Set(['productId', 'id', 'addressId']);

function page(path: string | null, opts: { private?: boolean } = {}): ShopPage {
  const source = (path ?? '')
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return ID_PARAMS.has(part.slice(1)) ? '\\d{1,10}' : '[^/]+';
    })
    .join('/');
  return { path, pattern: new RegExp(`^/${source}$`), private: opts.private ?? false };
}

const mine = { private: true };

export const PAGES: readonly ShopPage[] = [
  page(null),
  page('products'),
  page('products/:productId'),
  page('special-offers'),
  page('promotions/:slug'),
  page('cart', mine),
  page('about-us'),
  page('terms-conditions'),
  page('privacy-policy'),
  page('returns-policy'),
  page('auth/signin', mine),
  page('auth/register', mine),
  page('auth/forgot_password', mine),
  page('auth/reset_password/:code', mine),
  page('auth/otp_confirmation', mine),
  page('my-account', mine),
  page('my-account/account/change-password', mine),
  page('my-account/account/edit-profile', mine),
  page('my-account/orders/:id', mine),
  page('my-account/:tab', mine),
  page('address', mine),
  page('address/:addressId', mine),
  // Goes on to the wizard's first step (routes.tsx).
  page('checkout', mine),
  page('checkout/:step', mine),
  page('complete-payment', mine),
  page('404'),
];

/** A path the shop has a page for. */
export const isShopPage = (pathname: string) => PAGES.some((p) => p.pattern.test(pathname));

/**
 * The first parts of the private pages' paths (cart, checkout, my-account, address, auth, complete-payment): any
 * path under one is private, a page or not (an unknown `/auth/…` is not rendered on the server either). Made on
 * first use, so the browser's bundle, which never asks, carries none of it.
 */
let privateAreas: Set<string> | undefined;

/** A path for a signed-in shopper, or a step of a purchase: never cached, indexed or rendered on the server. */
export function isPrivatePage(pathname: string): boolean {
  privateAreas ??= new Set(PAGES.filter((p) => p.private).map((p) => p.path!.split('/')[0]!));
  return privateAreas.has(pathname.split('/')[1] ?? '');
}
