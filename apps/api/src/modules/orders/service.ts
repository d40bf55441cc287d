import {
  INTERNAL_ORDER_STATES,
  ORDERS_PAGE_SIZE,
  shopperCanCancel,
  toEgp,
  type Locale,
  type Order,
  type OrderStatus,
  type RatingsBody,
} from '@store/contracts';
import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  addresses,
  bankInstallments,
  banks,
  creditNotes,
  deliveryZones,
  orderProducts,
  orders,
  productImages,
  products,
  ratings,
  users,
} from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { SYSTEM, transition } from './core.ts';
import { pick } from '../../lib/locale.ts';
import { governorateIn, toAddress } from '../addresses/index.ts';
import { shipmentViews } from '../shipments/index.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * Statuses that are not (yet) orders: the cart, an online payment still open, and a held order whose lines went
 * back into a newer cart (contracts' INTERNAL_ORDER_STATES, which the shopper's order page reads too). Lists leave
 * them out; GET /orders/{id} still shows them to their owner.
 */
export const NOT_PLACED_STATUSES = INTERNAL_ORDER_STATES;

/** Delivered orders without a rating: what blocks checkout and what the rating modal lists. */
const unratedDelivered = (userId: number) =>
  and(
    eq(orders.userId, userId),
    eq(orders.status, 'delivered'),
    sql`not exists (select 1 from ${ratings} r where r.order_id = ${orders.id})`,
  );

export async function hasUnratedOrders(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(unratedDelivered(userId)).limit(1);
  return !!row;
}

/** The delivery address an order shows: its checkout snapshot, else (cart, open payment) the chosen address. */
async function addressFor(
  db: DbOrTx,
  o: OrderRow,
  fullName: string,
  locale: Locale,
): Promise<Order['address']> {
  if (o.addressSnapshot) {
    const snap = o.addressSnapshot as NonNullable<Order['address']>;
    if (snap.delivery_zone) {
      // Names follow the reader's language (the governorate too, when it is the zone's); the fee stays what it
      // was at checkout.
      const z = snap.delivery_zone;
      snap.delivery_zone = { ...z, name: pick(locale, z.name_en, z.name_ar) };
      snap.governorate = governorateIn(locale, snap.governorate, z);
    }
    return snap;
  }
  if (!o.addressId) return null;
  const [row] = await db
    .select({ address: addresses, zone: deliveryZones })
    .from(addresses)
    .leftJoin(deliveryZones, eq(deliveryZones.id, addresses.deliveryZoneId))
    .where(eq(addresses.id, o.addressId));
  return row ? { ...toAddress(row.address, row.zone, locale), full_name: fullName } : null;
}

