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
        { path: 'stock', lazy: () => import('../stock/stock-route') },
        { path: 'staff', lazy: () => import('../staff/staff-route') },
        { path: '*', lazy: () => import('./not-found-route') },
      ],
    },
  ],
  { basename: '/admin' },
);
