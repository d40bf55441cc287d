/** The cart's face for the rest of the API: `cartRead`, where payments releases expired holds before a read. */
export { cartRead } from './service.ts';
