/**
 * The order's one owner (DESIGN.md, CONVENTIONS 14–15, issue 13, decision 029): the only code that creates an
 * order row or changes one, and the only code that writes its lines (order_products: the cart's lines in cart.ts, the prices
 * fixed at checkout, the units a refund gives back). Every change of status goes through `transition`: the
 * transitions table of contracts (order-states.ts) says whether the actor may make the move, a guarded update
 * (`where id = … and status = from`) makes a concurrent change lose cleanly (409), and the same transaction writes
 * the order's history, a `domain_events` row for what must happen after the commit (the outbox,
 * modules/orders/events.ts), and what entering the new state does (AFTER: a cancel returns the stock and marks the
 * payments for a refund). Other modules call these functions inside their own transactions; none of them writes
 * `orders` or `order_products` itself.
 */
import {
  canTransition,
  orderTotals,
  type DiscountRule,
  type OrderActor,
  type OrderState,
  type PaymentMethod,
} from '@store/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { creditNotes, domainEvents, orderHistory, orderProducts, orders, products } from '../../db/schema.ts';
import type { PaymentProvider } from '../../adapters/payments/provider.ts';
import { AppError } from '../../lib/errors.ts';
import { questionHook, transactionHook } from '../../lib/hooks.ts';
import { recordStaffAlert } from '../../lib/staff-alerts.ts';
import { allocateCreditNoteNumber, allocateInvoiceNumber, invoiceYear } from '../invoices/index.ts';
import type { DomainEvent } from './domain-events.ts';
import { returnStock } from '../stock/index.ts';
import { followOrderByHand } from '../shipments/index.ts';
import { giveUseBack } from '../discounts/index.ts';

import { ensureCart, type OrderRow } from './cart.ts';

export type { OrderRow };

/** Who makes a change: the shopper or staff member by id; the gateway and the server's jobs have none. */
export interface ActorRef {
  type: OrderActor;
  id?: number | null;
}
export const SYSTEM: ActorRef = { type: 'system' };
export const GATEWAY: ActorRef = { type: 'gateway' };

/** The columns a transition may set beside the status (checkout's snapshot and totals, payment method...). */
type OrderChanges = Partial<
  Pick<
    typeof orders.$inferInsert,
    | 'paymentMethod'
    | 'bankInstallmentId'
    | 'addressSnapshot'
    | 'nationalId'
    | 'shippingFeesPiastres'
    | 'freeShippingFromPiastres'
    | 'totalCartPricePiastres'
    | 'checkoutTotalPricePiastres'
    | 'checkoutDate'
    | 'refundedPiastres'
    | 'vatPiastres'
    | 'discountCode'
    | 'discountPiastres'
  >
>;

/** A discount code's rule at checkout and the products it covers (issue 49 item 1), for the lines' amounts. */
export interface OrderDiscount {
  rule: DiscountRule;
  covers: ReadonlySet<number>;
}

/** Statuses that are not (yet) orders (service.ts NOT_PLACED_STATUSES): no order number. */
const UNPLACED: readonly string[] = ['cart', 'awaiting_payment', 'abandoned'];

/**
 * The next order number (issue 43): one counter row, moved on in the transaction that places the order. Its row
 * lock holds other placements until this one commits, and a rollback takes the number back with the order, so the
 * numbers placed orders get are 1, 2, 3, … with no gap (a sequence would skip what failed). Carts, online payments
 * that expired or were declined, and abandoned attempts never take one.
 */
export async function takeOrderNumber(tx: DbOrTx): Promise<number> {
  const res = (await tx.execute(sql`insert into counters (name, value) values ('order_number', 1)
    on conflict (name) do update set value = counters.value + 1
    returning value`)) as unknown as { rows: { value: number | string }[] };
  return Number(res.rows[0]!.value);
}

export const orderChanged = () => new AppError(409, 'order_changed', ['order_changed']);
const transitionForbidden = (from: string, to: string) =>
  new AppError(422, 'order_transition_forbidden', ['order_transition_forbidden'], { from, to });

