/**
 * The back office's abandoned carts (issue 49 item 4): signed-in shoppers' carts with lines, untouched for
 * ABANDONED_CART_HOURS, most recently left first, with what their lines cost now, how long they have been left and
 * whether this version of them was reminded; and the owner's choice of channels for the reminders.
 */
import {
  ABANDONED_CARTS_PAGE_SIZE,
  toEgp,
  type AbandonedCartChannels,
  type AbandonedCartsResponse,
} from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { abandonedCartSettings } from '../../db/schema.ts';
import { audit, type AuditActor } from '../staff/index.ts';

const HOUR_MS = 3_600_000;

interface Row {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  phone: string;
  updated_at: Date | string;
  items: string | number;
  value: string | number;
  in_stock: boolean;
  reminded_at: Date | string | null;
  total: string | number;
}

export async function listAbandonedCarts(
  db: DbOrTx,
  args: { page: number; hours: number; now: Date; channels: AbandonedCartChannels; emailAvailable: boolean },
): Promise<AbandonedCartsResponse> {
  const before = new Date(args.now.getTime() - args.hours * HOUR_MS).toISOString();
  const offset = (args.page - 1) * ABANDONED_CARTS_PAGE_SIZE;
  const res = (await db.execute(sql`
    with left_carts as (
      select o.id, o.user_id, o.updated_at from orders o
      where o.status = 'cart' and o.updated_at <= ${before}::timestamptz
        and exists (select 1 from order_products l where l.order_id = o.id)),
    page as (
      select * from left_carts order by updated_at desc, id desc
      limit ${ABANDONED_CARTS_PAGE_SIZE} offset ${offset})
    select c.id, c.user_id, u.first_name, u.last_name, u.phone_number as phone, c.updated_at,
      (select coalesce(sum(l.quantity), 0) from order_products l where l.order_id = c.id) as items,
      (select coalesce(sum(l.quantity::bigint * p.current_price_piastres), 0)
        from order_products l join products p on p.id = l.product_id
        where l.order_id = c.id and p.active) as value,
      exists (select 1 from order_products l join products p on p.id = l.product_id
        where l.order_id = c.id and p.active and p.stock > 0) as in_stock,
      (select r.sent_at from cart_reminders r where r.order_id = c.id and r.cart_updated_at = c.updated_at)
        as reminded_at,
      (select count(*) from left_carts) as total
    from page c join users u on u.id = c.user_id
    order by c.updated_at desc, c.id desc`)) as unknown as { rows: Row[] };
  const rows = res.rows;
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && args.page > 1) {
    const [count] = (
      (await db.execute(sql`select count(*) as n from orders o where o.status = 'cart'
        and o.updated_at <= ${before}::timestamptz
        and exists (select 1 from order_products l where l.order_id = o.id)`)) as unknown as {
        rows: { n: string }[];
      }
    ).rows;
    total = Number(count?.n ?? 0);
  }
  const iso = (d: Date | string) => new Date(d).toISOString();
  return {
    carts: rows.map((r) => ({
      id: r.id,
      customer: { id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), phone_number: r.phone },
      items: Number(r.items),
      value: toEgp(Number(r.value)),
      updated_at: iso(r.updated_at),
      age_hours: Math.floor((args.now.getTime() - new Date(r.updated_at).getTime()) / HOUR_MS),
      reminded_at: r.reminded_at ? iso(r.reminded_at) : null,
      in_stock: r.in_stock,
    })),
    meta: {
      page: args.page,
      next_page: offset + ABANDONED_CARTS_PAGE_SIZE < total ? args.page + 1 : null,
      total,
    },
    settings: { ...args.channels, hours: args.hours, email_available: args.emailAvailable },
  };
}

/** The owner's channels for the reminders, saved and audited. */
export async function saveCartReminderChannels(
  db: DbOrTx,
  who: AuditActor,
  body: AbandonedCartChannels,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const values = { sms: body.sms, email: body.email, updatedAt: now, updatedBy: who.id };
    await tx
      .insert(abandonedCartSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: abandonedCartSettings.id, set: values });
    await audit(tx, who, 'abandoned_carts.channels_changed', null, { ...body }, now);
  });
}
