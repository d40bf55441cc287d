/**
 * The back office's one permission table (contracts' STAFF_ROLE_AREAS, issue 46): through the API, each role
 * reaches exactly the areas the table gives it, and no other. Every read of an area that takes no id is asked by
 * an owner, a catalog member and an order clerk: a route whose guard names another area than its own (or none)
 * answers the wrong role, and this fails. The admin app asks the same table through `can` (contracts).
 * On in-memory PGlite, and on PostgreSQL with DATABASE_URL set.
 */
import { can, STAFF_AREAS, STAFF_ROLE_AREAS, type StaffArea, type StaffRole } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ownerCatalogClerk, type StaffAuth } from '../../test/staff.ts';

/** The reads of each area that need no id (the type makes a new area name its reads here). */
const READS: Record<StaffArea, string[]> = {
  account: ['/v1/admin/me', '/v1/admin/me/totp', '/v1/admin/me/alerts'],
  orders: ['/v1/admin/orders', '/v1/admin/dashboard', '/v1/admin/abandoned_carts', '/v1/admin/returns'],
  customers: ['/v1/admin/customers'],
  messages: ['/v1/admin/messages'],
  catalog: [
    '/v1/admin/products',
    '/v1/admin/products/export',
    '/v1/admin/categories',
    '/v1/admin/brands',
    '/v1/admin/promotions',
    '/v1/admin/synonyms',
    '/v1/admin/imports',
  ],
  stock: ['/v1/admin/stock'],
  content: [
    '/v1/admin/page_settings',
    '/v1/admin/branches',
    '/v1/admin/delivery_zones',
    '/v1/admin/banks',
    '/v1/admin/bank_installments',
  ],
  staff: ['/v1/admin/staff', '/v1/admin/sign_in_failures'],
  outbox: ['/v1/admin/outbox/failures'],
  backup: ['/v1/admin/backup/check'],
  reports: ['/v1/admin/reports/sales', '/v1/admin/reports/settlements', '/v1/admin/settlements/files'],
  discounts: ['/v1/admin/discount_codes'],
};

let t: TestApp;
let members: Record<StaffRole, StaffAuth>;

beforeAll(async () => {
  t = await createTestApp();
  const { owner, catalog, clerk } = await ownerCatalogClerk(t, 'Staff#Pass2025');
  members = { owner, catalog, staff: clerk };
});
afterAll(() => t.close());

/** The areas whose every read answers this member (a 403 on any read leaves the area out). */
async function areasReached(auth: StaffAuth): Promise<StaffArea[]> {
  const reached: StaffArea[] = [];
  for (const area of STAFF_AREAS) {
    const statuses = await Promise.all(
      READS[area].map(async (url) => {
        const res = await t.app.inject({ method: 'GET', url, headers: auth });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).not.toBe(401);
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        return { url, status: res.statusCode };
      }),
    );
    const refused = statuses.filter((s) => s.status === 403);
    // An area is all or nothing: one read refused and another answered is a guard that drifted.
    expect(refused.length === 0 || refused.length === statuses.length, JSON.stringify(statuses)).toBe(true);
    if (!refused.length) reached.push(area);
  }
  return reached;
}

describe('the permission table', () => {
  it('an owner, a catalog member and an order clerk each reach exactly the areas of their role', async () => {
    for (const role of ['owner', 'catalog', 'staff'] as const)
      expect(await areasReached(members[role]), role).toEqual(
        STAFF_AREAS.filter((a) => STAFF_ROLE_AREAS[role].includes(a)),
      );
  });

  it('the table: owners have every area, the others the shop floor they work on and their own account', () => {
    expect(STAFF_AREAS.every((a) => can('owner', a))).toBe(true);
    expect(STAFF_ROLE_AREAS.staff).toEqual(['account', 'orders', 'customers', 'messages']);
    expect(STAFF_ROLE_AREAS.catalog).toEqual(['account', 'catalog', 'stock', 'content', 'discounts']);
    expect(can(null, 'account')).toBe(false);
  });
});
