/**
 * Fixtures for addresses, checkout, payments and orders tests: confirmed shoppers signed in through the real session
 * code (no SMS round trip, so many buyers are cheap), delivery zones, banks and plans, and a ready-to-pay cart.
 */
import { eq } from 'drizzle-orm';
import type { App } from '../app.ts';
import type { DbOrTx } from '../db/client.ts';
import type { SandboxPaymentProvider } from '../adapters/payments/sandbox.ts';
import { bankInstallments, banks, deliveryZones, payments, users } from '../db/schema.ts';
import { createSession, sessionHeaders } from '../modules/auth/session.ts';
import type { AuthHeaders } from './accounts.ts';
import { addBrand, addCategory, addProduct } from './fixtures.ts';

let phoneSeq = 0;

export interface Shopper {
  id: number;
  phone: string;
  headers: AuthHeaders;
}

/** A confirmed, signed-in shopper. */
export async function addShopper(
  db: DbOrTx,
  now: Date,
  opts: { nationalId?: string | null; firstName?: string } = {},
): Promise<Shopper> {
  phoneSeq += 1;
  const phone = `010${String(10_000_000 + phoneSeq * 7919 + Math.floor(Math.random() * 1000)).slice(-8)}`;
  const [u] = await db
    .insert(users)
    .values({
      firstName: opts.firstName ?? 'Mona',
      lastName: 'Hassan',
      email: `${phone}@example.com`,
      phoneNumber: phone,
      nationalId: opts.nationalId ?? null,
      passwordHash: 'not-used',
      confirmedAt: now,
    })
    .returning();
  const tokens = await createSession(db, { id: u!.id, phoneNumber: phone }, now);
  const h = sessionHeaders(tokens);
  return { id: u!.id, phone, headers: { client: h.client!, token: h.token!, uid: h.uid! } };
}

export async function setNationalId(db: DbOrTx, userId: number, nationalId: string | null) {
  await db.update(users).set({ nationalId }).where(eq(users.id, userId));
}

export const VALID_NATIONAL_ID = '29001150112345';

/** Cairo 50 EGP, Giza 60 EGP, Alexandria 75.5 EGP, and an inactive Sinai zone. */
export async function addZones(db: DbOrTx) {
  const rows = await db
    .insert(deliveryZones)
    .values([
      {
        nameEn: 'Cairo',
        nameAr: 'القاهرة',
        shippingFeesPiastres: 5000,
        deliveryDaysMin: 1,
        deliveryDaysMax: 2,
      },
      { nameEn: 'Giza', nameAr: 'الجيزة', shippingFeesPiastres: 6000 },
      { nameEn: 'Alexandria', nameAr: 'الإسكندرية', shippingFeesPiastres: 7550 },
      { nameEn: 'North Sinai', nameAr: 'شمال سيناء', shippingFeesPiastres: 9000, active: false },
    ])
    .returning();
  return Object.fromEntries(rows.map((z) => [z.nameEn, z])) as Record<string, (typeof rows)[number]>;
}

export async function addBanks(db: DbOrTx) {
  const [cib, nbe, closed] = await db
    .insert(banks)
    .values([
      { nameEn: 'CIB', nameAr: 'البنك التجاري الدولي', position: 1 },
      { nameEn: 'National Bank of Egypt', nameAr: 'البنك الأهلي المصري', position: 2 },
      { nameEn: 'Closed Bank', nameAr: 'بنك مقفول', active: false },
    ])
    .returning();
  const plans = await db
    .insert(bankInstallments)
    .values([
      { bankId: cib!.id, titleEn: '6 months, no interest', titleAr: '6 شهور بدون فوائد', months: 6 },
      { bankId: cib!.id, titleEn: '12 months', titleAr: '12 شهر', months: 12, interestBasisPoints: 1200 },
      { bankId: nbe!.id, titleEn: '10 months', titleAr: '10 شهور', months: 10 },
      { bankId: nbe!.id, titleEn: 'Old plan', titleAr: 'خطة قديمة', months: 3, active: false },
      { bankId: closed!.id, titleEn: 'Closed', titleAr: 'مقفولة', months: 6 },
    ])
    .returning();
  return { cib: cib!, nbe: nbe!, closed: closed!, plans };
}

