import { PAGES } from '@store/contracts/pages';
import type { ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { CardCartButton } from '../features/cart';
import { PurchaseControlsProvider, type PurchaseControls } from '../features/catalog';
import { prefetchHome } from '../features/content';
import { currentLocale } from '../lib/locale-store';
import { hydrating, isServer } from '../lib/ssr';
import { LazyPage, type PageLoader } from './lazy-page';
import { queryClient } from './query-client';
import { RootLayout } from './root-layout';

/** Home data starts loading alongside the home page's code instead of after it (a server-rendered page carries
 * its data: entry-server.tsx fetched it). */
const home: PageLoader = () => {
  if (!isServer && !hydrating()) prefetchHome(queryClient, currentLocale());
  return import('../features/content/routes/home-route');
};
const notFound: PageLoader = () => import('../features/content/routes/not-found-route');
const signIn: PageLoader = () => import('../features/auth/routes/signin-route');
const account: PageLoader = () => import('../features/account/routes/account-route');
const address: PageLoader = () => import('../features/addresses/routes/address-route');
/**
 * A page of a lower feature with a part of a higher one in it (a slot: the lower feature never imports the higher,
 * see .dependency-cruiser.cjs). Both modules load together; on the server the page names both modules' chunks
 * (`sourceFile`, added to route and slot modules by vite.ssr.config.ts; entry-server.tsx `pageModules`).
 */
function withSlot<P extends object, S extends object>(
  page: () => Promise<P>,
  slot: () => Promise<S>,
  render: (page: P, slot: S) => ComponentType,
): PageLoader {
  return () =>
    Promise.all([page(), slot()]).then(([p, s]) => ({
      Component: render(p, s),
      sourceFile: [p, s].flatMap((m) => (m as { sourceFile?: string }).sourceFile ?? []),
    }));
}

/** The product page with the cart's counter and button in it. */
const product = withSlot(
  () => import('../features/catalog/routes/product-route'),
  () => import('../features/cart/slots/product-purchase'),
  (page, cart) =>
    function Component() {
      return <page.ProductPage Purchase={cart.ProductPurchase} />;
    },
);
/** The cart page with checkout's entry button in it. */
const cart = withSlot(
  () => import('../features/cart/routes/cart-route'),
  () => import('../features/checkout/slots/checkout-button'),
  (page, checkout) =>
    function Component() {
      return <page.CartPage CheckoutButton={checkout.CheckoutEntryButton} />;
    },
);

/**
 * Each page's code (@store/contracts/pages lists the pages), the same in the browser (app.tsx) and on the server
 * (entry-server.tsx). Each page is its own chunk (its module exports `Component`), so the first load carries only
 * the shell and the page shown. `checkout` has none: it goes on to the wizard's first step.
 */
const pageCode: Record<string, PageLoader> = {
  '': home,
  products: () => import('../features/catalog/routes/products-route'),
  'products/:productId': product,
  'special-offers': () => import('../features/catalog/routes/special-offers-route'),
  'promotions/:slug': () => import('../features/catalog/routes/promotion-route'),
  cart,
  'about-us': () => import('../features/content/routes/about-route'),
  'terms-conditions': () => import('../features/content/routes/terms-route'),
  'privacy-policy': () => import('../features/content/routes/privacy-route'),
  'returns-policy': () => import('../features/content/routes/returns-route'),
  'auth/signin': signIn,
  'auth/register': signIn,
  'auth/forgot_password': () => import('../features/auth/routes/forgot-password-route'),
  'auth/reset_password/:code': () => import('../features/auth/routes/reset-password-route'),
  'auth/otp_confirmation': () => import('../features/auth/routes/otp-route'),
  'my-account': account,
  'my-account/account/change-password': () => import('../features/account/routes/change-password-route'),
  'my-account/account/edit-profile': () => import('../features/account/routes/edit-profile-route'),
  'my-account/orders/:id': () => import('../features/orders/routes/order-route'),
  'my-account/:tab': account,
  address,
  'address/:addressId': address,
  'checkout/:step': () => import('../features/checkout/routes/checkout-route'),
  'complete-payment': () => import('../features/checkout/routes/complete-payment-route'),
  '404': notFound,
};

/** A page's route: its code, loaded before it renders (LazyPage). */
function pageRoute(path: string | null, load: PageLoader): RouteObject {
  const route: RouteObject = path
    ? { path, element: <LazyPage load={load} /> }
    : { index: true, element: <LazyPage load={load} /> };
  loaders.set(route, load);
  return route;
}

/**
 * The cart's button in the catalog's cards: the catalog is below the cart and never imports it (features, one way:
 * .dependency-cruiser.cjs), so the app puts it in the catalog's slot.
 */
const purchaseControls: PurchaseControls = { CardButton: CardCartButton };

/** Each page route's code. */
const loaders = new WeakMap<RouteObject, PageLoader>();

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <PurchaseControlsProvider value={purchaseControls}>
        <RootLayout />
      </PurchaseControlsProvider>
    ),
    children: [
      ...PAGES.map(({ path }) => {
        if (path === 'checkout') return { path, element: <Navigate to="/checkout/cart" replace /> };
        const load = pageCode[path ?? ''];
        if (!load) throw new Error(`The page ${path} (contracts' pages.ts) has no code in app/routes.tsx`);
        return pageRoute(path, load);
      }),
      // Any other address: the 404 page (the server answers it with 404, apps/api/src/web.ts).
      pageRoute('*', notFound),
    ],
  },
];

/** The code of the pages an address shows, to load before a first render (server and hydration alike). */
export function pagesAt(pathname: string): PageLoader[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => loaders.get(route) ?? []);
}
