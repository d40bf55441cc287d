/**
 * The back office's order operations (issue 13): the list with its filters and counts, one order with everything
 * staff need, moving it along the transitions table, cancelling (the stock goes back), refunds per line, and the
 * dashboard's figures. Every change goes through core.ts (history, outbox) and writes an audit entry.
 * Days are Cairo days (the shop's), money in the answers EGP.
 */
import {
  canRefund,
  DEFAULT_LOCALE,
  isRefundStatus,
  staffNextStatuses,
  toEgp,
  LOW_STOCK_AT,
  type AdminDashboard,
  type AdminOrder,
  type AdminOrderRow,
  type AdminOrdersQuery,
  type AdminOrderStatusBody,
  type AdminRefundBody,
  type Locale,
  type OrderStatus,
  type PaymentKind,
} from '@store/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  orderHistory,
  orderProducts,
  orderReturnLines,
  orderReturns,
  orders,
  paymentEvents,
  payments,
  products,
  staff,
  users,
} from '../../db/schema.ts';
import type { PaymentProvider } from '../../adapters/payments/provider.ts';
import { AppError } from '../../lib/errors.ts';
import { governorateNamer } from '../addresses/index.ts';
import { audit, type AuditActor, type CurrentStaff } from '../staff/index.ts';
import { returnStock } from '../stock/index.ts';
import {
  emit,
  issueCreditNote,
  paymentRefund,
  refundLineUnits,
  transition,
  unitsShare,
  type CreditedUnits,
  type MoneyRefund,
  type OrderRow,
} from './core.ts';
import { receiptsOfOrder, receiptUrl, type EtaReceiptSetup } from '../einvoicing/index.ts';
import {
  dailyFoldDue,
  foldOrderDailySales,
  placedOrdersPerStatus,
  placedOrdersPerStatusOnDays,
} from './counts.ts';
import { NOT_PLACED_STATUSES, toOrders } from './service.ts';
import { historyNote } from './shipping.ts';

export const SHOP_TIME_ZONE = 'Africa/Cairo';
const WAITING: OrderStatus[] = ['pending', 'confirmed', 'processing', 'delivering'];

/**
 * The first instant of a Cairo day (a `date` expression), as a timestamptz. Filters compare checkout_date with it
 * (`>= start of from`, `< start of the day after to`) instead of taking each order's Cairo day, so the plain
 * index on checkout_date answers them (migration 0007).
 */
const cairoDayStart = (day: SQL) => sql`((${day})::timestamp at time zone ${SHOP_TIME_ZONE})`;

/* ---------------- the list ---------------- */

/** Beside the query's filters: one customer's orders (the customer page). */
export interface AdminOrdersScope {
  userId?: number;
}

/**
 * The governorates of placed orders (orders.governorate, the snapshot's) that match an ilike pattern: the distinct
 * values are read from orders_placed_governorate_newest_idx one at a time (a loose index scan: a few dozen index
 * descents, not the orders), then the orders of those governorates come from the same index, counts included.
 * A governorate is matched by its name in either language.
 */
const governoratesLike = (pattern: string) => sql`
  with recursive g(v) as (
    (select governorate from orders
      where status not in ('cart', 'awaiting_payment', 'abandoned') and governorate is not null
      order by governorate limit 1)
    union all
    select (select governorate from orders
      where status not in ('cart', 'awaiting_payment', 'abandoned') and governorate > g.v
      order by governorate limit 1)
    from g where g.v is not null)
  select v from g where v ilike ${pattern}
    -- A governorate typed in one language finds the orders saved with its name in the other (delivery zones
    -- know both: 'Cairo' finds 'القاهرة').
    or exists (select 1 from delivery_zones z
      where (z.name_en ilike ${pattern} or z.name_ar ilike ${pattern})
        and (g.v ilike z.name_en or g.v ilike z.name_ar))`;