/** Orders as the calls answer them, with their lines, in one pass over each table. */
export async function toOrders(db: DbOrTx, rows: OrderRow[], locale: Locale): Promise<Order[]> {
  if (!rows.length) return [];
  const ids = rows.map((o) => o.id);
  const userIds = [...new Set(rows.map((o) => o.userId))];
  const planIds = [...new Set(rows.map((o) => o.bankInstallmentId).filter((x): x is number => x != null))];
  const [lines, people, plans, rated, parcels, notes] = await Promise.all([
    db
      .select({
        id: orderProducts.id,
        orderId: orderProducts.orderId,
        quantity: orderProducts.quantity,
        checkoutPrice: orderProducts.checkoutPricePiastres,
        vatRateBp: orderProducts.vatRateBp,
        vat: orderProducts.vatPiastres,
        refunded: orderProducts.refundedQuantity,
        orderStatus: orderProducts.orderStatus,
        variant: orderProducts.variant,
        productId: products.id,
        titleEn: products.titleEn,
        titleAr: products.titleAr,
        thumb: sql<string | null>`(select ${productImages.thumbnailUrl} from ${productImages}
          where ${productImages.productId} = ${products.id} order by ${productImages.position}, ${productImages.id} limit 1)`,
        medium: sql<string | null>`(select ${productImages.mediumUrl} from ${productImages}
          where ${productImages.productId} = ${products.id} order by ${productImages.position}, ${productImages.id} limit 1)`,
      })
      .from(orderProducts)
      .innerJoin(products, eq(products.id, orderProducts.productId))
      .where(inArray(orderProducts.orderId, ids))
      .orderBy(asc(orderProducts.id)),
    db.select().from(users).where(inArray(users.id, userIds)),
    planIds.length
      ? db
          .select({ plan: bankInstallments, bank: banks })
          .from(bankInstallments)
          .innerJoin(banks, eq(banks.id, bankInstallments.bankId))
          .where(inArray(bankInstallments.id, planIds))
      : Promise.resolve([]),
    db.select().from(ratings).where(inArray(ratings.orderId, ids)),
    shipmentViews(db, ids, locale),
    db
      .select({
        orderId: creditNotes.orderId,
        number: creditNotes.number,
        issuedAt: creditNotes.issuedAt,
        gross: creditNotes.grossPiastres,
      })
      .from(creditNotes)
      .where(inArray(creditNotes.orderId, ids))
      .orderBy(asc(creditNotes.id)),
  ]);
  const userOf = new Map(people.map((u) => [u.id, u]));
  const planOf = new Map(plans.map((p) => [p.plan.id, p]));
  const ratingOf = new Map(rated.map((r) => [r.orderId, r.rating]));
  return Promise.all(
    rows.map(async (o) => {
      const u = userOf.get(o.userId)!;
      const fullName = `${u.firstName} ${u.lastName}`.trim();
      const mine = lines.filter((l) => l.orderId === o.id);
      const plan = o.bankInstallmentId ? planOf.get(o.bankInstallmentId) : undefined;
      return {
        id: o.id,
        order_number: o.orderNumber,
        status: o.status,
        created_at: o.createdAt.toISOString(),
        checkout_date: o.checkoutDate?.toISOString() ?? null,
        payment_method: o.paymentMethod,
        bank_installment: plan
          ? {
              id: plan.plan.id,
              bank_id: plan.bank.id,
              bank_name: pick(locale, plan.bank.nameEn, plan.bank.nameAr),
              title: pick(locale, plan.plan.titleEn, plan.plan.titleAr),
            }
          : null,
        checkout_shipping_fees: toEgp(o.shippingFeesPiastres),
        total_cart_price: toEgp(o.totalCartPricePiastres),
        checkout_total_price: toEgp(o.checkoutTotalPricePiastres),
        discount_code: o.discountCode,
        discount: toEgp(o.discountPiastres),
        refunded_amount: toEgp(o.refundedPiastres),
        vat_amount: toEgp(o.vatPiastres),
        invoice_number: o.invoiceNumber,
        credit_notes: notes
          .filter((n) => n.orderId === o.id)
          .map((n) => ({ number: n.number, issued_at: n.issuedAt.toISOString(), total: toEgp(n.gross) })),
        address: await addressFor(db, o, fullName, locale),
        user: {
          id: u.id,
          full_name: fullName,
          first_name: u.firstName,
          last_name: u.lastName,
          phone_number: u.phoneNumber,
        },
        order_products: mine.map((l) => ({
          id: l.id,
          product: {
            id: l.productId,
            title: pick(locale, l.titleEn, l.titleAr),
            title_en: l.titleEn,
            title_ar: l.titleAr,
            thumbnail_url: l.thumb,
            image_url: l.medium,
          },
          quantity: l.quantity,
          checkout_price: l.checkoutPrice == null ? null : toEgp(l.checkoutPrice),
          vat_rate: l.vatRateBp == null ? null : l.vatRateBp / 100,
          vat_amount: l.vat == null ? null : toEgp(l.vat),
          refunded_quantity: l.refunded,
          order_status: l.orderStatus,
          variant: l.variant && {
            sku: l.variant.sku,
            options: l.variant.options.map((o) => ({
              ...o,
              name: pick(locale, o.name_en, o.name_ar),
              value: pick(locale, o.value_en, o.value_ar),
            })),
          },
        })),
        count: mine.reduce((n, l) => n + l.quantity, 0),
        rating: ratingOf.get(o.id) ?? null,
        // The rule of unratedDelivered (what checkout waits for and rateOrders takes).
        rateable: o.status === 'delivered' && !ratingOf.has(o.id),
        // Its carrier and tracking number once handed to a courier (issue 48).
        shipment: parcels.get(o.id) ?? null,
      };
    }),
  );
}

export interface OrderListQuery {
  page?: number;
  per_page?: number;
  unrated_only?: boolean;
}

