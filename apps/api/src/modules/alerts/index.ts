/**
 * The alerts module's face (issue 49 items 3 and 4): shoppers' back-in-stock and price-drop alerts, abandoned-cart
 * reminders and the back office's list of abandoned carts. It owns stock_alerts, shopper_alert_settings,
 * price_watches, cart_reminders and abandoned_cart_settings; jobs.ts runs its sends every minute.
 */
export { alertRoutes, adminAlertRoutes } from './routes.ts';
export { sendCartReminders, sendPriceDrops, sendStockAlerts } from './send.ts';
export type { AlertContext } from './deliver.ts';