function filters(q: AdminOrdersQuery, withStatus: boolean, scope: AdminOrdersScope = {}): SQL {
  const parts: SQL[] = [sql`o.status not in ('cart', 'awaiting_payment', 'abandoned')`];
  if (scope.userId !== undefined) parts.push(sql`o.user_id = ${scope.userId}`);
  if (withStatus && q.status) parts.push(sql`o.status = ${q.status}`);
  if (q.payment_method) parts.push(sql`o.payment_method = ${q.payment_method}`);
  if (q.paid_with)
    parts.push(sql`exists (select 1 from payments p where p.order_id = o.id and p.method = ${q.paid_with})`);
  if (q.refund_required)
    parts.push(
      sql`exists (select 1 from payments p where p.order_id = o.id and p.status = 'refund_required')`,
    );
  if (q.from) parts.push(sql`o.checkout_date >= ${cairoDayStart(sql`${q.from}::date`)}`);
  if (q.to) parts.push(sql`o.checkout_date < ${cairoDayStart(sql`${q.to}::date + 1`)}`);
  if (q.governorate) parts.push(sql`o.governorate = any(array(${governoratesLike(`%${q.governorate}%`)}))`);
  // Shoppers are found first (trigram indexes on users), then their orders (orders_placed_user_newest_idx); the
  // filters never need the users row of the order itself, so counting does not join users.
  const text = q.query?.trim();
  if (text) {
    const digits = text.replace(/^#/, '');
    if (/^\d+$/.test(digits)) {
      // An order number (the one shoppers and staff read, not the internal id), or (7 digits and more) the end of
      // a phone number.
      const byId = digits.length <= 9 ? sql`o.order_number = ${Number(digits)}` : sql`false`;
      parts.push(
        digits.length >= 7
          ? sql`(${byId} or o.user_id = any(array(select p.id from users p where p.phone_number like ${`%${digits}`})))`
          : byId,
      );
    } else {
      // Their ids first (an array, not a join: the planner then reads users by the trigram index).
      parts.push(sql`o.user_id = any(array(select n.id from users n
        where (n.first_name || ' ' || n.last_name) ilike ${`%${text.replace(/[%_\\]/g, '\\$&')}%`}))`);
    }
  }
  return sql.join(parts, sql` and `);
}

const SORTS: Record<NonNullable<AdminOrdersQuery['sort']>, SQL> = {
  newest: sql`o.checkout_date desc nulls last, o.id desc`,
  // Placed orders always have a checkout date (core.ts sets it when they are placed): `nulls first` lets the
  // newest-first indexes serve this order backwards.
  oldest: sql`o.checkout_date asc nulls first, o.id asc`,
  total_desc: sql`o.checkout_total_price_piastres desc, o.id desc`,
  total_asc: sql`o.checkout_total_price_piastres asc, o.id asc`,
};

interface ListRow {
  id: number;
  order_number: number | string;
  status: string;
  created_at: Date | string;
  checkout_date: Date | string | null;
  payment_method: string | null;
  paid_with: PaymentKind | null;
  paid_with_name: string | null;
  total: number | string;
  count: number | string | null;
  governorate: string | null;
  /** The names of the zone the order was delivered to (its address snapshot's), when it kept them. */
  zone_en: string | null;
  zone_ar: string | null;
  user_id: number;
  first_name: string;
  last_name: string;
  phone_number: string;
}

/** Placed orders per status under filters, counted from the indexes. */
async function countPerStatus(db: DbOrTx, where: SQL): Promise<Record<string, number>> {
  const res = await db.execute(
    sql`select o.status, count(*) as n from orders o where ${where} group by o.status`,
  );
  const rows = (res as unknown as { rows: { status: string; n: number | string }[] }).rows;
  return Object.fromEntries(rows.map((c) => [c.status, Number(c.n)]));
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/**
 * GET /v1/admin/orders: one page, its total, and the orders per status over the same filters. The total is read
 * from the counts per status (the count of the status asked for, else their sum). When only status, payment
 * method and governorate, or status, payment method and days filter the list (its first screen, its status tabs),
 * the counts come from what the database keeps (counts.ts: order_counts, order_daily_sales) instead of counting
 * up to every order; other filters count their orders from the indexes (migrations 0007, 0010, 0012).
 */
export async function listAdminOrders(db: DbOrTx, q: AdminOrdersQuery, scope: AdminOrdersScope = {}) {
  const locale = q.locale ?? DEFAULT_LOCALE;
  const perPage = q.per_page ?? 20;
  const page = q.page ?? 1;
  const where = filters(q, true, scope);
  const order = SORTS[q.sort ?? 'newest'];
  // Counts kept by the database (counts.ts): by status, payment method and governorate, or by day, status and
  // payment method; any other filter counts its orders.
  const kept = scope.userId === undefined && !q.query?.trim() && !q.refund_required && !q.paid_with;
  const byDays = kept && (q.from !== undefined || q.to !== undefined);
  const [rows, perStatus, names] = await Promise.all([
    // The page's ids first (from an index alone where it can), then only their rows, shoppers and line counts.
    db.execute(sql`
      select o.id, o.order_number, o.status, o.created_at, o.checkout_date, o.payment_method,
        o.checkout_total_price_piastres as total, o.governorate,
        o.address_snapshot->'delivery_zone'->>'name_en' as zone_en,
        o.address_snapshot->'delivery_zone'->>'name_ar' as zone_ar,
        (select sum(op.quantity) from order_products op where op.order_id = o.id) as count,
        pw.method as paid_with, pw.method_name as paid_with_name,
        u.id as user_id, u.first_name, u.last_name, u.phone_number
      from (select o.id from orders o where ${where}
            order by ${order} limit ${perPage} offset ${(page - 1) * perPage}) p
      join orders o on o.id = p.id
      join users u on u.id = o.user_id
      left join lateral (select p.method, p.method_name from payments p
        where p.order_id = o.id and p.method is not null order by p.id desc limit 1) pw on true
      order by ${order}`),
    !kept || (byDays && q.governorate)
      ? countPerStatus(db, filters(q, false, scope))
      : byDays
        ? placedOrdersPerStatusOnDays(db, { from: q.from, to: q.to, paymentMethod: q.payment_method })
        : placedOrdersPerStatus(db, {
            paymentMethod: q.payment_method,
            governorates: q.governorate ? governoratesLike(`%${q.governorate}%`) : undefined,
          }),
    governorateNamer(db),
  ]);
  // The governorate as the shopper typed it (their language) is shown in the staff member's: its delivery zone's
  // name there, else the zone the snapshot kept, else as typed.
  const governorate = (r: ListRow) => {
    if (r.governorate === null) return null;
    const zone = names(r.governorate) ?? (r.zone_en && r.zone_ar ? { en: r.zone_en, ar: r.zone_ar } : null);
    return zone ? (locale === 'ar' ? zone.ar : zone.en) : r.governorate;
  };
  const list = (rows as unknown as { rows: ListRow[] }).rows.map((r): AdminOrderRow => ({
    id: Number(r.id),
    order_number: Number(r.order_number),
    status: r.status,
    created_at: iso(r.created_at)!,
    checkout_date: iso(r.checkout_date),
    payment_method: r.payment_method,
    paid_with: r.paid_with,
    paid_with_name: r.paid_with_name,
    total: toEgp(Number(r.total)),
    count: Number(r.count ?? 0),
    governorate: governorate(r),
    customer: {
      id: Number(r.user_id),
      full_name: `${r.first_name} ${r.last_name}`.trim(),
      phone_number: r.phone_number,
    },
  }));
  const totalEntries = q.status
    ? (perStatus[q.status] ?? 0)
    : Object.values(perStatus).reduce((a, b) => a + b, 0);
  return {
    orders: list,
    meta: {
      per_page: perPage,
      total_entries: totalEntries,
      current_page: page,
      next_page: page * perPage < totalEntries ? page + 1 : null,
    },
    counts: perStatus,
  };
}

/* ---------------- one order ---------------- */

export async function placedOrder(db: DbOrTx, id: number, lock = false): Promise<OrderRow> {
  const q = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row || (NOT_PLACED_STATUSES as readonly string[]).includes(row.status))
    throw AppError.notFound('order_not_found');
  return row;
}

/** GET /v1/admin/orders/{id}. */
export async function getAdminOrder(
  db: DbOrTx,
  id: number,
  locale: Locale,
  eta: EtaReceiptSetup | null = null,
): Promise<AdminOrder> {
  const row = await placedOrder(db, id);
  const [[order], [customer], [ordersCount], sessions, history, receipts] = await Promise.all([
    toOrders(db, [row], locale),
    db.select().from(users).where(eq(users.id, row.userId)),
    db
      .select({ n: sql<number>`count(*)` })
      .from(orders)
      .where(
        and(
          eq(orders.userId, row.userId),
          sql`${orders.status} not in ('cart', 'awaiting_payment', 'abandoned')`,
        ),
      ),
    db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.id)),
    db
      .select({ h: orderHistory, staffName: staff.name })
      .from(orderHistory)
      .leftJoin(staff, and(eq(orderHistory.actorType, 'staff'), eq(staff.id, orderHistory.actorId)))
      .where(eq(orderHistory.orderId, id))
      .orderBy(asc(orderHistory.id)),
    receiptsOfOrder(db, id),
  ]);
  const callbacks = sessions.length
    ? await db
        .select()
        .from(paymentEvents)
        .where(
          inArray(
            paymentEvents.paymentId,
            sessions.map((p) => p.id),
          ),
        )
        .orderBy(asc(paymentEvents.id))
    : [];
  const fullName = `${customer!.firstName} ${customer!.lastName}`.trim();
  return {
    ...order!,
    customer: {
      id: customer!.id,
      full_name: fullName,
      email: customer!.email,
      phone_number: customer!.phoneNumber,
      orders_count: Number(ordersCount?.n ?? 0),
    },
    payments: sessions.map((p) => ({
      id: p.id,
      provider: p.provider,
      status: p.status,
      amount: toEgp(p.amountPiastres),
      reference: p.providerReference,
      created_at: p.createdAt.toISOString(),
      method: p.method as PaymentKind | null,
      method_name: p.methodName,
      refunded: toEgp(p.refundedPiastres),
      gateway_error: p.gatewayError,
      callbacks: callbacks
        .filter((c) => c.paymentId === p.id)
        .map((c) => ({
          transaction_id: c.providerTransactionId,
          success: c.success,
          created_at: c.createdAt.toISOString(),
        })),
    })),
    history: history.map(({ h, staffName }) => ({
      from: h.fromStatus,
      to: h.toStatus,
      actor: h.actorType as AdminOrder['history'][number]['actor'],
      actor_name: h.actorType === 'staff' ? staffName : h.actorType === 'shopper' ? fullName : h.actorType,
      note: historyNote(h, locale),
      created_at: h.createdAt.toISOString(),
    })),
    next_statuses: staffNextStatuses(row.status),
    refundable: canRefund(
      row.status,
      order!.order_products.reduce((n, l) => n + l.quantity - l.refunded_quantity, 0),
    ),
    refund_required: sessions.some((p) => p.status === 'refund_required'),
    sap_sync: row.sapSync,
    e_receipts: receipts.map((r) => ({
      id: r.id,
      kind: r.kind as 'sale' | 'return',
      receipt_number: r.receiptNumber,
      uuid: r.uuid,
      status: r.status,
      reasons: r.reasons,
      last_error: r.lastError,
      url: receiptUrl(eta, r),
    })),
  };
}