/** GET v1/users/orders: placed orders, newest first, ORDERS_PAGE_SIZE a page; unrated_only for the rating modal. */
export async function listOrders(db: DbOrTx, userId: number, q: OrderListQuery, locale: Locale) {
  const perPage = q.per_page ?? ORDERS_PAGE_SIZE;
  const page = q.page ?? 1;
  const where = q.unrated_only
    ? unratedDelivered(userId)
    : and(eq(orders.userId, userId), notInArray(orders.status, [...NOT_PLACED_STATUSES]));
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(orders).where(where),
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(sql`${orders.checkoutDate} desc nulls last`, desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const totalEntries = Number(total?.n ?? 0);
  return {
    orders: await toOrders(db, rows, locale),
    meta: {
      per_page: perPage,
      total_entries: totalEntries,
      current_page: page,
      next_page: page * perPage < totalEntries ? page + 1 : null,
    },
  };
}

/** One of the user's orders (any status); another user's is "not found". */
export async function getOrder(db: DbOrTx, userId: number, id: number, locale: Locale): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
    .limit(1);
  if (!row) throw AppError.notFound('order_not_found');
  return (await toOrders(db, [row], locale))[0]!;
}

/**
 * POST v1/users/orders/{id}/cancel: the shopper cancels their own order while it is pending (placed, not confirmed
 * by the shop yet; the transitions table says so). The same move as a staff member's cancel (core.ts `transition`):
 * its stock comes back, its discount code's use is given back, a paid online payment is marked for its money back
 * (the outbox voids or refunds it through the gateway) with the staff's alert, the shopper's SMS, and the history
 * names the shopper. Another user's order, or one not placed, is 404; an order already cancelled or past pending
 * is 422 (call the hotline); two cancels at once: one wins, the other finds it cancelled (422) or, on a server
 * where they truly run together, loses the guarded update (409).
 */
export async function cancelMyOrder(db: Db, userId: number, id: number, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)))
      .limit(1);
    if (!row || (NOT_PLACED_STATUSES as readonly string[]).includes(row.status))
      throw AppError.notFound('order_not_found');
    if (row.status === 'canceled') throw new AppError(422, 'invalid', ['order_already_canceled']);
    if (!shopperCanCancel(row.status)) throw new AppError(422, 'invalid', ['order_not_cancelable']);
    await transition(tx, {
      orderId: id,
      to: 'canceled',
      actor: { type: 'shopper', id: userId },
      expect: [row.status],
      now,
    });
  });
}

/**
 * PUT v1/users/orders/rate: every listed order must be one of the user's delivered, not yet rated orders; all are
 * saved or none (one transaction; two requests racing for the same order: one wins, the other gets 422).
 */
export async function rateOrders(db: DbOrTx, userId: number, body: RatingsBody, now: Date) {
  const ids = body.ratings.map((r) => r.id);
  if (new Set(ids).size !== ids.length) throw AppError.field('ratings', 'rating_duplicate_order');
  try {
    return await db.transaction(async (tx) => {
      const rateable = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(unratedDelivered(userId), inArray(orders.id, ids)))
        .for('update');
      if (rateable.length !== ids.length) throw new AppError(422, 'invalid', ['order_not_rateable']);
      await tx
        .insert(ratings)
        .values(body.ratings.map((r) => ({ orderId: r.id, userId, rating: r.rating, createdAt: now })));
      return { ratings: body.ratings.map((r) => ({ order_id: r.id, rating: r.rating })) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(422, 'invalid', ['order_not_rateable']);
    throw err;
  }
}

/**
 * Dev only (POST /dev/orders/{id}/status): moves a placed order to any status, e.g. 'delivered' for rating tests,
 * past the transitions table (recorded in its history as the system's, with a note saying so). What entering the
 * status does still happens (core.ts AFTER: a cancel returns the stock and marks the payments for a refund).
 */
export async function setOrderStatus(db: Db, id: number, status: OrderStatus, now: Date) {
  return db.transaction(async (tx) => {
    const [o] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    if (!o || (NOT_PLACED_STATUSES as readonly string[]).includes(o.status))
      throw AppError.notFound('order_not_found');
    const row = await transition(tx, {
      orderId: id,
      to: status,
      actor: SYSTEM,
      now,
      force: true,
      note: 'developer route',
    });
    return { id: row.id, status: row.status };
  });
}
