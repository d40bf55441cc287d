import { lazy } from 'react';

/**
 * Shoppers' alerts (issue 49): the product page's "tell me when it's back" (placed by the cart's purchase slot, above
 * this feature) and the account's Alerts tab (lazy, with its page).
 */
export { StockAlertButton } from './components/stock-alert-button';
export const AlertsTab = lazy(() => import('./components/alerts-tab'));