/* ---------------- moving it along ---------------- */

async function linesOf(tx: DbOrTx, orderId: number) {
  return tx
    .select()
    .from(orderProducts)
    .where(eq(orderProducts.orderId, orderId))
    .orderBy(asc(orderProducts.id));
}

/**
 * PUT /v1/admin/orders/{id}/status. A cancel gives the stock back (what was not refunded) and, for an order paid
 * online, marks the payment for a refund (the to-do list) with a `refund.required` event: the transition does both
 * (core.ts, what entering `canceled` does). `refunded` and `partially_refunded` are refused (422): only a refund
 * sets them, with its money and stock (issue 42).
 */
export async function changeOrderStatus(
  db: Db,
  me: CurrentStaff,
  id: number,
  body: AdminOrderStatusBody,
  now: Date,
) {
  if (isRefundStatus(body.status))
    throw new AppError(422, 'order_status_refund_only', { status: ['order_status_refund_only'] });
  await db.transaction(async (tx) => {
    await placedOrder(tx, id);
    const moved = await transition(tx, {
      orderId: id,
      to: body.status,
      actor: { type: 'staff', id: me.id },
      expect: body.from ? [body.from] : undefined,
      note: body.note ?? null,
      now,
    });
    await audit(
      tx,
      me,
      'order.status_changed',
      { type: 'order', id },
      { to: moved.status, note: body.note ?? null },
      now,
    );
  });
}

