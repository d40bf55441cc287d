/**
 * Checkout (spec §4 "Checkout entry", "Payment session"; §5 "National ID", "Place order"). Both ways of paying
 * run the same checks on the user's cart order, in one transaction holding the cart row's lock:
 *   non-empty cart -> no unrated delivered orders -> an address chosen (fees from its zone) -> National ID when the
 *   total is 25,000 EGP or more -> every product still on sale within its per-order maximum -> stock taken with a
 *   guarded update (all lines or none).
 * Offline methods (PUT) place the order at once; online (POST) holds the stock for a payment session of
 * PAYMENT_KEY_MINUTES and the gateway's callback places it (modules/payments).
 */
import {
  CURRENCY,
  PAYMENT_KEY_MINUTES,
  formatAmount,
  isValidNationalId,
  nationalIdError,
  nationalIdRequired,
  planOffered,
  toEgp,
  type Bank,
  type BankInstallment,
  type Locale,
  type Order,
  type PaymentKeyResponse,
  type PaymentMethod,
  type PaymentRequest,
  orderTotals,
} from '@store/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  addresses,
  bankInstallments,
  banks,
  deliveryZones,
  orderProducts,
  orders,
  products,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { pick } from '../../lib/locale.ts';
import type { PaymentProvider } from '../../adapters/payments/provider.ts';
import { toAddress, zoneForGovernorate } from '../addresses/index.ts';
import { checkCode, codeById, codeDropped, takeUse, type AppliedDiscount } from '../discounts/index.ts';
import {
  activeSession,
  openPaymentSession,
  recordGatewaySession,
  releaseExpiredSessions,
  releaseSession,
  sessionActiveError,
  type Logger,
} from '../payments/index.ts';
import { productsUnavailable, sellable, takeStock } from '../stock/index.ts';
import {
  checkOut,
  fixCheckoutPrices,
  getOrder,
  hasUnratedOrders,
  setCartDiscountCode,
  recordLineVariants,
  type CheckoutFacts,
} from '../orders/index.ts';

/* ---------------- National ID, banks, plans ---------------- */

/**
 * Saves the National ID on the user (normalised, and checked for its pattern and calendar by the body's schema).
 * A birth date after today by the store's clock is refused here, where the clock is.
 */
export async function saveNationalId(db: DbOrTx, userId: number, nationalId: string, now: Date) {
  if (nationalIdError(nationalId, now)) throw AppError.field('national_id', 'national_id_invalid');
  const [u] = await db
    .update(users)
    .set({ nationalId, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id, national_id: users.nationalId });
  if (!u) throw AppError.notFound();
  return u;
}

export async function listBanks(db: DbOrTx, locale: Locale): Promise<Bank[]> {
  const rows = await db
    .select()
    .from(banks)
    .where(eq(banks.active, true))
    .orderBy(asc(banks.position), asc(banks.id));
  return rows.map((b) => ({
    id: b.id,
    name: pick(locale, b.nameEn, b.nameAr),
    name_en: b.nameEn,
    name_ar: b.nameAr,
  }));
}

export async function listBankInstallments(
  db: DbOrTx,
  bankId: number | undefined,
  locale: Locale,
): Promise<BankInstallment[]> {
  const rows = await db
    .select({ plan: bankInstallments })
    .from(bankInstallments)
    .innerJoin(banks, eq(banks.id, bankInstallments.bankId))
    .where(
      and(
        eq(bankInstallments.active, true),
        eq(banks.active, true),
        bankId === undefined ? undefined : eq(bankInstallments.bankId, bankId),
      ),
    )
    .orderBy(asc(bankInstallments.bankId), asc(bankInstallments.months), asc(bankInstallments.id));
  return rows.map(({ plan: p }) => ({
    id: p.id,
    bank_id: p.bankId,
    title: pick(locale, p.titleEn, p.titleAr),
    title_en: p.titleEn,
    title_ar: p.titleAr,
    months: p.months,
    interest_percent: p.interestBasisPoints / 100,
    fee_percent: p.feeBasisPoints / 100,
    minimum_amount: toEgp(p.minimumPiastres),
  }));
}

