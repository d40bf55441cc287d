/**
 * The back office's customers (issue 13): read-only views of shoppers (the auth module owns their rows) with their
 * orders. Never a password hash, a token or a code in an answer.
 */
import { toEgp, type AdminCustomer, type AdminCustomersQuery, type Locale } from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/like.ts';
import { listAdminOrders } from '../orders/index.ts';

interface CustomerRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  confirmed_at: Date | string | null;
  created_at: Date | string;
  orders_count: number | string;
  total_spent: number | string;
}

const toCustomer = (r: CustomerRow): AdminCustomer => ({
  id: Number(r.id),
  full_name: `${r.first_name} ${r.last_name}`.trim(),
  email: r.email,
  phone_number: r.phone_number,
  confirmed: r.confirmed_at !== null,
  created_at: new Date(r.created_at).toISOString(),
  orders_count: Number(r.orders_count),
  total_spent: toEgp(Number(r.total_spent)),
});

function search(query: string | undefined): SQL {
  const q = query?.trim();
  if (!q) return sql`true`;
  const digits = q.replace(/[\s+-]/g, '');
  if (/^\d+$/.test(digits)) return sql`u.phone_number like ${`%${escapeLike(digits)}%`}`;
  const like = `%${escapeLike(q)}%`;
  return sql`((u.first_name || ' ' || u.last_name) ilike ${like} or u.email ilike ${like})`;
}

const select = (where: SQL, tail: SQL) => sql`
  select u.id, u.first_name, u.last_name, u.email, u.phone_number, u.confirmed_at, u.created_at,
    (select count(*) from orders o where o.user_id = u.id
      and o.status not in ('cart', 'awaiting_payment', 'abandoned')) as orders_count,
    (select coalesce(sum(o.checkout_total_price_piastres - o.refunded_piastres), 0) from orders o where o.user_id = u.id
      and o.status not in ('cart', 'awaiting_payment', 'abandoned', 'canceled')) as total_spent
  from users u where ${where} ${tail}`;

/** GET /v1/admin/customers. */
export async function listCustomers(db: DbOrTx, q: AdminCustomersQuery) {
  const perPage = q.per_page ?? 20;
  const page = q.page ?? 1;
  const where = search(q.query);
  const [rows, total] = await Promise.all([
    db.execute(select(where, sql`order by u.id desc limit ${perPage} offset ${(page - 1) * perPage}`)),
    db.execute(sql`select count(*) as n from users u where ${where}`),
  ]);
  const totalEntries = Number((total as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0);
  return {
    customers: (rows as unknown as { rows: CustomerRow[] }).rows.map(toCustomer),
    meta: {
      per_page: perPage,
      total_entries: totalEntries,
      current_page: page,
      next_page: page * perPage < totalEntries ? page + 1 : null,
    },
  };
}

/** GET /v1/admin/customers/{id}: the customer and their 20 latest orders. */
export async function getCustomer(db: DbOrTx, id: number, locale?: Locale) {
  const rows = (await db.execute(select(sql`u.id = ${id}`, sql``))) as unknown as { rows: CustomerRow[] };
  const row = rows.rows[0];
  if (!row) throw AppError.notFound('customer_not_found');
  const { orders } = await listAdminOrders(db, { per_page: 20, locale }, { userId: id });
  return { ...toCustomer(row), orders };
}
