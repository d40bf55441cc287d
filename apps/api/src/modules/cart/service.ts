import {
  quantityLimit,
  toEgp,
  type Cart,
  type CartMergeBody,
  type CartUpdateBody,
  type Locale,
  orderTotals,
} from '@store/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { addresses, deliveryZones, orderProducts, products } from '../../db/schema.ts';
import { AppError, translate } from '../../lib/errors.ts';
import { enforce, undoHits, type Limit } from '../../lib/rate-limit.ts';
import { questionHook, transactionHook } from '../../lib/hooks.ts';
import { findUserAddress, zoneForGovernorate } from '../addresses/index.ts';
import { loadProducts } from '../catalog/index.ts';
import { sellable } from '../stock/index.ts';
import { checkCode, codeById, findCode, type AppliedDiscount } from '../discounts/index.ts';
import {
  cartOf,
  chooseCartAddress,
  removeCartLine,
  setCartDiscountCode,
  setCartLine,
  touchCart as touch,
  type OrderRow,
} from '../orders/index.ts';

/**
 * The cart is about to be read for the user: modules above the cart bring it up to date first (payments: an
 * online payment session whose key expired gives its held stock and lines back, decision 006).
 */
export const cartRead = transactionHook<{ userId: number; now: Date }>();

/** What an online payment under way holds of the user's (payments answers it; null when none). */
export const heldForPayment = questionHook<{ userId: number; now: Date }, NonNullable<Cart['held']>>();

/**
 * The server cart: the user's order with status 'cart' (one per user, a partial unique index says so). Every
 * change runs in one transaction holding the cart row's lock, so two tabs changing the cart take turns.
 * Stock is checked here to answer early; it is held only at checkout (guarded decrement).
 */

export interface CartOptions {
  locale: Locale;
  userId: number;
  now: Date;
  /** The delivery fee's VAT rate (DELIVERY_FEE_TAXED: 1400; absent: untaxed), for the cart's "includes VAT". */
  deliveryVatBp?: number;
}

interface Buyable {
  id: number;
  active: boolean;
  stock: number;
  maximumPerOrder: number | null;
  /** A product sold in variants (issue 49): the shopper chooses one, the product itself is never in a cart. */
  hasVariants?: boolean;
}

/** The most of a product one order may hold now, and what sets it (contracts' one rule, as the counter uses it). */
const limitOf = (p: Buyable) => quantityLimit({ stock: p.stock, maxPerOrder: p.maximumPerOrder });

/** Why this quantity cannot be in the cart (a message key, 'key:n' for counts), or null when it can. */
export function lineProblem(p: Buyable, quantity: number): string | null {
  if (p.hasVariants) return 'choose_variant';
  if (!p.active) return 'product_unavailable';
  if (p.stock <= 0) return 'out_of_stock';
  const limit = limitOf(p);
  if (quantity <= limit.n) return null;
  return limit.kind === 'per_order' ? `only_n_per_order:${limit.n}` : `only_n_in_stock:${limit.n}`;
}

const buyable = {
  id: products.id,
  active: sellable,
  hasVariants: sql<boolean>`${products.variantOptions} is not null`,
  stock: products.stock,
  maximumPerOrder: products.maximumPerOrder,
};

/* ---------------- reading ---------------- */

