/**
 * The back office's customers (issue 13): shoppers as staff see them, never with a password, token or code.
 */
import { z } from 'zod';
import { adminOrderRowSchema } from './admin-orders.ts';
import { metaSchema, pageParam } from './catalog.ts';
import { text, wholeNumber } from './text.ts';

/** GET /v1/admin/customers: search by phone (or its end), name or email; newest first; pages. */
export const adminCustomersQuerySchema = z.object({
  query: text().max(100, 'too_long:100').optional(),
  page: pageParam,
  per_page: wholeNumber(1, 100).optional(),
  locale: z.enum(['ar', 'en']).optional(),
});
export type AdminCustomersQuery = z.infer<typeof adminCustomersQuerySchema>;

export const adminCustomerSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  confirmed: z.boolean(),
  created_at: z.string(),
  orders_count: z.number().int(),
  /** EGP, placed orders that were not cancelled, net of refunds. */
  total_spent: z.number(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminCustomersResponseSchema = z.object({
  customers: z.array(adminCustomerSchema),
  meta: metaSchema,
});

/** GET /v1/admin/customers/{id}: the customer and their latest orders. */
export const adminCustomerResponseSchema = z.object({
  customer: adminCustomerSchema.extend({ orders: z.array(adminOrderRowSchema) }),
});