/**
 * POST /v1/admin/orders/{id}/refunds: per line, units come back (refunded_quantity grows, never past the line's
 * quantity); `restock` puts them back in stock. The order becomes 'refunded' when every unit is refunded, else
 * 'partially_refunded'. The amount (units × the price paid) is recorded in a `refund.made` event. Possible after
 * delivery while units remain, whatever the status says (an order marked refunded by hand before issue 42).
 */
export async function refundOrder(
  db: Db,
  provider: PaymentProvider,
  me: CurrentStaff,
  id: number,
  body: AdminRefundBody,
  now: Date,
) {
  await db.transaction((tx) => refundLines(tx, provider, me, id, body, now));
}

/** What a refund gave back: its amount and how the money went (null: not paid online, nothing to send back). */
export interface LinesRefunded {
  amountPiastres: number;
  money: MoneyRefund | null;
}

/**
 * Units of the order's lines held by its open returns (requested or approved; modules/returns refunds them when
 * staff mark the items received), `returnId` aside: by line, the units and the first such return's id.
 */
async function unitsInOpenReturns(tx: DbOrTx, orderId: number, returnId: number | undefined) {
  const rows = await tx
    .select({
      line: orderReturnLines.orderProductId,
      units: sql<number>`sum(${orderReturnLines.quantity})::int`,
      first: sql<number>`min(${orderReturns.id})::int`,
    })
    .from(orderReturnLines)
    .innerJoin(orderReturns, eq(orderReturns.id, orderReturnLines.returnId))
    .where(
      and(
        eq(orderReturns.orderId, orderId),
        inArray(orderReturns.status, ['requested', 'approved']),
        returnId === undefined ? undefined : sql`${orderReturns.id} <> ${returnId}`,
      ),
    )
    .groupBy(orderReturnLines.orderProductId);
  return new Map(rows.map((r) => [r.line, { units: Number(r.units), returnId: Number(r.first) }]));
}