/** The cart as the calls answer it: items with product cards, count, subtotal, delivery fee, total. */
async function cartView(db: DbOrTx, order: OrderRow, opts: CartOptions): Promise<Cart> {
  const lines = await db
    .select({
      ...buyable,
      lineId: orderProducts.id,
      productId: orderProducts.productId,
      quantity: orderProducts.quantity,
      price: products.currentPricePiastres,
      vatRateBp: products.vatRateBp,
    })
    .from(orderProducts)
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(eq(orderProducts.orderId, order.id))
    .orderBy(orderProducts.id);
  const cards = await loadProducts(
    db,
    lines.map((l) => l.productId),
    { locale: opts.locale, userId: opts.userId, now: opts.now },
  );
  const cardOf = new Map(cards.map((c) => [c.id, c]));
  const shown = lines.filter((l) => cardOf.has(l.productId));
  // The discount code held, when it applies to the cart as it is now (else why not, and nothing off).
  const code = order.discountCodeId ? await codeById(db, order.discountCodeId) : undefined;
  const check = code
    ? await checkCode(db, code, {
        userId: opts.userId,
        orderId: order.id,
        lines: shown.map((l) => ({ productId: l.productId, unitPiastres: l.price, quantity: l.quantity })),
        now: opts.now,
      })
    : null;
  const applied: AppliedDiscount | null = check && 'applied' in check ? check.applied : null;
  const totals = orderTotals(
    shown.map((l) => ({
      unitPiastres: l.price,
      quantity: l.quantity,
      vatRateBp: l.vatRateBp,
      discountable: applied?.covers.has(l.productId) ?? false,
    })),
    { feePiastres: order.shippingFeesPiastres, freeFromPiastres: order.freeShippingFromPiastres },
    { deliveryVatBp: opts.deliveryVatBp ?? 0, discount: applied?.rule ?? null },
  );
  const items = shown.flatMap((l) => {
    const product = cardOf.get(l.productId)!;
    const lineTotal = orderTotals([{ unitPiastres: l.price, quantity: l.quantity }]).subtotal;
    return [
      {
        id: l.lineId,
        product,
        quantity: l.quantity,
        line_total: toEgp(lineTotal),
        available: lineProblem(l, l.quantity) === null,
        max_quantity: limitOf(l).n,
      },
    ];
  });
  return {
    id: order.id,
    order_id: order.id,
    status: 'cart',
    items,
    item_ids: items.map((i) => i.product.id),
    count: totals.count,
    subtotal: toEgp(totals.subtotal),
    discount: toEgp(totals.discount),
    discount_code: code?.code ?? null,
    discount_code_problem: check && 'problem' in check ? translate(check.problem, opts.locale) : null,
    delivery_fee: toEgp(totals.shipping),
    free_delivery_from:
      order.addressId && order.freeShippingFromPiastres !== null
        ? toEgp(order.freeShippingFromPiastres)
        : null,
    total: toEgp(totals.total),
    vat_amount: toEgp(totals.vat),
    address: order.addressId ? await addressOf(db, order.addressId) : null,
    sap_sync: order.sapSync,
    held: await heldForPayment.ask(db, { userId: opts.userId, now: opts.now }),
  };
}

async function addressOf(db: DbOrTx, id: number): Promise<Cart['address']> {
  const [a] = await db
    .select({ a: addresses, fees: deliveryZones.shippingFeesPiastres })
    .from(addresses)
    .leftJoin(deliveryZones, eq(deliveryZones.id, addresses.deliveryZoneId))
    .where(eq(addresses.id, id));
  if (!a) return null;
  return {
    id: a.a.id,
    label: a.a.label,
    name: a.a.name,
    street_name: a.a.streetName,
    building: a.a.building,
    floor: a.a.floor,
    apartment: a.a.apartment,
    district: a.a.district,
    governorate: a.a.governorate,
    phone_number: a.a.phoneNumber,
    delivery_zone: a.fees == null ? null : { shipping_fees: toEgp(a.fees) },
  };
}

export async function getCart(db: DbOrTx, opts: CartOptions): Promise<Cart> {
  await cartRead.run(db, { userId: opts.userId, now: opts.now });
  return cartView(db, await cartOf(db, opts.userId, opts.now, false), opts);
}

/* ---------------- changing ---------------- */

/**
 * PUT v1/users/cart: sets one line's quantity (0 or _destroy removes it). 404 for an unknown product; 422 with
 * the spec's message when the product cannot be bought in that quantity.
 */
export async function updateCart(db: DbOrTx, body: CartUpdateBody, opts: CartOptions): Promise<Cart> {
  const { quantity, _destroy: destroy } = body.order_product;
  const order = await db.transaction(async (tx) => {
    const productId = await lineProductId(tx, body.order_product);
    const cart = await cartOf(tx, opts.userId, opts.now, true);
    if (destroy || !quantity) {
      await removeCartLine(tx, cart.id, productId);
    } else {
      const [p] = await tx.select(buyable).from(products).where(eq(products.id, productId));
      if (!p) throw AppError.notFound('product_not_found');
      const problem = lineProblem(p, quantity);
      if (problem)
        throw new AppError(422, 'cart_limit', [problem], {
          product_id: productId,
          max_quantity: limitOf(p).n,
        });
      await setCartLine(tx, { orderId: cart.id, productId, quantity, now: opts.now });
    }
    await touch(tx, cart.id, opts.now);
    return cart;
  });
  return cartView(db, order, opts);
}

