/**
 * The server cart (spec §3 "cart": an order in progress) and its calls: GET/PUT v1/users/cart and the guest-cart
 * merge at sign-in.
 *
 * Choices where the spec says "not shown":
 * - PUT sets a line's quantity (not adds to it); quantity 0 or `_destroy: true` removes the line.
 * - The server checks stock and maximum_number_per_order on every change: 422 with 'Only {n} available in stock' /
 *   'Only {n} available per order' / out of stock / no longer available, as a list of messages.
 * - `count` is the number of items (quantities added up), `item_ids` the product ids in the cart.
 * - Amounts are EGP (2 decimals at most); delivery_fee is 0 until an address is chosen for the order.
 * - An item whose product went out of stock or off sale stays listed with `available: false` until it is removed.
 * - POST v1/users/cart/merge adds a guest cart's quantities to the server cart, each capped by stock and the
 *   per-order maximum; products that cannot be bought are skipped. The answer says which were capped or skipped.
 */
import { z } from 'zod';
import { idParam, productSchema } from './catalog.ts';

export const CART_LINE_MAX_QUANTITY = 10_000;
export const CART_MERGE_MAX_ITEMS = 100;

const quantity = z
  .union([
    z.string().regex(/^\d+$/, { message: 'must_be_whole_number' }).transform(Number),
    z.number().int({ message: 'must_be_whole_number' }),
  ])
  .pipe(
    z
      .number()
      .min(0, { message: 'must_be_at_least:0' })
      .max(CART_LINE_MAX_QUANTITY, { message: `must_be_at_most:${CART_LINE_MAX_QUANTITY}` }),
  );

/** true/false, also as the strings a form sends ("true", "false", "1", "0"). */
const flag = z.union([
  z.boolean(),
  z
    .enum(['true', 'false', '1', '0'], { message: 'must_be_boolean' })
    .transform((v) => v === 'true' || v === '1'),
]);

/** PUT v1/users/cart. */
export const cartUpdateSchema = z.object({
  order_product: z
    .object({
      product_id: idParam,
      /** A product with variants (issue 49): the variant chosen (its own id; as product_id alone it works too). */
      variant_id: idParam.optional(),
      quantity: quantity.optional(),
      _destroy: flag.optional().default(false),
    })
    .superRefine((v, ctx) => {
      if (!v._destroy && v.quantity === undefined)
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'required' });
    }),
});
export type CartUpdateBody = z.infer<typeof cartUpdateSchema>;

/** POST v1/users/cart/merge: the guest cart's lines. */
export const cartMergeSchema = z.object({
  items: z
    .array(z.object({ product_id: idParam, variant_id: idParam.optional(), quantity: quantity }))
    .max(CART_MERGE_MAX_ITEMS, { message: `must_be_at_most:${CART_MERGE_MAX_ITEMS}` }),
});
export type CartMergeBody = z.infer<typeof cartMergeSchema>;

/* ---------------- responses ---------------- */

export const cartItemSchema = z.object({
  /** The order line's id. */
  id: z.number().int(),
  product: productSchema,
  quantity: z.number().int(),
  /** EGP: the product's current price times the quantity. */
  line_total: z.number(),
  /** false when the product is off sale or out of stock (it cannot be checked out). */
  available: z.boolean(),
  /** The most the counter may show: the smaller of stock and maximum_number_per_order. */
  max_quantity: z.number().int(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The delivery address chosen for the order (addresses are chosen at checkout). */
export const cartAddressSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  name: z.string(),
  street_name: z.string(),
  building: z.string(),
  floor: z.string(),
  apartment: z.string(),
  district: z.string(),
  governorate: z.string(),
  phone_number: z.string(),
  delivery_zone: z.object({ shipping_fees: z.number() }).nullable(),
});

export const cartSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  status: z.literal('cart'),
  items: z.array(cartItemSchema),
  /** Product ids in the cart. */
  item_ids: z.array(z.number().int()),
  /** Number of items (quantities added up): the header badge. */
  count: z.number().int(),
  /** EGP. */
  subtotal: z.number(),
  /** EGP: shipping fees of the chosen address's delivery zone, 0 until one is chosen. */
  delivery_fee: z.number(),
  /** EGP: from this subtotal delivery to the chosen address is free (its zone's rule); null: no such amount. */
  free_delivery_from: z.number().nullable(),
  /** EGP: what the discount code takes off (issue 49 item 1); 0 without one, or when it does not apply now. */
  discount: z.number(),
  /** The discount code the cart holds (PUT/DELETE v1/users/cart/discount_code); null when none. */
  discount_code: z.string().nullable(),
  /** Why the code held takes nothing off now (the cart changed, it ended...), in the request's language; else null. */
  discount_code_problem: z.string().nullable(),
  /** EGP: subtotal − discount + delivery_fee. */
  total: z.number(),
  /** EGP: the VAT inside the total (issue 47; the delivery fee's too when DELIVERY_FEE_TAXED). */
  vat_amount: z.number(),
  address: cartAddressSchema.nullable(),
  sap_sync: z.boolean(),
  /**
   * Items held by an online payment session under way (on this device or another): they left the cart for the
   * payment and come back if it fails or its time runs out (decision 006). Null when there is none.
   */
  held: z
    .object({
      order_id: z.number().int(),
      /** Number of items (quantities added up). */
      count: z.number().int(),
      /** EGP, shipping included. */
      total: z.number(),
      expires_at: z.string(),
      time_remaining_seconds: z.number().int(),
      /** The provider's payment page of this session: the way back to the payment. */
      payment_url: z.string().nullable(),
    })
    .nullable(),
});
export type Cart = z.infer<typeof cartSchema>;
export const cartResponseSchema = z.object({ order: cartSchema });

export const cartMergeResponseSchema = z.object({
  order: cartSchema,
  /** Lines whose quantity was lowered to what can be bought, with the reason in the request's language. */
  adjusted: z.array(
    z.object({ product_id: z.number().int(), quantity: z.number().int(), message: z.string() }),
  ),
  /** Lines that were not added (unknown, off sale or out of stock), with the reason. */
  skipped: z.array(z.object({ product_id: z.number().int(), message: z.string() })),
});
export type CartMergeResponse = z.infer<typeof cartMergeResponseSchema>;

/** POST/DELETE v1/users/products/{id}/favorites. */
export const favoriteResponseSchema = z.object({ product_id: z.number().int(), favorite: z.boolean() });