/**
 * A refund per line in the caller's transaction (the staff's refund above, and a shopper's return received:
 * modules/returns, which passes its `returnId`): units come back, the credit note, the stock when `restock`, the
 * money of an order paid online through the gateway (else by hand), the order's status and its `refund.made`
 * event, audited. Units in another open return are not refunded here (422 naming it): refunded twice over, that
 * return could never be received.
 */
export async function refundLines(
  tx: DbOrTx,
  provider: PaymentProvider,
  me: AuditActor,
  id: number,
  body: AdminRefundBody,
  now: Date,
  returnId?: number,
): Promise<LinesRefunded> {
  const order = await placedOrder(tx, id, true);
  const lines = await linesOf(tx, id);
  const held = await unitsInOpenReturns(tx, id, returnId);
  const unitsLeft = lines.reduce((n, l) => n + l.quantity - l.refundedQuantity, 0);
  if (!canRefund(order.status, unitsLeft)) throw new AppError(409, 'order_changed', ['order_not_refundable']);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const asked = new Map<number, number>();
  for (const l of body.lines)
    asked.set(l.order_product_id, (asked.get(l.order_product_id) ?? 0) + l.quantity);
  let amount = 0;
  const units: CreditedUnits[] = [];
  for (const [lineId, quantity] of asked) {
    const line = byId.get(lineId);
    if (!line) throw AppError.field('lines', 'refund_line_unknown');
    if (line.refundedQuantity + quantity > line.quantity)
      throw AppError.field('lines', `refund_too_many:${line.quantity - line.refundedQuantity}`);
    const inReturn = held.get(lineId);
    if (inReturn && line.refundedQuantity + inReturn.units + quantity > line.quantity)
      throw AppError.field('lines', `refund_units_in_return:#${inReturn.returnId}`);
    units.push({ lineId, quantity, before: line.refundedQuantity });
    // The units' share of what the line cost (a discount code took its part off the line's gross, issue 49), as
    // the credit note counts them, after the units refunded before (a line refunded unit by unit gives back its
    // gross, not a piastre more); without a discount, units × the price paid.
    amount +=
      line.grossPiastres == null
        ? quantity * (line.checkoutPricePiastres ?? 0)
        : unitsShare(line.grossPiastres, line.quantity, line.refundedQuantity, quantity);
    line.refundedQuantity += quantity;
  }
  await refundLineUnits(tx, id, units);
  // The invoice's credit note for what comes back (issue 47), numbered in this transaction.
  await issueCreditNote(tx, { order, reason: 'refund', units, now });
  if (body.restock)
    await returnStock(
      tx,
      [...asked].map(([lineId, quantity]) => ({ productId: byId.get(lineId)!.productId, quantity })),
      now,
      { reason: 'refund', orderId: id, staffId: me.id, note: body.note ?? null },
    );
  const money = order.paymentMethod === 'online' ? await refundOnline(tx, provider, id, amount, now) : null;
  const all = lines.every((l) => l.refundedQuantity >= l.quantity);
  // What refunds gave back so far: the shopper's order shows it, and the dashboard's sales leave it out (the
  // database's counts follow the column, migration 0031).
  const refundedPiastres = order.refundedPiastres + amount;
  await transition(tx, {
    orderId: id,
    to: all ? 'refunded' : 'partially_refunded',
    actor: { type: 'staff', id: me.id },
    expect: [order.status],
    note: body.note ?? null,
    set: { refundedPiastres },
    now,
  });
  const details = {
    amount_piastres: amount,
    refunded_piastres: refundedPiastres,
    paid_piastres: order.checkoutTotalPricePiastres - refundedPiastres,
    ...(money ? { provider: provider.name, ...money } : {}),
    restock: body.restock,
    lines: [...asked].map(([order_product_id, quantity]) => ({ order_product_id, quantity })),
  };
  // The outbox tells the shopper (events.ts: an SMS with the amount, in their language).
  await emit(tx, {
    type: 'refund.made',
    orderId: id,
    payload: { order_id: id, user_id: order.userId, ...details },
    now,
  });
  await audit(tx, me, 'order.refunded', { type: 'order', id }, { ...details, note: body.note ?? null }, now);
  return { amountPiastres: amount, money };
}

