/**
 * An online payment that did not happen (it failed, or its key expired): the order held for it becomes the cart
 * again, or joins a newer cart (decision 006). Part of the order's one owner (core.ts): the only other code that
 * changes an order row, through `transition` (its lines through cart.ts). Its discount code's use goes back
 * (decision 038).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { giveUseBack } from '../discounts/index.ts';
import { chooseCartAddress, joinLines, setCartDiscountCode, unpriceLines } from './cart.ts';
import { transition, type ActorRef } from './core.ts';

/** The delivery zone's fee and free-shipping amount for a saved address (null when it has no zone). */
async function zoneRuleOf(tx: DbOrTx, addressId: number) {
  const res =
    (await tx.execute(sql`select z.shipping_fees_piastres as fee, z.free_shipping_from_piastres as free_from
      from addresses a join delivery_zones z on z.id = a.delivery_zone_id where a.id = ${addressId}`)) as unknown as {
      rows: { fee: number | string; free_from: number | string | null }[];
    };
  const r = res.rows[0];
  return r
    ? {
        shippingFeesPiastres: Number(r.fee),
        freeShippingFromPiastres: r.free_from === null ? null : Number(r.free_from),
      }
    : null;
}

/**
 * An order held for payment becomes the cart again (the payment failed or its key expired). If the user already
 * has a newer cart (opened while paying: reading the cart then opens one), the held lines join it (lines already
 * there keep their quantity), the newer cart takes the address and the discount code if it had none, and the held
 * order is marked 'abandoned'. The code is kept as a cart keeps any code: whether it still applies (ended, used up
 * meanwhile) is checked when the cart is shown and at checkout, which drops it then.
 */
export async function returnToCart(tx: DbOrTx, orderId: number, actor: ActorRef, now: Date) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order || order.status !== 'awaiting_payment') return;
  // The payment did not happen: its discount code's use goes back (the cart keeps the code to try again).
  if (order.discountCodeId && order.discountCode) await giveUseBack(tx, order.discountCodeId);
  // Checkout wrote the fee it charged (nothing, over the free-shipping amount); a cart charges its zone's rule again.
  const rule = order.addressId ? await zoneRuleOf(tx, order.addressId) : null;
  const [other] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, order.userId), eq(orders.status, 'cart'), ne(orders.id, orderId)))
    .for('update');
  if (!other) {
    await transition(tx, {
      orderId,
      to: 'cart',
      actor,
      expect: ['awaiting_payment'],
      now,
      set: {
        ...(rule ?? {}),
        paymentMethod: null,
        bankInstallmentId: null,
        addressSnapshot: null,
        nationalId: null,
        totalCartPricePiastres: 0,
        checkoutTotalPricePiastres: 0,
        checkoutDate: null,
        // The delivery fee's VAT stays: a payment that succeeds late places the order as it was checked out.
        vatPiastres: 0,
        discountCode: null,
        discountPiastres: 0,
      },
    });
    await unpriceLines(tx, orderId);
    return;
  }
  await joinLines(tx, orderId, other.id, now);
  if (!other.addressId && order.addressId) {
    await chooseCartAddress(tx, {
      orderId: other.id,
      addressId: order.addressId,
      shippingFeesPiastres: rule?.shippingFeesPiastres ?? order.shippingFeesPiastres,
      freeShippingFromPiastres: rule ? rule.freeShippingFromPiastres : order.freeShippingFromPiastres,
      now,
    });
  }
  // The shopper's code goes with the lines to try again (its use went back above); a code the newer cart holds stays.
  if (!other.discountCodeId && order.discountCodeId) {
    await setCartDiscountCode(tx, { userId: order.userId, codeId: order.discountCodeId, now });
  }
  await transition(tx, { orderId, to: 'abandoned', actor, expect: ['awaiting_payment'], now });
}
