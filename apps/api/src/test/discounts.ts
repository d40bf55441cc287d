import { expect } from 'vitest';
import type { App } from '../app.ts';
import { call } from './shoppers.ts';
import type { StaffAuth } from './staff.ts';

/** A discount code made by a staff member through the back office's API, as staff do (201 expected). */
export async function addDiscountCode(app: App, staff: StaffAuth, body: Record<string, unknown>) {
  const r = await call(app, 'POST', '/v1/admin/discount_codes', staff, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.discount_code as { id: number; code: string };
}
