/** The server cart's answer in React Query's cache, per language (server-cart.ts, merge-guest-cart.ts). */
export const serverCartKey = (locale: string) => ['server-cart', locale] as const;
