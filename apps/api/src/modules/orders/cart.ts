/**
 * The cart, an order in progress (decision 029): its row, its lines and its delivery address, written only here and
 * in core.ts, the order's owner. The cart service, the checkout and the address book call these inside their own
 * transactions. Split from core.ts, which asks `ensureCart` and `chooseCartAddress` of it.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderProducts, orders } from '../../db/schema.ts';
import { addressChanged } from '../addresses/index.ts';

export type OrderRow = typeof orders.$inferSelect;

/** The user's cart row, created on first use (one per user: a partial unique index); locked when `lock`. */
export async function cartOf(tx: DbOrTx, userId: number, now: Date, lock = false): Promise<OrderRow> {
  const find = () => {
    const q = tx
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'cart')))
      .limit(1);
    return lock ? q.for('update') : q;
  };
  const [found] = await find();
  if (found) return found;
  await ensureCart(tx, userId, now);
  const [created] = await find();
  return created!;
}

/** A new empty cart for the user unless one exists. */
export async function ensureCart(tx: DbOrTx, userId: number, now: Date) {
  await tx.execute(sql`insert into orders (user_id, status, created_at, updated_at)
    values (${userId}, 'cart', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (user_id) where status = 'cart' do nothing`);
}

/** The cart holds `quantity` of the product (a new line, or the line's quantity replaced). */
export async function setCartLine(
  tx: DbOrTx,
  args: { orderId: number; productId: number; quantity: number; now: Date },
) {
  await tx
    .insert(orderProducts)
    .values({
      orderId: args.orderId,
      productId: args.productId,
      quantity: args.quantity,
      createdAt: args.now,
    })
    .onConflictDoUpdate({
      target: [orderProducts.orderId, orderProducts.productId],
      set: { quantity: args.quantity },
    });
}

/** The product leaves the cart. */
export async function removeCartLine(tx: DbOrTx, orderId: number, productId: number) {
  await tx
    .delete(orderProducts)
    .where(and(eq(orderProducts.orderId, orderId), eq(orderProducts.productId, productId)));
}

/** A cart line changed: the cart's updated_at follows. */
export async function touchCart(tx: DbOrTx, orderId: number, now: Date) {
  await tx
    .update(orders)
    .set({ updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'cart')));
}

/**
 * The discount code the cart holds (issue 49 item 1), or none. `unlessOther`: only if the cart still holds that
 * code (a checkout that found it used up drops it, not a code the shopper put on meanwhile).
 */
export async function setCartDiscountCode(
  tx: DbOrTx,
  args: { userId: number; codeId: number | null; now: Date; unlessOther?: number },
) {
  await tx
    .update(orders)
    .set({ discountCodeId: args.codeId, updatedAt: args.now })
    .where(
      and(
        eq(orders.userId, args.userId),
        eq(orders.status, 'cart'),
        args.unlessOther === undefined ? undefined : eq(orders.discountCodeId, args.unlessOther),
      ),
    );
}

/** The delivery address chosen for the user's cart, with its zone's shipping fee and free-shipping amount. */
export async function chooseCartAddress(
  tx: DbOrTx,
  args: {
    orderId: number;
    addressId: number;
    shippingFeesPiastres: number;
    freeShippingFromPiastres: number | null;
    now: Date;
  },
) {
  await tx
    .update(orders)
    .set({
      addressId: args.addressId,
      shippingFeesPiastres: args.shippingFeesPiastres,
      freeShippingFromPiastres: args.freeShippingFromPiastres,
      updatedAt: args.now,
    })
    .where(and(eq(orders.id, args.orderId), eq(orders.status, 'cart')));
}

/**
 * A saved address changed or went away: a cart that had it chosen follows (a new fee), or loses it (`fee` null:
 * no address, no fee). Placed orders keep their snapshot. Runs in the address change's transaction
 * (`addressChanged`, registered below).
 */
export async function followAddressInCart(
  tx: DbOrTx,
  args: {
    userId: number;
    addressId: number;
    shippingFeesPiastres: number | null;
    freeShippingFromPiastres: number | null;
    now: Date;
  },
) {
  await tx
    .update(orders)
    .set(
      args.shippingFeesPiastres === null
        ? { addressId: null, shippingFeesPiastres: 0, freeShippingFromPiastres: null, updatedAt: args.now }
        : {
            shippingFeesPiastres: args.shippingFeesPiastres,
            freeShippingFromPiastres: args.freeShippingFromPiastres,
            updatedAt: args.now,
          },
    )
    .where(
      and(eq(orders.userId, args.userId), eq(orders.addressId, args.addressId), eq(orders.status, 'cart')),
    );
}

addressChanged.on(followAddressInCart);

/**
 * The variant each line sells (issue 49, decision 034): its SKU and its option values in both languages, fixed on
 * the line when its price is (checkout, a late payment), so the order and its invoice keep saying what was sold
 * after the product's options are renamed. Lines of products sold as one item keep `variant` null.
 */
export async function recordLineVariants(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.execute(sql`update order_products op set variant = jsonb_build_object('sku', p.sku, 'options',
      (select coalesce(jsonb_agg(jsonb_build_object('name_en', o.opt ->> 'name_en', 'name_ar', o.opt ->> 'name_ar',
                'value_en', v.val ->> 'en', 'value_ar', v.val ->> 'ar') order by o.i), '[]'::jsonb)
         from jsonb_array_elements(pp.variant_options) with ordinality o(opt, i)
         join jsonb_array_elements(p.variant_values) with ordinality v(val, j) on v.j = o.i))
    from products p join products pp on pp.id = p.variant_of
    where op.order_id = ${orderId} and op.product_id = p.id`);
}

/** An order back in the cart (its payment did not happen): its lines lose what checkout fixed on them. */
export async function unpriceLines(tx: DbOrTx, orderId: number) {
  await tx
    .update(orderProducts)
    .set({
      checkoutPricePiastres: null,
      vatRateBp: null,
      netPiastres: null,
      vatPiastres: null,
      grossPiastres: null,
    })
    .where(eq(orderProducts.orderId, orderId));
}

/** The lines of `fromOrderId` join the cart `toOrderId`; a product the cart already holds keeps its quantity. */
export async function joinLines(tx: DbOrTx, fromOrderId: number, toOrderId: number, now: Date) {
  await tx.execute(sql`insert into order_products (order_id, product_id, quantity, created_at)
    select ${toOrderId}, product_id, quantity, ${now.toISOString()}::timestamptz from order_products
    where order_id = ${fromOrderId}
    on conflict (order_id, product_id) do nothing`);
}