/**
 * Something that must happen after the commit, written in the caller's transaction: one of the outbox's events
 * (domain-events.ts), handled by events.ts.
 */
export async function emit(tx: DbOrTx, event: DomainEvent & { orderId?: number | null; now: Date }) {
  await tx.insert(domainEvents).values({
    type: event.type,
    orderId: event.orderId ?? null,
    payload: event.payload,
    createdAt: event.now,
    availableAt: event.now,
  });
  // A placed order alerts the staff who asked (lib/staff-alerts.ts), in the same transaction.
  if (event.type === 'order.status_changed' && event.payload.to === 'pending' && event.orderId) {
    const [o] = await tx
      .select({ n: orders.orderNumber, total: orders.checkoutTotalPricePiastres })
      .from(orders)
      .where(eq(orders.id, event.orderId));
    if (o)
      await recordStaffAlert(
        tx,
        'new_order',
        { order_id: event.orderId, n: o.n ?? event.orderId, total_piastres: o.total },
        event.now,
      );
  }
  if (event.type === 'refund.required' && event.orderId) {
    const [o] = await tx.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, event.orderId));
    await recordStaffAlert(
      tx,
      'refund_required',
      { order_id: event.orderId, n: o?.n ?? event.orderId },
      event.now,
    );
  }
}

/**
 * Moves an order to `to`. `expect`: the statuses the caller saw (a staff member's screen, a checkout that locked
 * the cart); when the order is in none of them the change lost a race: 409. Otherwise the transitions table must
 * allow `from → to` for the actor (422), unless `force` (the developer route, recorded as such). Returns the row.
 */