/** The chosen plan must be active, of an active bank, and of the bank chosen when one is sent. */
async function checkPlan(db: DbOrTx, planId: number, bankId: number | undefined) {
  const [row] = await db
    .select({ plan: bankInstallments, bank: banks })
    .from(bankInstallments)
    .innerJoin(banks, eq(banks.id, bankInstallments.bankId))
    .where(eq(bankInstallments.id, planId));
  if (!row || !row.plan.active || !row.bank.active || (bankId !== undefined && row.bank.id !== bankId)) {
    throw AppError.field('bank_installment_id', 'bank_installment_invalid');
  }
  return row.plan;
}

/* ---------------- the common checks ---------------- */

interface Line {
  productId: number;
  quantity: number;
  price: number;
  titleEn: string;
  titleAr: string;
  active: boolean;
  maximumPerOrder: number | null;
}

interface Prepared {
  orderId: number;
  user: typeof users.$inferSelect;
  lines: Line[];
  subtotal: number;
  /** The discount code's amount off (0 without one) and the code as it applied. */
  discount: number;
  applied: AppliedDiscount | null;
  shipping: number;
  /** The zone's free-shipping amount now (the payment's check charges by it too). */
  freeFrom: number | null;
  total: number;
  address: typeof addresses.$inferSelect;
  snapshot: NonNullable<Order['address']>;
}

/** The checks every checkout runs, on the locked cart order. Throws the 422 of the first that fails. */
async function prepare(tx: DbOrTx, userId: number, now: Date, locale: Locale): Promise<Prepared> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'cart')))
    .limit(1)
    .for('update');
  if (!order) {
    // A concurrent checkout of the same user just took the cart.
    const open = await activeSession(tx, userId, now);
    if (open) throw sessionActiveError(open, now);
    throw new AppError(422, 'cart_empty', ['cart_empty']);
  }
  const lines: Line[] = await tx
    .select({
      productId: orderProducts.productId,
      quantity: orderProducts.quantity,
      price: products.currentPricePiastres,
      titleEn: products.titleEn,
      titleAr: products.titleAr,
      active: sellable,
      maximumPerOrder: products.maximumPerOrder,
    })
    .from(orderProducts)
    .innerJoin(products, eq(products.id, orderProducts.productId))
    .where(eq(orderProducts.orderId, order.id))
    .orderBy(asc(orderProducts.productId));
  if (!lines.length) throw new AppError(422, 'cart_empty', ['cart_empty']);
  if (await hasUnratedOrders(tx, userId)) {
    throw new AppError(422, 'unrated_orders', ['rate_previous_orders'], { unrated_orders: true });
  }
  const [chosen] = order.addressId
    ? await tx
        .select({ address: addresses, zone: deliveryZones })
        .from(addresses)
        .leftJoin(deliveryZones, eq(deliveryZones.id, addresses.deliveryZoneId))
        .where(and(eq(addresses.id, order.addressId), eq(addresses.userId, userId)))
    : [];
  if (!chosen || chosen.address.deletedAt) throw new AppError(422, 'address_required', ['address_required']);
  const zone = chosen.zone?.active ? chosen.zone : await zoneForGovernorate(tx, chosen.address.governorate);
  if (!zone) throw AppError.field('address_id', 'governorate_not_served');

  // The cart's discount code must still apply (else 409: the caller drops it and nothing is placed).
  let applied: AppliedDiscount | null = null;
  const code = order.discountCodeId ? await codeById(tx, order.discountCodeId) : undefined;
  if (code) {
    const check = await checkCode(tx, code, {
      userId,
      orderId: order.id,
      lines: lines.map((l) => ({ productId: l.productId, unitPiastres: l.price, quantity: l.quantity })),
      now,
    });
    if ('problem' in check) throw codeDropped(check.problem, code.id);
    applied = check.applied;
  }
  // The zone's rule as it is now: its fee, or nothing from its free-shipping amount.
  const { subtotal, discount, shipping, total } = orderTotals(
    lines.map((l) => ({
      unitPiastres: l.price,
      quantity: l.quantity,
      discountable: applied?.covers.has(l.productId) ?? false,
    })),
    { feePiastres: zone.shippingFeesPiastres, freeFromPiastres: zone.freeShippingFromPiastres },
    { discount: applied?.rule ?? null },
  );
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound();
  if (nationalIdRequired(toEgp(total)) && !(user.nationalId && isValidNationalId(user.nationalId, now))) {
    throw AppError.field('national_id', 'national_id_required');
  }
  if (lines.some((l) => !l.active || (l.maximumPerOrder != null && l.quantity > l.maximumPerOrder))) {
    throw productsUnavailable();
  }
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return {
    orderId: order.id,
    user,
    lines,
    subtotal,
    discount,
    applied,
    shipping,
    freeFrom: zone.freeShippingFromPiastres,
    total,
    address: chosen.address,
    snapshot: { ...toAddress(chosen.address, zone, locale), full_name: fullName },
  };
}