/**
 * PUT v1/users/cart/discount_code: the cart holds the code if it applies to the cart now; otherwise 422 with the
 * reason in the shopper's language and the cart unchanged (a code it held before stays). Codes that do not exist
 * count against `guesses`, per shopper and per client address `ip` (private codes are not found by trying many,
 * nor by one machine rotating carts or accounts); each try counts before the lookup, so guesses sent at once cannot
 * all slip under it, and is taken back when the code exists.
 */
export async function applyDiscountCode(
  db: DbOrTx,
  typed: string,
  opts: CartOptions & { ip: string; guesses: { user: Limit; ip: Limit } },
): Promise<Cart> {
  const tries = [
    { key: `discount:user:${opts.userId}`, limit: opts.guesses.user },
    { key: `discount:ip:${opts.ip}`, limit: opts.guesses.ip },
  ];
  await enforce(db, tries, opts.now);
  let exists = false;
  try {
    return await putCode(db, typed, opts, () => {
      exists = true;
    });
  } finally {
    if (exists) await undoHits(db, tries, opts.now);
  }
}

async function putCode(db: DbOrTx, typed: string, opts: CartOptions, found: () => void): Promise<Cart> {
  const order = await db.transaction(async (tx) => {
    const cart = await cartOf(tx, opts.userId, opts.now, true);
    const code = await findCode(tx, typed);
    if (!code) throw AppError.field('code', 'discount_code_unknown');
    found();
    const lines = await tx
      .select({
        productId: orderProducts.productId,
        quantity: orderProducts.quantity,
        unitPiastres: products.currentPricePiastres,
      })
      .from(orderProducts)
      .innerJoin(products, eq(products.id, orderProducts.productId))
      .where(eq(orderProducts.orderId, cart.id));
    const check = await checkCode(tx, code, { userId: opts.userId, orderId: cart.id, lines, now: opts.now });
    if ('problem' in check) throw AppError.field('code', check.problem);
    await setCartDiscountCode(tx, { userId: opts.userId, codeId: code.id, now: opts.now });
    return { ...cart, discountCodeId: code.id };
  });
  return cartView(db, order, opts);
}

/** DELETE v1/users/cart/discount_code: the cart holds no code (nothing to remove is fine). */
export async function removeDiscountCode(db: DbOrTx, opts: CartOptions): Promise<Cart> {
  const order = await db.transaction(async (tx) => {
    const cart = await cartOf(tx, opts.userId, opts.now, true);
    await setCartDiscountCode(tx, { userId: opts.userId, codeId: null, now: opts.now });
    return { ...cart, discountCodeId: null };
  });
  return cartView(db, order, opts);
}

/**
 * The products row a cart line holds (decision 034): the variant when `variant_id` is given (one of the product's
 * variants, else 404 variant_not_found), else `product_id` (a product sold as one item, or a variant's own id).
 */
async function lineProductId(tx: DbOrTx, line: { product_id: number; variant_id?: number }): Promise<number> {
  if (line.variant_id === undefined || line.variant_id === line.product_id) return line.product_id;
  const [v] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, line.variant_id), eq(products.variantOf, line.product_id)));
  if (!v) throw AppError.notFound('variant_not_found');
  return v.id;
}

/**
 * The guest cart's quantities by the products row each line holds (a variant's line is its own row's), as
 * `lineProductId` reads one line: a `variant_id` that is not one of its `product_id`'s variants is skipped
 * (variant_not_found), never bought at its own price under another product.
 */
