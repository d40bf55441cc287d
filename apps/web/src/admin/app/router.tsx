import { createBrowserRouter } from 'react-router';
import { AdminLayout } from './layout';
import { AdminRouteError } from './route-error';

/** The back office's pages under /admin, each its own chunk. */
export const router = createBrowserRouter(
  [
    {
      path: '/sign-in',
      lazy: () => import('../auth/sign-in-route'),
      errorElement: <AdminRouteError />,
    },
    {
      path: '/',
      element: <AdminLayout />,
      errorElement: <AdminRouteError />,
      hydrateFallbackElement: <div className="min-h-screen bg-slate-50" aria-busy="true" />,
      children: [
        { index: true, lazy: () => import('../dashboard/dashboard-route') },
        { path: 'orders', lazy: () => import('../orders/orders-route') },
        { path: 'orders/:id', lazy: () => import('../orders/order-route') },
        { path: 'settlements', lazy: () => import('../settlements/settlements-route') },
        { path: 'returns', lazy: () => import('../returns/returns-route') },
        { path: 'abandoned-carts', lazy: () => import('../abandoned-carts/abandoned-carts-route') },
        { path: 'reports', lazy: () => import('../reports/reports-route') },
        { path: 'discounts', lazy: () => import('../discounts/discounts-route') },
        { path: 'stock', lazy: () => import('../stock/stock-route') },
        { path: 'messages', lazy: () => import('../messages/messages-route') },
        { path: 'outbox', lazy: () => import('../outbox/outbox-route') },
        { path: 'message-channels', lazy: () => import('../message-channels/message-channels-route') },
        { path: 'imports', lazy: () => import('../imports/imports-route') },
        {
          path: 'content',
          lazy: () => import('../content/content-layout'),
          children: [
            { index: true, lazy: () => import('../content/home-settings-route') },
            { path: 'about', lazy: () => import('../content/about-route') },
            { path: 'static-pages', lazy: () => import('../content/static-pages-route') },
            { path: 'branches', lazy: () => import('../content/branches-route') },
            { path: 'delivery-zones', lazy: () => import('../content/delivery-zones-route') },
            { path: 'banks', lazy: () => import('../content/banks-route') },
          ],
        },
        { path: 'categories', lazy: () => import('../taxonomy/categories-route') },
        { path: 'brands', lazy: () => import('../taxonomy/brands-route') },
        { path: 'synonyms', lazy: () => import('../taxonomy/synonyms-route') },
        { path: 'promotions', lazy: () => import('../taxonomy/promotions-route') },
        { path: 'promotions/:id', lazy: () => import('../taxonomy/promotions-route') },
        { path: 'products', lazy: () => import('../products/products-route') },
        { path: 'products/new', lazy: () => import('../products/product-route') },
        { path: 'products/:id', lazy: () => import('../products/product-route') },
        { path: 'staff', lazy: () => import('../staff/staff-route') },
        { path: 'account', lazy: () => import('../account/account-route') },
        { path: '*', lazy: () => import('./not-found-route') },
      ],
    },
  ],
  { basename: '/admin' },
);