/** Unit prices are fixed on the lines at checkout (what the shopper saw and pays): the prices the totals used. */
async function fixPrices(tx: DbOrTx, orderId: number, lines: Line[]) {
  await fixCheckoutPrices(
    tx,
    orderId,
    lines.map((l) => ({ productId: l.productId, unitPiastres: l.price })),
  );
  // And the variant each line sells (issue 49): its SKU and option values as they are now.
  await recordLineVariants(tx, orderId);
}

/** What checkout fixes on the order: the address as it is now, the totals, the method. */
const factsOf = (
  p: Prepared,
  paymentMethod: PaymentMethod,
  bankInstallmentId: number | null,
): CheckoutFacts => ({
  paymentMethod,
  bankInstallmentId,
  addressSnapshot: p.snapshot,
  nationalId: p.user.nationalId,
  shippingFeesPiastres: p.shipping,
  freeShippingFromPiastres: p.freeFrom,
  totalCartPricePiastres: p.subtotal,
  checkoutTotalPricePiastres: p.total,
  discountCode: p.applied?.code ?? null,
  discountPiastres: p.discount,
});

/**
 * The use of the cart's discount code, taken in the placing transaction (its last use goes to one order: a 409 for
 * the others, whose carts then drop it).
 */
const takeCodeUse = async (tx: DbOrTx, p: Prepared) => {
  if (p.applied) await takeUse(tx, p.applied.codeId);
};

/**
 * A checkout refused for its discount code (409 discount_code_dropped: used up meanwhile, ended, no longer for this
 * cart): the transaction rolled back, and the cart drops the code so confirming again places the order without it.
 */
async function droppingCode<T>(db: Db, userId: number, now: Date, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.code === 'discount_code_dropped') {
      const codeId = Number(err.extra.discount_code_id);
      await db.transaction((tx) =>
        setCartDiscountCode(tx, { userId, codeId: null, now, unlessOther: codeId }),
      );
    }
    throw err;
  }
}

/** An open payment session blocks a second checkout; expired ones give their stock back first. */
async function beforeCheckout(db: Db, userId: number, now: Date) {
  await releaseExpiredSessions(db, now, { userId });
  const open = await activeSession(db, userId, now);
  if (open) throw sessionActiveError(open, now);
}

/* ---------------- PUT v1/users/checkout: offline methods ---------------- */

/**
 * Places the cart order with cash, visa_on_delivery or visa_on_delivery_installments: checks, stock, prices,
 * address snapshot, status 'pending', and a new empty cart for the user, all in one transaction.
 */
export async function placeOrder(
  db: Db,
  userId: number,
  request: PaymentRequest,
  /** deliveryVatBp: the delivery fee's VAT rate (DELIVERY_FEE_TAXED; absent: untaxed). */
  opts: { now: Date; locale: Locale; deliveryVatBp?: number },
): Promise<Order> {
  const { now, locale } = opts;
  if (request.payment_method === 'online') {
    throw AppError.field(
      'payment_method',
      'must_be_one_of:cash, visa_on_delivery, visa_on_delivery_installments',
    );
  }
  const installments = request.payment_method === 'visa_on_delivery_installments';
  const plan = installments ? await checkPlan(db, request.bank_installment_id!, request.bank_id) : null;
  await beforeCheckout(db, userId, now);
  const orderId = await droppingCode(db, userId, now, () =>
    db.transaction(async (tx) => {
      const p = await prepare(tx, userId, now, locale);
      // A plan is offered from its minimum amount: the order's total, delivery included, as the wizard compares.
      if (plan && !planOffered(p.total, plan)) {
        throw AppError.field(
          'bank_installment_id',
          `bank_installment_below_minimum:${formatAmount(toEgp(plan.minimumPiastres))}`,
        );
      }
      await takeCodeUse(tx, p);
      await takeStock(tx, p.lines, now, { reason: 'order', orderId: p.orderId });
      await fixPrices(tx, p.orderId, p.lines);
      await checkOut(tx, {
        orderId: p.orderId,
        userId,
        online: false,
        facts: factsOf(p, request.payment_method, plan?.id ?? null),
        now,
        deliveryVatBp: opts.deliveryVatBp,
        discount: p.applied,
      });
      return p.orderId;
    }),
  );
  return getOrder(db, userId, orderId, locale);
}

