/**
 * Staff roles and the back office's permission table, with no zod: the admin app's shell (menu, pages) reads it
 * before anything loads Zod (apps/web/src/lib/zod-config.ts must run first), and the API's guards read the same.
 */
export const STAFF_ROLES = ['owner', 'staff', 'catalog'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The back office's areas: what a role may open is a set of them. Each API route is guarded by its area
 * (`requireStaff(area)` in the API) and each back-office page and menu entry asks `can(role, area)`, so this table
 * is the one place that says who may do what.
 * - account: the member's own sign-in, authenticator app and alerts (everyone);
 * - orders: orders, refunds and the dashboard's figures; customers: shoppers' accounts; messages: the messages
 *   sent to shoppers and their channels;
 * - catalog: products and their pictures, categories, brands, promotions, synonyms, imports and the export;
 *   stock: stock levels and their movements; content: the shop's pages, branches, delivery zones and banks;
 * - staff: staff accounts and failed sign-ins; outbox: failed events and their retry; backup: the store's backup;
 *   reports: the sales reports and their export (owners: the whole shop's figures); discounts: discount codes
 *   (issue 49 item 1: owners, and the catalog role that runs promotions).
 */
export const STAFF_AREAS = [
  'account',
  'orders',
  'customers',
  'messages',
  'catalog',
  'stock',
  'content',
  'staff',
  'outbox',
  'backup',
  'reports',
  'discounts',
] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

/** The areas of each role: an owner has them all. */
export const STAFF_ROLE_AREAS: Record<StaffRole, readonly StaffArea[]> = {
  owner: STAFF_AREAS,
  staff: ['account', 'orders', 'customers', 'messages'],
  catalog: ['account', 'catalog', 'stock', 'content', 'discounts'],
};

/** True when a member with `role` may open `area` (no role: signed out, nothing). */
export const can = (role: StaffRole | null | undefined, area: StaffArea): boolean =>
  !!role && STAFF_ROLE_AREAS[role].includes(area);
