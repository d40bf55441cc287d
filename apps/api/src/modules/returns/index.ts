/**
 * Returns a shopper asks for (issue 48 item 5, spec §9): the shopper's request and list, staff's decisions, the
 * courier's pickup (answering the outbox's `returnPickupDue`) and its news (the courier's webhook), the refund when
 * the items are received.
 */
export { returnRoutes } from './routes.ts';
export { adminReturnRoutes } from './admin-routes.ts';
export { bookReturnPickup } from './admin-service.ts';
export { recordReturnPickupNews } from './pickup-news.ts';