/* ---------------- POST v1/users/checkout: a payment session (online) ---------------- */

export interface SessionUrls {
  /** Our public address (PUBLIC_URL, else the request's origin). */
  baseUrl: string;
}

/**
 * Holds the stock and opens a payment session with the provider. The key lives PAYMENT_KEY_MINUTES from now (the
 * injected clock). If the provider cannot open the session, the stock goes back at once and the answer is
 * 'Error occured, please try again'.
 */
export async function startPaymentSession(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  opts: { now: Date; locale: Locale; baseUrl: string; log: Logger; deliveryVatBp?: number },
): Promise<PaymentKeyResponse> {
  const { now, locale, baseUrl } = opts;
  await beforeCheckout(db, userId, now);
  const expiresAt = new Date(now.getTime() + PAYMENT_KEY_MINUTES * 60_000);
  const held = await droppingCode(db, userId, now, () =>
    db.transaction(async (tx) => {
      const p = await prepare(tx, userId, now, locale);
      await takeCodeUse(tx, p);
      await takeStock(tx, p.lines, now, { reason: 'payment_hold', orderId: p.orderId });
      await fixPrices(tx, p.orderId, p.lines);
      await checkOut(tx, {
        orderId: p.orderId,
        userId,
        online: true,
        facts: factsOf(p, 'online', null),
        now,
        deliveryVatBp: opts.deliveryVatBp,
        discount: p.applied,
      });
      const paymentId = await openPaymentSession(tx, {
        orderId: p.orderId,
        userId,
        provider: provider.name,
        amountPiastres: p.total,
        expiresAt,
        now,
      });
      return { ...p, paymentId };
    }),
  );

  let intention;
  try {
    const u = held.user;
    const a = held.address;
    intention = await provider.createIntention({
      order: {
        id: held.orderId,
        items: [
          ...held.lines.map((l) => ({
            name: l.titleEn,
            amountPiastres: l.price,
            quantity: l.quantity,
            description: l.titleAr,
          })),
          ...(held.shipping > 0
            ? [{ name: 'Shipping', amountPiastres: held.shipping, quantity: 1, description: 'Delivery fees' }]
            : []),
        ],
      },
      amountPiastres: held.total,
      currency: CURRENCY,
      billing: {
        first_name: u.firstName,
        last_name: u.lastName,
        phone_number: a.phoneNumber || u.phoneNumber,
        email: u.email,
        street: a.streetName,
        building: a.building,
        floor: a.floor,
        apartment: a.apartment,
        city: a.governorate,
        country: 'EG',
      },
      reference: `o${held.orderId}-p${held.paymentId}-${randomBytes(3).toString('hex')}`,
      notificationUrl: `${baseUrl}/v1/payments/callback/${provider.name}`,
      redirectionUrl: `${baseUrl}/v1/payments/response/${provider.name}`,
      expiresInSeconds: PAYMENT_KEY_MINUTES * 60,
    });
  } catch (err) {
    opts.log.error({ err, paymentId: held.paymentId }, 'the payment provider could not open a session');
    await releaseSession(db, held.paymentId, now, 'failed');
    throw new AppError(502, 'payment_provider_error', ['error_occured']);
  }
  await recordGatewaySession(db, held.paymentId, intention, now);
  return {
    payment_key: intention.paymentKey,
    checkout_total_price: toEgp(held.total),
    payment_key_expiration: expiresAt.toISOString(),
    expires_in_seconds: PAYMENT_KEY_MINUTES * 60,
    order_id: held.orderId,
    unified_checkout_url: intention.checkoutUrl,
  };
}
