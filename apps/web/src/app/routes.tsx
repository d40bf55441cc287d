import { Navigate, type RouteObject } from 'react-router';
import { prefetchHome } from '../features/content';
import { currentLocale } from '../lib/locale-store';
import { isServer } from '../lib/ssr';
import { queryClient } from './query-client';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Routes of spec §2, the same in the browser (router.tsx) and on the server (entry-server.tsx). Each page is its own
 * chunk (lazy: the module exports `Component`), so the first load carries only the shell and the page shown.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // A page that fails to load (a stale tab after an update reloads once) or to render: a page, never a stack.
    errorElement: <RouteError />,
    // Shown for the instant the first page's code takes to arrive (every page is lazy).
    hydrateFallbackElement: <div className="min-h-screen bg-slate-50" aria-busy="true" />,
    children: [
      {
        index: true,
        // Home data starts loading alongside the home page's code instead of after it.
        // (In the browser only: on the server the page's data is fetched by entry-server.tsx.)
        loader: () => {
          if (!isServer) prefetchHome(queryClient, currentLocale());
          return null;
        },
        lazy: () => import('../features/content/routes/home-route'),
      },
      { path: 'products', lazy: () => import('../features/catalog/routes/products-route') },
      { path: 'products/:productId', lazy: () => import('../features/catalog/routes/product-route') },
      { path: 'special-offers', lazy: () => import('../features/catalog/routes/special-offers-route') },
      { path: 'promotions/:slug', lazy: () => import('../features/catalog/routes/promotion-route') },
      { path: 'cart', lazy: () => import('../features/cart/routes/cart-route') },
      { path: 'about-us', lazy: () => import('../features/content/routes/about-route') },
      { path: 'terms-conditions', lazy: () => import('../features/content/routes/terms-route') },
      { path: 'privacy-policy', lazy: () => import('../features/content/routes/privacy-route') },
      { path: 'returns-policy', lazy: () => import('../features/content/routes/returns-route') },
      { path: 'auth/signin', lazy: () => import('../features/auth/routes/signin-route') },
      { path: 'auth/register', lazy: () => import('../features/auth/routes/signin-route') },
      { path: 'auth/forgot_password', lazy: () => import('../features/auth/routes/forgot-password-route') },
      {
        path: 'auth/reset_password/:code',
        lazy: () => import('../features/auth/routes/reset-password-route'),
      },
      { path: 'auth/otp_confirmation', lazy: () => import('../features/auth/routes/otp-route') },
      { path: 'my-account', lazy: () => import('../features/account/routes/account-route') },
      {
        path: 'my-account/account/change-password',
        lazy: () => import('../features/account/routes/change-password-route'),
      },
      {
        path: 'my-account/account/edit-profile',
        lazy: () => import('../features/account/routes/edit-profile-route'),
      },
      { path: 'my-account/orders/:id', lazy: () => import('../features/orders/routes/order-route') },
      { path: 'my-account/:tab', lazy: () => import('../features/account/routes/account-route') },
      { path: 'address', lazy: () => import('../features/addresses/routes/address-route') },
      { path: 'address/:addressId', lazy: () => import('../features/addresses/routes/address-route') },
      { path: 'checkout', element: <Navigate to="/checkout/cart" replace /> },
      { path: 'checkout/:step', lazy: () => import('../features/checkout/routes/checkout-route') },
      { path: 'complete-payment', lazy: () => import('../features/orders/routes/complete-payment-route') },
      { path: '404', lazy: () => import('../features/content/routes/not-found-route') },
      { path: '*', lazy: () => import('../features/content/routes/not-found-route') },
    ],
  },
];