/** A category and brand to hang products on; returns a product maker. */
export async function productMaker(db: DbOrTx, now: Date) {
  const cat = await addCategory(db, 'Appliances', 'أجهزة');
  const brand = await addBrand(db, 'Toshiba', 'توشيبا');
  let n = 0;
  return async (priceEgp: number, stock = 10, extra: { maximumPerOrder?: number } = {}) => {
    n += 1;
    return addProduct(
      db,
      {
        titleEn: `Appliance ${n}`,
        titleAr: `جهاز ${n}`,
        categoryId: cat.id,
        brandId: brand.id,
        priceEgp,
        stock,
        ...extra,
      },
      now,
    );
  };
}

export const addressFields = (extra: Record<string, string> = {}) => ({
  label: 'Home',
  street_name: 'El Tahrir St',
  building: '12',
  floor: '3',
  apartment: '7',
  district: 'Dokki',
  governorate: 'Giza',
  instructions: 'Ring twice',
  number_type: 'mobile',
  phone_number: '01012345678',
  lat: '30.0444',
  lng: '31.2357',
  name: 'El Tahrir St, Dokki, Giza',
  ...extra,
});

/** Tests read answers loosely and let the assertions say what they expect. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseJson = Record<string, any>;

export async function call(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: AuthHeaders | Record<string, string>,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: (res.body ? safeJson(res.body) : {}) as LooseJson, res };
}

const safeJson = (s: string) => {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return { text: s };
  }
};

export async function putInCart(app: App, s: Shopper, productId: number, quantity: number) {
  const r = await call(app, 'PUT', '/v1/users/cart', s.headers, {
    order_product: { product_id: productId, quantity },
  });
  if (r.status !== 200) throw new Error(`cart: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.order as { id: number; total: number; delivery_fee: number };
}

export async function addAddress(app: App, s: Shopper, extra: Record<string, string> = {}) {
  const r = await call(app, 'POST', '/v1/users/addresses', s.headers, { address: addressFields(extra) });
  if (r.status !== 201) throw new Error(`address: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.address as { id: number; delivery_zone: { shipping_fees: number } };
}

/** Cart filled, address added and attached: the shopper stands at the payment step. */
export async function readyToPay(
  app: App,
  s: Shopper,
  items: { productId: number; quantity: number }[],
  governorate = 'Giza',
) {
  let cart!: { id: number };
  for (const i of items) cart = await putInCart(app, s, i.productId, i.quantity);
  const address = await addAddress(app, s, { governorate });
  const r = await call(app, 'PUT', `/v1/users/orders/${cart.id}/address`, s.headers, {
    address_id: address.id,
  });
  if (r.status !== 200) throw new Error(`attach: ${r.status} ${JSON.stringify(r.body)}`);
  return {
    orderId: cart.id,
    addressId: address.id,
    cart: r.body.order as { total: number; delivery_fee: number },
  };
}

/**
 * The shopper at the payment step (readyToPay) pays online through the sandbox gateway: a payment session, then the
 * gateway's approved callback, signed by `gateway`. Answers the gateway's transaction id.
 */
export async function payThroughSandbox(
  app: App,
  gateway: SandboxPaymentProvider,
  s: Shopper,
  orderId: number,
  now: Date,
): Promise<string> {
  const session = await call(app, 'POST', '/v1/users/checkout', s.headers, { payment_method: 'online' });
  if (session.status !== 200) throw new Error(`payment session: ${session.status}`);
  const [p] = await app.ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
  const paid = gateway.transaction({
    providerOrderId: p!.providerReference!,
    merchantReference: `o${orderId}-p${p!.id}-sbx`,
    amountPiastres: p!.amountPiastres,
    currency: p!.currency,
    approved: true,
    now,
  });
  const callback = await app.inject({
    method: 'POST',
    url: `/v1/payments/callback/sandbox?hmac=${paid.hmac}`,
    payload: paid.body as object,
  });
  if (callback.statusCode !== 200) throw new Error(`callback: ${callback.statusCode}`);
  return String((paid.body.obj as { id: number }).id);
}
