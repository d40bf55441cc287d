import { lazy } from 'react';

export { ORDERS_KEY, orderQueryOptions, unratedOrdersQueryOptions } from './api/orders';
export { useOrdersTranslation } from './i18n';
export { methodKey, orderNumberOf } from './order-labels';
export type { RatingDialogProps } from './components/rating-dialog';

/** The account area's Orders tab, fetched when it is first shown. */
export const OrdersTab = lazy(() => import('./components/orders-tab'));
/** The rating modal (spec §2), fetched the first time it opens. */
export const RatingDialog = lazy(() => import('./components/rating-dialog'));