async function mergedLines(
  tx: DbOrTx,
  items: CartMergeBody['items'],
  skipped: MergeReport['skipped'],
): Promise<Map<number, number>> {
  const asked = items.filter((i) => i.variant_id !== undefined && i.variant_id !== i.product_id);
  const rows = asked.length
    ? await tx
        .select({ id: products.id, of: products.variantOf })
        .from(products)
        .where(inArray(products.id, [...new Set(asked.map((i) => i.variant_id!))]))
    : [];
  const productOf = new Map(rows.map((r) => [r.id, r.of]));
  const wanted = new Map<number, number>();
  for (const i of items) {
    const id = i.variant_id ?? i.product_id;
    if (id !== i.product_id && productOf.get(id) !== i.product_id) {
      if (!skipped.some((x) => x.product_id === i.product_id && x.message === 'variant_not_found'))
        skipped.push({ product_id: i.product_id, message: 'variant_not_found' });
      continue;
    }
    if (i.quantity > 0) wanted.set(id, (wanted.get(id) ?? 0) + i.quantity);
  }
  return wanted;
}

export interface MergeReport {
  cart: Cart;
  adjusted: { product_id: number; quantity: number; message: string }[];
  skipped: { product_id: number; message: string }[];
}

/**
 * POST v1/users/cart/merge: a guest cart joins the server cart at sign-in. Quantities are added to what the cart
 * holds, then capped by stock and the per-order maximum; unknown, off-sale and out-of-stock products are skipped.
 * Messages are keys ('key:n'); the route translates them.
 */
export async function mergeCart(db: DbOrTx, body: CartMergeBody, opts: CartOptions): Promise<MergeReport> {
  const adjusted: MergeReport['adjusted'] = [];
  const skipped: MergeReport['skipped'] = [];
  const order = await db.transaction(async (tx) => {
    const cart = await cartOf(tx, opts.userId, opts.now, true);
    const wanted = await mergedLines(tx, body.items, skipped);
    const ids = [...wanted.keys()];
    if (ids.length) {
      const found = await tx.select(buyable).from(products).where(inArray(products.id, ids));
      const lines = await tx
        .select({ productId: orderProducts.productId, quantity: orderProducts.quantity })
        .from(orderProducts)
        .where(and(eq(orderProducts.orderId, cart.id), inArray(orderProducts.productId, ids)));
      const productOf = new Map(found.map((p) => [p.id, p]));
      const inCart = new Map(lines.map((l) => [l.productId, l.quantity]));
      for (const [productId, quantity] of wanted) {
        const p = productOf.get(productId);
        if (!p) {
          skipped.push({ product_id: productId, message: 'product_not_found' });
          continue;
        }
        if (p.hasVariants || !p.active || p.stock <= 0) {
          skipped.push({ product_id: productId, message: lineProblem(p, 1)! });
          continue;
        }
        const had = inCart.get(productId) ?? 0;
        const want = had + quantity;
        const final = Math.min(want, limitOf(p).n);
        if (final < want)
          adjusted.push({ product_id: productId, quantity: final, message: lineProblem(p, want)! });
        if (final !== had)
          await setCartLine(tx, { orderId: cart.id, productId, quantity: final, now: opts.now });
      }
    }
    await touch(tx, cart.id, opts.now);
    return cart;
  });
  return { cart: await cartView(db, order, opts), adjusted, skipped };
}

/**
 * PUT v1/users/orders/{id}/address: chooses the delivery address of the user's cart order and sets its shipping
 * fees from the address's delivery zone. The order must be the user's cart (else 404); the address one of the
 * user's live addresses (else 404).
 */
export async function attachAddress(
  db: DbOrTx,
  userId: number,
  orderId: number,
  addressId: number,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const cart = await cartOf(tx, userId, now, true);
    if (cart.id !== orderId) throw AppError.notFound('order_not_found');
    const row = await findUserAddress(tx, userId, addressId);
    if (!row) throw AppError.notFound('address_not_found');
    // A zone switched off since the address was saved: look the governorate up again.
    const zone = row.zone?.active ? row.zone : await zoneForGovernorate(tx, row.address.governorate);
    if (!zone) throw AppError.field('address_id', 'governorate_not_served');
    await chooseCartAddress(tx, {
      orderId,
      addressId,
      shippingFeesPiastres: zone.shippingFeesPiastres,
      freeShippingFromPiastres: zone.freeShippingFromPiastres,
      now,
    });
  });
}