export async function transition(
  tx: DbOrTx,
  args: {
    orderId: number;
    to: OrderState;
    actor: ActorRef;
    now: Date;
    note?: string | null;
    set?: OrderChanges;
    expect?: readonly string[];
    force?: boolean;
  },
): Promise<OrderRow> {
  const { orderId, to, actor, now } = args;
  const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!current) throw AppError.notFound('order_not_found');
  const from = current.status;
  if (args.expect && !args.expect.includes(from)) throw orderChanged();
  if (!args.force && !canTransition(from, to, actor.type)) throw transitionForbidden(from, to);
  // Placed now (checkout, a paid online order): the order gets its number, in this transaction. Its row is locked
  // first, then the counter (every placement takes them in that order, so two never wait for each other).
  let orderNumber: number | undefined;
  if (UNPLACED.includes(from) && !UNPLACED.includes(to) && current.orderNumber === null) {
    const [still] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (still?.status !== from) throw orderChanged();
    orderNumber = await takeOrderNumber(tx);
  }
  const [row] = await tx
    .update(orders)
    .set({ ...args.set, ...(orderNumber === undefined ? {} : { orderNumber }), status: to, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning();
  if (!row) throw orderChanged();
  await tx.insert(orderHistory).values({
    orderId,
    fromStatus: from,
    toStatus: to,
    actorType: actor.type,
    actorId: actor.id ?? null,
    note: args.note ?? null,
    createdAt: now,
  });
  await emit(tx, {
    type: 'order.status_changed',
    orderId,
    payload: { order_id: orderId, user_id: row.userId, from, to, actor: actor.type },
    now,
  });
  // What entering the state does (AFTER, below), whoever made the move: staff, a job or the developer route.
  if (from !== to)
    for (const effect of AFTER[to] ?? []) await effect(tx, { order: row, from, to, actor, now });
  return row;
}

/** The order was handed on after it was placed (spec §3 sap_sync): the outbox's consumer marks it. */
export async function markHandedOn(tx: DbOrTx, orderId: number, now: Date) {
  await tx.update(orders).set({ sapSync: true, updatedAt: now }).where(eq(orders.id, orderId));
}

/* ---------------- what entering a state does ---------------- */

/** A move just made, as its after-effects are given it (in the move's transaction). */
export interface TransitionEnd {
  order: OrderRow;
  from: string;
  to: OrderState;
  actor: ActorRef;
  now: Date;
}

/**
 * An order was canceled: the payments module (above this one) reacts in the same transaction, marking its succeeded
 * payments for a refund with a `refund.required` event each (payments/service.ts).
 */
export const orderCanceled = transactionHook<TransitionEnd>();

/** Cancelled: the units not refunded go back to stock, recorded as the cancel of whoever made it. */
async function returnUnrefundedStock(tx: DbOrTx, e: TransitionEnd) {
  const lines = await tx
    .select({
      productId: orderProducts.productId,
      quantity: orderProducts.quantity,
      refunded: orderProducts.refundedQuantity,
    })
    .from(orderProducts)
    .where(eq(orderProducts.orderId, e.order.id))
    .orderBy(asc(orderProducts.id));
  await returnStock(
    tx,
    lines
      .map((l) => ({ productId: l.productId, quantity: l.quantity - l.refunded }))
      .filter((l) => l.quantity > 0),
    e.now,
    {
      reason: 'cancel',
      orderId: e.order.id,
      staffId: e.actor.type === 'staff' ? (e.actor.id ?? null) : null,
    },
  );
}

/**
 * Cancelled: its discount code's use goes back (decision 038), once: only the one move into `canceled` runs this
 * (a cancel asked again finds the order canceled and moves nothing), in the cancel's transaction.
 */
async function giveCodeUseBack(tx: DbOrTx, e: TransitionEnd) {
  if (e.order.discountCodeId && e.order.discountCode) await giveUseBack(tx, e.order.discountCodeId);
}

const parcelByHandFollows = (tx: DbOrTx, e: TransitionEnd) => followOrderByHand(tx, e.order.id, e.to, e.now);

/**
 * The transition's after-effects (as Vendure's onTransitionEnd): what entering a state does besides the move,
 * run by `transition` in its transaction, in this order, only when the status changes. Taking stock at placement
 * stays with checkout and payments, which hold it before the order exists as placed.
 */
const AFTER: {
  readonly [S in OrderState]?: readonly ((tx: DbOrTx, e: TransitionEnd) => Promise<unknown>)[];
} = {
  confirmed: [invoiceOrder],
  // A forced move past confirmed (the developer route) still leaves an invoiced order.
  processing: [invoiceOrder],
  // A parcel staff typed by hand follows the order (shipments module: no courier sends its news).
  delivering: [invoiceOrder, parcelByHandFollows],
  delivered: [invoiceOrder, parcelByHandFollows],
  canceled: [returnUnrefundedStock, creditCancel, giveCodeUseBack, (tx, e) => orderCanceled.run(tx, e)],
  // Brought back by the courier (issue 48): never sold, so its stock comes back and its invoice is credited.
  returned: [returnUnrefundedStock, creditCancel, parcelByHandFollows],
};

/* ---------------- VAT, the invoice and credit notes (issue 47, decision 030) ---------------- */

/**
 * The order's VAT from its lines as checked out: each line's net, VAT and gross (at its product's rate) and the
 * order's VAT, from contracts' one totals calculator (orderTotals) over the prices fixed on the lines and the
 * delivery fee charged. `deliveryVatBp`: the delivery fee's rate (DELIVERY_FEE_TAXED); absent, the fee keeps the
 * VAT its checkout gave it (a payment that succeeded late places what was checked out).
 */
export async function recordVat(
  tx: DbOrTx,
  orderId: number,
  deliveryVatBp?: number,
  discount?: OrderDiscount | null,
) {
  const [order] = await tx
    .select({ shipping: orders.shippingFeesPiastres, shippingVat: orders.shippingVatPiastres })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return;
  const lines = await tx
    .select({
      id: orderProducts.id,
      productId: orderProducts.productId,
      quantity: orderProducts.quantity,
      price: orderProducts.checkoutPricePiastres,
      vatRateBp: products.vatRateBp,
    })
    .from(orderProducts)
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(eq(orderProducts.orderId, orderId))
    .orderBy(asc(orderProducts.id));
  // A discount code comes off the lines it covers before VAT: each line's gross is what is paid for it.
  const totals = orderTotals(
    lines.map((l) => ({
      unitPiastres: l.price ?? 0,
      quantity: l.quantity,
      vatRateBp: l.vatRateBp,
      discountable: discount ? discount.covers.has(l.productId) : false,
    })),
    order.shipping,
    { deliveryVatBp: deliveryVatBp ?? 0, discount: discount?.rule ?? null },
  );
  const shippingVat = deliveryVatBp === undefined ? order.shippingVat : totals.shippingVat;
  for (const [i, l] of lines.entries()) {
    const a = totals.lines[i]!;
    await tx
      .update(orderProducts)
      .set({ vatRateBp: a.vatRateBp, netPiastres: a.net, vatPiastres: a.vat, grossPiastres: a.gross })
      .where(eq(orderProducts.id, l.id));
  }
  await tx
    .update(orders)
    .set({ vatPiastres: totals.vat - totals.shippingVat + shippingVat, shippingVatPiastres: shippingVat })
    .where(eq(orders.id, orderId));
}

/**
 * Confirmed (an online payment: paid, then confirmed): the order gets its invoice number, the year's next
 * (INV-2026-000123, gapless), in the move's transaction: a move that rolls back gives the number back. Once.
 */
async function invoiceOrder(tx: DbOrTx, e: TransitionEnd) {
  if (e.order.invoiceNumber) return;
  const number = await allocateInvoiceNumber(tx, invoiceYear(e.now));
  await tx
    .update(orders)
    .set({ invoiceNumber: number, invoicedAt: e.now })
    .where(and(eq(orders.id, e.order.id), sql`${orders.invoiceNumber} is null`));
  e.order.invoiceNumber = number;
  e.order.invoicedAt = e.now;
}

/** A credit note's line: units of an order line given back, after `before` of its units given back earlier. */
export interface CreditedUnits {
  lineId: number;
  quantity: number;
  before: number;
}

/**
 * The share of a line's `total` (its gross or VAT, piastres) for `count` of its `units`, after `before` of them:
 * the rounded running share, so a line given back unit by unit sums to its total exactly (19.99 EGP for 2 units
 * is 10.00 and then 9.99, never 10.00 twice).
 */
export const unitsShare = (total: number, units: number, before: number, count: number) => {
  const upTo = (k: number) => Math.round((total * Math.min(k, units)) / Math.max(1, units));
  return upTo(before + count) - upTo(before);
};

/**
 * A credit note (CN-2026-000001) for units of an invoiced order given back, in the caller's transaction: each
 * line's share of its net, VAT and gross (the whole line's own amounts when all its units come back), and the
 * delivery fee when `withDelivery` (a cancel gives everything back). The outbox then sends the e-receipt's return
 * (`credit_note.issued`). Nothing for an order without an invoice. Returns the note's number.
 */
export async function issueCreditNote(
  tx: DbOrTx,
  args: {
    order: OrderRow;
    reason: 'refund' | 'cancel';
    units: readonly CreditedUnits[];
    withDelivery?: boolean;
    now: Date;
  },
): Promise<string | null> {
  const { order, now } = args;
  if (!order.invoiceNumber) return null;
  const lines = await tx
    .select()
    .from(orderProducts)
    .where(eq(orderProducts.orderId, order.id))
    .orderBy(asc(orderProducts.id));
  const byId = new Map(lines.map((l) => [l.id, l]));
  const credited = args.units
    .filter((u) => u.quantity > 0 && byId.has(u.lineId))
    .map((u) => {
      const l = byId.get(u.lineId)!;
      const unit = l.checkoutPricePiastres ?? 0;
      // Their share of what the line cost (a discount code took its part off the line's gross), of its VAT too.
      const gross =
        l.grossPiastres == null
          ? unit * u.quantity
          : unitsShare(l.grossPiastres, l.quantity, u.before, u.quantity);
      const vat = unitsShare(l.vatPiastres ?? 0, l.quantity, u.before, u.quantity);
      return {
        order_product_id: l.id,
        product_id: l.productId,
        quantity: u.quantity,
        vat_rate_bp: l.vatRateBp ?? 0,
        net: gross - vat,
        vat,
        gross,
      };
    });
  const shipping = args.withDelivery ? order.shippingFeesPiastres : 0;
  const shippingVat = args.withDelivery ? order.shippingVatPiastres : 0;
  if (!credited.length && shipping === 0) return null;
  const vat = credited.reduce((s, l) => s + l.vat, 0) + shippingVat;
  const gross = credited.reduce((s, l) => s + l.gross, 0) + shipping;
  const number = await allocateCreditNoteNumber(tx, invoiceYear(now));
  const [note] = await tx
    .insert(creditNotes)
    .values({
      orderId: order.id,
      number,
      reason: args.reason,
      lines: credited,
      shippingPiastres: shipping,
      shippingVatPiastres: shippingVat,
      netPiastres: gross - vat,
      vatPiastres: vat,
      grossPiastres: gross,
      issuedAt: now,
    })
    .returning({ id: creditNotes.id });
  await emit(tx, {
    type: 'credit_note.issued',
    orderId: order.id,
    payload: {
      order_id: order.id,
      credit_note_id: note!.id,
      number,
      reason: args.reason,
      lines: credited.map((l) => ({
        product_id: l.product_id,
        quantity: l.quantity,
        gross_piastres: l.gross,
        vat_piastres: l.vat,
      })),
      shipping_piastres: shipping,
      shipping_vat_piastres: shippingVat,
    },
    now,
  });
  return number;
}

/** Cancelled after its invoice: a credit note gives back the units not refunded yet, and the delivery fee. */
async function creditCancel(tx: DbOrTx, e: TransitionEnd) {
  if (!e.order.invoiceNumber) return;
  const lines = await tx
    .select({
      id: orderProducts.id,
      quantity: orderProducts.quantity,
      refunded: orderProducts.refundedQuantity,
    })
    .from(orderProducts)
    .where(eq(orderProducts.orderId, e.order.id));
  await issueCreditNote(tx, {
    order: e.order,
    reason: 'cancel',
    units: lines.map((l) => ({ lineId: l.id, quantity: l.quantity - l.refunded, before: l.refunded })),
    withDelivery: true,
    now: e.now,
  });
}

/* ---------------- checkout and payment ---------------- */

/**
 * The unit prices are fixed on the order's lines when it is checked out (what the shopper saw and pays): the prices
 * its totals were counted from, given by the caller (checkout, and a payment that succeeded after its session ended).
 */
export async function fixCheckoutPrices(
  tx: DbOrTx,
  orderId: number,
  lines: readonly { productId: number; unitPiastres: number }[],
) {
  if (!lines.length) return;
  const prices = sql.join(
    lines.map((l) => sql`(${l.productId}::int, ${l.unitPiastres}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update order_products op set checkout_price_piastres = v.price
    from (values ${prices}) as v(product_id, price)
    where op.order_id = ${orderId} and op.product_id = v.product_id`);
}

/** What checkout fixed when the cart became an order (the address snapshot, totals, method). */
export type CheckoutFacts = Required<
  Pick<
    OrderChanges,
    | 'addressSnapshot'
    | 'nationalId'
    | 'shippingFeesPiastres'
    | 'freeShippingFromPiastres'
    | 'totalCartPricePiastres'
    | 'checkoutTotalPricePiastres'
    | 'discountCode'
    | 'discountPiastres'
  >
> & { paymentMethod: PaymentMethod; bankInstallmentId: number | null };

/**
 * The (locked) cart becomes a placed order (offline methods: 'pending') or an order held for payment (online:
 * 'awaiting_payment'). A placed order leaves the shopper a new empty cart.
 */
export async function checkOut(
  tx: DbOrTx,
  args: {
    orderId: number;
    userId: number;
    online: boolean;
    facts: CheckoutFacts;
    now: Date;
    /** The delivery fee's VAT rate (DELIVERY_FEE_TAXED: 1400; default 0, untaxed). */
    deliveryVatBp?: number;
    /** The cart's discount code, when it applies (its use was taken in this transaction). */
    discount?: OrderDiscount | null;
  },
) {
  const { orderId, userId, online, facts, now } = args;
  await transition(tx, {
    orderId,
    to: online ? 'awaiting_payment' : 'pending',
    actor: { type: 'shopper', id: userId },
    expect: ['cart'],
    now,
    set: { ...facts, checkoutDate: online ? null : now },
  });
  // Each line's net, VAT and gross, and the order's VAT, from the prices just fixed.
  await recordVat(tx, orderId, args.deliveryVatBp ?? 0, args.discount);
  if (!online) await ensureCart(tx, userId, now);
}

/**
 * An order paid online becomes a placed order ('pending'); its owner gets a new empty cart. False if it was not
 * held. `discount`: a late success's discount code, for its lines' amounts when they are counted again.
 */
export async function placePaidOrder(
  tx: DbOrTx,
  orderId: number,
  now: Date,
  discount?: OrderDiscount | null,
): Promise<boolean> {
  const [held] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  if (held?.status !== 'awaiting_payment') return false;
  // Held again after its session ended (a late success): its lines' VAT from the prices fixed again.
  const [unpriced] = await tx
    .select({ id: orderProducts.id })
    .from(orderProducts)
    .where(and(eq(orderProducts.orderId, orderId), sql`${orderProducts.grossPiastres} is null`))
    .limit(1);
  if (unpriced) await recordVat(tx, orderId, undefined, discount);
  const o = await transition(tx, {
    orderId,
    to: 'pending',
    actor: GATEWAY,
    expect: ['awaiting_payment'],
    now,
    set: { paymentMethod: 'online', checkoutDate: now },
  });
  await ensureCart(tx, o.userId, now);
  return true;
}

/**
 * A success that came after the session ended finds the order back in the cart: it is held again with the totals
 * the gateway charged, so it can then be placed (placePaidOrder).
 */
export async function holdAgainForPayment(
  tx: DbOrTx,
  args: {
    orderId: number;
    subtotalPiastres: number;
    totalPiastres: number;
    /** The discount code the charged total took off, and how much. */
    discount?: { code: string; piastres: number } | null;
    now: Date;
  },
) {
  await transition(tx, {
    orderId: args.orderId,
    to: 'awaiting_payment',
    actor: GATEWAY,
    expect: ['cart'],
    now: args.now,
    set: {
      totalCartPricePiastres: args.subtotalPiastres,
      checkoutTotalPricePiastres: args.totalPiastres,
      discountCode: args.discount?.code ?? null,
      discountPiastres: args.discount?.piastres ?? 0,
    },
  });
}

/* ---------------- refunds ---------------- */

/** What a refund of an order paid online did with its money: through the gateway (its refund id), or left to do by hand. */
export interface MoneyRefund {
  refund_id: string | null;
  refunded_by: 'gateway' | 'by_hand';
}

/**
 * A refund of an order paid online asks the payments module to give `amountPiastres` back (payments/service.ts
 * answers; it alone writes payment rows). Asked inside the refund's transaction with the order locked.
 */
export const paymentRefund = questionHook<
  { provider: PaymentProvider; orderId: number; amountPiastres: number; now: Date },
  MoneyRefund
>();

/**
 * A refund gives units of the order's lines back: each line's refunded_quantity grows by its units. The caller
 * holds the order's lock and checked that no line refunds more than it holds.
 */
export async function refundLineUnits(
  tx: DbOrTx,
  orderId: number,
  units: readonly { lineId: number; quantity: number }[],
) {
  for (const u of units)
    await tx
      .update(orderProducts)
      .set({ refundedQuantity: sql`${orderProducts.refundedQuantity} + ${u.quantity}` })
      .where(and(eq(orderProducts.id, u.lineId), eq(orderProducts.orderId, orderId)));
}
