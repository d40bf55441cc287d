/**
 * The cart's face for the rest of the API: `cartRead`, where payments releases expired holds before a read, and
 * `heldForPayment`, where payments says what a session under way holds.
 */
export { cartRead, heldForPayment } from './service.ts';