/**
 * The money of a refund of an order paid online: the payments module gives it back through the gateway when it
 * can, else marks the payment for a refund by hand (payments/service.ts answers core.ts's `paymentRefund`).
 */
async function refundOnline(
  tx: DbOrTx,
  provider: PaymentProvider,
  orderId: number,
  amountPiastres: number,
  now: Date,
): Promise<MoneyRefund> {
  const done = await paymentRefund.ask(tx, { provider, orderId, amountPiastres, now });
  if (!done) throw new Error('no payments module answers the refund of an order paid online');
  return done;
}

/* ---------------- the dashboard ---------------- */

/** Whether a low-stock row is shown in the store: a variant (a hidden row) is shown as its product is. */
// Spelled out with the table's name: drizzle may write a column unqualified, read inside the sub-query as vp's own.
const lowStockShown = sql<boolean>`coalesce((select vp.active from products vp where vp.id = products.variant_of),
  products.active)`;

/** GET /v1/admin/dashboard: Cairo's today and month, the last 30 days, waiting orders, low stock, refunds to do. */
export async function dashboard(db: DbOrTx, now: Date, locale: Locale): Promise<AdminDashboard> {
  const nowIso = now.toISOString();
  const today = sql`(${nowIso}::timestamptz at time zone ${SHOP_TIME_ZONE})::date`;
  const monthFirst = sql`date_trunc('month', ${today})::date`;
  // Sold orders per Cairo day since the first of the month or 29 days ago, whichever is earlier, from
  // order_daily_sales (kept by the database, counts.ts): the 30 days, today (the last of them) and the month.
  // Sales are net of refunds: each order counts on its day of checkout for its total less what was refunded.
  const [days, waiting, low, refunds] = await Promise.all([
    db.execute(sql`
      with w as (
        select day, status, n, sales_piastres from order_daily_sales
        where day >= least(${monthFirst}, ${today} - 29)),
      sales as (select day, sum(sales_piastres) as sales, sum(n) as n from w where status <> 'canceled' group by day)
      select to_char(d::date, 'YYYY-MM-DD') as day, coalesce(s.sales, 0) as sales, coalesce(s.n, 0) as n,
        (select coalesce(sum(m.sales), 0) from sales m where m.day >= ${monthFirst}) as month_sales,
        (select coalesce(sum(m.n), 0) from sales m where m.day >= ${monthFirst}) as month_orders,
        (select count(*) from w) as rows
      from generate_series(${today} - 29, ${today}, interval '1 day') d
      left join sales s on s.day = d::date
      order by d`),
    db.execute(sql`select status, count(*) as n from orders
      where status in ('pending', 'confirmed', 'processing', 'delivering') group by status`),
    db
      .select({
        id: products.id,
        titleEn: products.titleEn,
        titleAr: products.titleAr,
        stock: products.stock,
        active: lowStockShown,
      })
      .from(products)
      // A constant in the text, so the planner reads products_low_stock_idx (stock <= 3). Stock is kept per variant
      // (decision 034): a product sold in variants (their stock added up) is not what runs out, its variants are.
      .where(
        sql`${products.stock} <= ${sql.raw(String(LOW_STOCK_AT))} and ${products.variantOptions} is null`,
      )
      .orderBy(desc(lowStockShown), asc(products.stock), asc(products.id))
      .limit(10),
    db.execute(sql`select count(distinct order_id) as n from payments where status = 'refund_required'`),
  ]);
  type Day = {
    day: string;
    sales: string;
    n: string;
    month_sales: string;
    month_orders: string;
    rows: string;
  };
  const daily = (days as unknown as { rows: Day[] }).rows;
  const last = daily.at(-1)!;
  if (dailyFoldDue(Number(last.rows), 31, false)) await foldOrderDailySales(db);
  const waitingRows = (waiting as unknown as { rows: { status: string; n: string }[] }).rows;
  return {
    today: { sales: toEgp(Number(last.sales)), orders: Number(last.n) },
    month: { sales: toEgp(Number(last.month_sales)), orders: Number(last.month_orders) },
    waiting: Object.fromEntries(
      WAITING.map((s) => [s, Number(waitingRows.find((w) => w.status === s)?.n ?? 0)]),
    ),
    daily: daily.map((d) => ({
      date: d.day,
      sales: toEgp(Number(d.sales)),
      orders: Number(d.n),
    })),
    low_stock: low.map((p) => ({
      id: p.id,
      title: locale === 'ar' ? p.titleAr : p.titleEn,
      stock: p.stock,
      active: p.active,
    })),
    refunds_to_do: Number((refunds as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0),
  };
}
