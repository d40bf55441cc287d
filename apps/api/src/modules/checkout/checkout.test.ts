import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankInstallments, banks, orders, products } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addAddress,
  addBanks,
  addShopper,
  addZones,
  call,
  productMaker,
  putInCart,
  readyToPay,
  setNationalId,
  VALID_NATIONAL_ID,
  type Shopper,
} from '../../test/shoppers.ts';

let t: TestApp;
let make: Awaited<ReturnType<typeof productMaker>>;
let bank: Awaited<ReturnType<typeof addBanks>>;

beforeAll(async () => {
  t = await createTestApp();
  await addZones(t.database.db);
  bank = await addBanks(t.database.db);
  make = await productMaker(t.database.db, t.clock.now());
});
afterAll(() => t.close());

const shopper = (nationalId: string | null = null) =>
  addShopper(t.database.db, t.clock.now(), { nationalId });
const stockOf = async (id: number) =>
  (await t.database.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const place = (s: Shopper, payload: Record<string, unknown>) =>
  call(t.app, 'PUT', '/v1/users/checkout?locale=en', s.headers, payload);
const cartOf = async (s: Shopper) => (await call(t.app, 'GET', '/v1/users/cart', s.headers)).body.order;

describe('choosing the delivery address (shipping step)', () => {
  it("attaching an address sets the cart's delivery fee from the address's zone and answers the reloaded cart", async () => {
    const s = await shopper();
    const p = await make(1000);
    const cart = await putInCart(t.app, s, p.id, 2);
    expect(cart.delivery_fee).toBe(0);
    const giza = await addAddress(t.app, s, { governorate: 'Giza' });
    const r = await call(t.app, 'PUT', `/v1/users/orders/${cart.id}/address`, s.headers, {
      address_id: giza.id,
    });
    expect(r.status).toBe(200);
    expect(r.body.order).toMatchObject({ id: cart.id, subtotal: 2000, delivery_fee: 60, total: 2060 });
    expect(r.body.order.address).toMatchObject({ id: giza.id, delivery_zone: { shipping_fees: 60 } });

    const alex = await addAddress(t.app, s, { governorate: 'Alexandria' });
    const again = await call(t.app, 'PUT', `/v1/users/orders/${cart.id}/address`, s.headers, {
      address_id: String(alex.id),
    });
    expect(again.body.order).toMatchObject({ delivery_fee: 75.5, total: 2075.5 });
    expect((await cartOf(s)).delivery_fee).toBe(75.5);
  });

  it("another user's address or order, or an order that is not the cart, is 404", async () => {
    const a = await shopper();
    const b = await shopper();
    const p = await make(100);
    const aCart = await putInCart(t.app, a, p.id, 1);
    const bCart = await putInCart(t.app, b, p.id, 1);
    const bAddress = await addAddress(t.app, b);
    const aAddress = await addAddress(t.app, a);
    expect(
      (
        await call(t.app, 'PUT', `/v1/users/orders/${aCart.id}/address`, a.headers, {
          address_id: bAddress.id,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'PUT', `/v1/users/orders/${bCart.id}/address`, a.headers, {
          address_id: aAddress.id,
        })
      ).status,
    ).toBe(404);
    const missing = await call(t.app, 'PUT', `/v1/users/orders/${aCart.id}/address?locale=en`, a.headers, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.address_id).toEqual(['is required']);
  });

  it('deleting the chosen address takes it (and its fee) off the cart', async () => {
    const s = await shopper();
    const { addressId } = await readyToPay(t.app, s, [{ productId: (await make(100)).id, quantity: 1 }]);
    await call(t.app, 'DELETE', `/v1/users/addresses/${addressId}`, s.headers);
    const cart = await cartOf(s);
    expect(cart).toMatchObject({ address: null, delivery_fee: 0 });
  });
});

describe('the National ID step', () => {
  it('saves a valid number (Arabic-Indic digits become Latin) on the user', async () => {
    const s = await shopper();
    const r = await call(t.app, 'PUT', '/v1/users/national_id', s.headers, { national_id: '٢٩٠٠١١٥٠١١٢٣٤٥' });
    expect(r).toMatchObject({ status: 200, body: { user: { id: s.id, national_id: '29001150112345' } } });
    const nested = await call(t.app, 'PUT', '/v1/users/national_id', s.headers, {
      user: { national_id: '30512310188123' },
    });
    expect(nested.body.user.national_id).toBe('30512310188123');
    const me = await call(t.app, 'GET', '/v1/users', s.headers);
    expect(me.body.user.national_id).toBe('30512310188123');
  });

  it('answers field errors with the spec’s words, in the request language', async () => {
    const s = await shopper();
    for (const [value, message] of [
      ['', 'National ID is Required'],
      [undefined, 'National ID is Required'],
      ['19001150112345', 'National ID is not valid'],
      ['29001150512345', 'National ID is not valid'],
      ['2900115011234', 'National ID is not valid'],
    ] as const) {
      const r = await call(t.app, 'PUT', '/v1/users/national_id?locale=en', s.headers, {
        national_id: value,
      });
      expect(r.status, String(value)).toBe(422);
      expect(r.body.errors).toEqual({ national_id: [message] });
    }
    const ar = await call(t.app, 'PUT', '/v1/users/national_id?locale=ar', s.headers, { national_id: '123' });
    expect(ar.body.errors.national_id).toEqual(['الرقم القومي مش صحيح']);
    expect(
      (await call(t.app, 'PUT', '/v1/users/national_id', {}, { national_id: VALID_NATIONAL_ID })).status,
    ).toBe(401);
  });

  it('is required to check out at 25,000 EGP or more (shipping included), and not below', async () => {
    // 24,940 + 60 (Giza) = 25,000.00
    const at = await shopper();
    await readyToPay(t.app, at, [{ productId: (await make(24_940)).id, quantity: 1 }]);
    const refused = await place(at, { payment_method: 'cash' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ national_id: ['National ID is Required'] });
    expect(
      (await call(t.app, 'POST', '/v1/users/checkout?locale=en', at.headers, { payment_method: 'online' }))
        .body.errors,
    ).toEqual({ national_id: ['National ID is Required'] });
    await call(t.app, 'PUT', '/v1/users/national_id', at.headers, { national_id: VALID_NATIONAL_ID });
    const placed = await place(at, { payment_method: 'cash' });
    expect(placed.status).toBe(200);
    expect(placed.body.order.checkout_total_price).toBe(25_000);

    // 24,939.99 + 60 = 24,999.99
    const below = await shopper();
    await readyToPay(t.app, below, [{ productId: (await make(24_939.99)).id, quantity: 1 }]);
    const ok = await place(below, { payment_method: 'cash' });
    expect(ok.status).toBe(200);
    expect(ok.body.order.checkout_total_price).toBe(24_999.99);
  });

  it('refuses a number whose birth date is no real day, or is after today by the store’s clock', async () => {
    const s = await shopper();
    // century | yy | mm | dd | governorate 01 | 12345
    const born = (d: Date) =>
      `${d.getUTCFullYear() >= 2000 ? 3 : 2}${String(d.getUTCFullYear() % 100).padStart(2, '0')}` +
      `${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}0112345`;
    const save = (national_id: string) =>
      call(t.app, 'PUT', '/v1/users/national_id?locale=en', s.headers, { national_id });
    for (const impossible of [
      '29013150112345', // month 13
      '29002300112345', // 30 February
      '29001320112345', // day 32
      '29902290112345', // 29 February 1999
    ]) {
      const r = await save(impossible);
      expect(r.status, impossible).toBe(422);
      expect(r.body.errors).toEqual({ national_id: ['National ID is not valid'] });
    }
    const today = t.clock.now();
    const tomorrow = new Date(today.getTime() + 86_400_000);
    const future = await save(born(tomorrow));
    expect(future.status).toBe(422);
    expect(future.body.errors).toEqual({ national_id: ['National ID is not valid'] });
    // The same number on the profile.
    const profile = await call(t.app, 'PUT', '/v1/users?locale=en', s.headers, {
      first_name: 'Mona',
      last_name: 'Hassan',
      email: `mona${s.id}@example.com`,
      national_id: born(tomorrow),
    });
    expect(profile.status).toBe(422);
    expect(profile.body.errors).toEqual({ national_id: ['National ID is not valid'] });
    // Born today: valid, unless the store's clock says today is a year earlier (it is the clock that judges).
    t.clock.advance(-366 * 86_400_000);
    try {
      expect((await save(born(today))).status).toBe(422);
    } finally {
      t.clock.advance(366 * 86_400_000);
    }
    expect((await save(born(today))).status).toBe(200);
  });

  it('a saved number that no longer passes the rule counts as missing', async () => {
    const s = await shopper();
    await setNationalId(t.database.db, s.id, '12345678901234');
    await readyToPay(t.app, s, [{ productId: (await make(30_000)).id, quantity: 1 }]);
    expect((await place(s, { payment_method: 'cash' })).body.errors).toEqual({
      national_id: ['National ID is Required'],
    });
  });
});

describe('banks and installment plans', () => {
  it('lists active banks, and the plans of a bank with their label in the request language', async () => {
    const s = await shopper();
    const banks = await call(t.app, 'GET', '/v1/users/banks?show_all=true&locale=ar', s.headers);
    expect(banks.body.banks.map((b: { name: string }) => b.name)).toEqual([
      'البنك التجاري الدولي',
      'البنك الأهلي المصري',
    ]);
    const plans = await call(
      t.app,
      'GET',
      `/v1/users/bank_installments?bank_id=${bank.cib.id}&locale=en`,
      s.headers,
    );
    expect(plans.body.bank_installments).toEqual([
      expect.objectContaining({
        bank_id: bank.cib.id,
        title: '6 months, no interest',
        title_ar: '6 شهور بدون فوائد',
        months: 6,
      }),
      expect.objectContaining({ bank_id: bank.cib.id, title: '12 months', months: 12 }),
    ]);
    const nbe = await call(t.app, 'GET', `/v1/users/bank_installments?bank_id=${bank.nbe.id}`, s.headers);
    expect(nbe.body.bank_installments).toHaveLength(1);
    const closed = await call(
      t.app,
      'GET',
      `/v1/users/bank_installments?bank_id=${bank.closed.id}`,
      s.headers,
    );
    expect(closed.body.bank_installments).toEqual([]);
    expect((await call(t.app, 'GET', '/v1/users/banks', {})).status).toBe(401);
  });
});

describe('placing an order with an offline method', () => {
  it.each(['cash', 'visa_on_delivery'] as const)(
    '%s: one transaction places the order, takes the stock, fixes prices, and the shopper gets a new empty cart',
    async (method) => {
      const s = await shopper(VALID_NATIONAL_ID);
      const fridge = await make(12_499.5, 5);
      const kettle = await make(300, 10);
      const { orderId } = await readyToPay(t.app, s, [
        { productId: fridge.id, quantity: 2 },
        { productId: kettle.id, quantity: 3 },
      ]);
      const r = await place(s, { payment_method: method });
      expect(r.status).toBe(200);
      const o = r.body.order;
      expect(o).toMatchObject({
        id: orderId,
        status: 'pending',
        payment_method: method,
        bank_installment: null,
        checkout_shipping_fees: 60,
        total_cart_price: 25_899,
        checkout_total_price: 25_959,
        count: 5,
        rating: null,
        user: { id: s.id, full_name: 'Mona Hassan' },
        address: { governorate: 'Giza', full_name: 'Mona Hassan', delivery_zone: { shipping_fees: 60 } },
      });
      expect(Math.abs(Date.parse(o.checkout_date) - t.clock.now().getTime())).toBeLessThan(5000);
      expect(
        o.order_products.map((l: { checkout_price: number; quantity: number }) => [
          l.checkout_price,
          l.quantity,
        ]),
      ).toEqual([
        [12_499.5, 2],
        [300, 3],
      ]);
      expect(await stockOf(fridge.id)).toBe(3);
      expect(await stockOf(kettle.id)).toBe(7);
      const cart = await cartOf(s);
      expect(cart.id).not.toBe(orderId);
      expect(cart).toMatchObject({ count: 0, items: [], total: 0 });
    },
  );

  it('installments place the order with the chosen plan', async () => {
    const s = await shopper(VALID_NATIONAL_ID);
    await readyToPay(t.app, s, [{ productId: (await make(40_000)).id, quantity: 1 }]);
    const plan = bank.plans.find((p) => p.bankId === bank.cib.id && p.months === 12)!;
    const r = await place(s, {
      payment_method: 'visa_on_delivery_installments',
      bank_id: bank.cib.id,
      bank_installment_id: plan.id,
    });
    expect(r.status).toBe(200);
    expect(r.body.order).toMatchObject({
      status: 'pending',
      payment_method: 'visa_on_delivery_installments',
      bank_installment: { id: plan.id, bank_id: bank.cib.id, bank_name: 'CIB', title: '12 months' },
    });
    expect((await cartOf(s)).count).toBe(0);
  });

  it('installments need a valid plan of the chosen bank', async () => {
    const s = await shopper();
    const p = await make(1000, 5);
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
    const cib6 = bank.plans.find((x) => x.bankId === bank.cib.id && x.months === 6)!;
    const old = bank.plans.find((x) => !x.active)!;
    const closed = bank.plans.find((x) => x.bankId === bank.closed.id)!;
    const m = 'visa_on_delivery_installments';
    const cases: [Record<string, unknown>, string][] = [
      [{ payment_method: m }, 'Please choose a bank and an installment plan'],
      [{ payment_method: m, bank_installment_id: '' }, 'Please choose a bank and an installment plan'],
      [
        { payment_method: m, bank_installment_id: 999_999 },
        'This installment plan is not available for the chosen bank',
      ],
      [
        { payment_method: m, bank_installment_id: old.id },
        'This installment plan is not available for the chosen bank',
      ],
      [
        { payment_method: m, bank_installment_id: closed.id },
        'This installment plan is not available for the chosen bank',
      ],
      [
        { payment_method: m, bank_installment_id: cib6.id, bank_id: bank.nbe.id },
        'This installment plan is not available for the chosen bank',
      ],
    ];
    for (const [payload, message] of cases) {
      const r = await place(s, payload);
      expect(r.status, JSON.stringify(payload)).toBe(422);
      expect(r.body.errors).toEqual({ bank_installment_id: [message] });
    }
    expect(await stockOf(p.id)).toBe(5);
    expect((await cartOf(s)).count).toBe(1);
  });

  it('installments are refused below the plan’s minimum amount (delivery included), and placed from it', async () => {
    const [misr] = await t.database.db
      .insert(banks)
      .values({ nameEn: 'Banque Misr', nameAr: 'بنك مصر', position: 3 })
      .returning();
    const [plan] = await t.database.db
      .insert(bankInstallments)
      .values({
        bankId: misr!.id,
        titleEn: '6 months',
        titleAr: '6 شهور',
        months: 6,
        minimumPiastres: 200_000,
      })
      .returning();
    const s = await shopper();
    const listed = await call(t.app, 'GET', `/v1/users/bank_installments?bank_id=${misr!.id}`, s.headers);
    expect(listed.body.bank_installments).toEqual([
      expect.objectContaining({ id: plan!.id, minimum_amount: 2_000 }),
    ]);
    // 1,000 + 60 (Giza) = 1,060 EGP: under 2,000.
    const p = await make(1_000, 5);
    await readyToPay(t.app, s, [{ productId: p.id, quantity: 1 }]);
    const payload = {
      payment_method: 'visa_on_delivery_installments',
      bank_id: misr!.id,
      bank_installment_id: plan!.id,
    };
    const refused = await place(s, payload);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      bank_installment_id: ['This installment plan is for orders of 2,000 EGP or more'],
    });
    const ar = await call(t.app, 'PUT', '/v1/users/checkout?locale=ar', s.headers, payload);
    expect(ar.body.errors.bank_installment_id).toEqual(['خطة التقسيط دي للطلبات من 2,000 ج.م وأكتر']);
    expect(await stockOf(p.id)).toBe(5);
    expect((await cartOf(s)).count).toBe(1);
    // Two of them: 2,060 EGP.
    await putInCart(t.app, s, p.id, 2);
    const placed = await place(s, payload);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.order.bank_installment).toMatchObject({ id: plan!.id, title: '6 months' });
  });

  it("refuses 'online' and unknown methods on PUT", async () => {
    const s = await shopper();
    for (const payment_method of ['online', 'bitcoin', undefined]) {
      const r = await place(s, { payment_method });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual(['payment_method']);
    }
  });

  it('an empty cart, or no address chosen, is refused with a message', async () => {
    const s = await shopper();
    const empty = await place(s, { payment_method: 'cash' });
    expect(empty).toMatchObject({ status: 422, body: { errors: ['Your cart is empty'] } });
    await putInCart(t.app, s, (await make(100)).id, 1);
    const noAddress = await place(s, { payment_method: 'cash' });
    expect(noAddress).toMatchObject({ status: 422, body: { errors: ['Please choose a delivery address'] } });
  });

  it('when one product is no longer available nothing changes: no stock taken, the cart stays', async () => {
    const s = await shopper();
    const plenty = await make(100, 10);
    const scarce = await make(200, 2);
    const { orderId } = await readyToPay(t.app, s, [
      { productId: plenty.id, quantity: 3 },
      { productId: scarce.id, quantity: 2 },
    ]);
    // Someone else bought one of the scarce ones meanwhile.
    await t.database.db.update(products).set({ stock: 1 }).where(eq(products.id, scarce.id));
    const r = await place(s, { payment_method: 'cash' });
    expect(r).toMatchObject({
      status: 422,
      body: { errors: ['One or more of your products is no longer available'] },
    });
    expect(await stockOf(plenty.id)).toBe(10);
    expect(await stockOf(scarce.id)).toBe(1);
    const [o] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(o!.status).toBe('cart');
    expect((await cartOf(s)).count).toBe(5);

    // Off sale, or beyond the per-order maximum, is the same answer.
    await t.database.db.update(products).set({ stock: 10 }).where(eq(products.id, scarce.id));
    await t.database.db.update(products).set({ active: false }).where(eq(products.id, plenty.id));
    expect((await place(s, { payment_method: 'cash' })).body.errors).toEqual([
      'One or more of your products is no longer available',
    ]);
    await t.database.db
      .update(products)
      .set({ active: true, maximumPerOrder: 2 })
      .where(eq(products.id, plenty.id));
    expect((await place(s, { payment_method: 'cash' })).status).toBe(422);
    await t.database.db.update(products).set({ maximumPerOrder: null }).where(eq(products.id, plenty.id));
    expect((await place(s, { payment_method: 'cash' })).status).toBe(200);
  });

  it('the placed order keeps its address as it was, whatever happens to the saved address later', async () => {
    const s = await shopper();
    const { orderId, addressId } = await readyToPay(t.app, s, [
      { productId: (await make(100)).id, quantity: 1 },
    ]);
    await place(s, { payment_method: 'cash' });
    await call(t.app, 'PUT', `/v1/users/addresses/${addressId}`, s.headers, {
      address: { building: '99', governorate: 'Cairo' },
    });
    await call(t.app, 'DELETE', `/v1/users/addresses/${addressId}`, s.headers);
    const o = await call(t.app, 'GET', `/v1/users/orders/${orderId}?locale=ar`, s.headers);
    expect(o.body.order.address).toMatchObject({
      id: addressId,
      building: '12',
      // Typed "Giza" (not the later "Cairo"); read in Arabic, its zone's Arabic name.
      governorate: 'الجيزة',
      delivery_zone: { name: 'الجيزة', shipping_fees: 60 },
    });
    expect(o.body.order.checkout_shipping_fees).toBe(60);
  });

  it('a shopper with a delivered order that is not rated must rate it first', async () => {
    const s = await shopper();
    const { orderId } = await readyToPay(t.app, s, [{ productId: (await make(100)).id, quantity: 1 }]);
    await place(s, { payment_method: 'cash' });
    await call(t.app, 'POST', `/dev/orders/${orderId}/status`, {}, { status: 'delivered' });
    await readyToPay(t.app, s, [{ productId: (await make(100)).id, quantity: 1 }]);
    const r = await place(s, { payment_method: 'cash' });
    expect(r).toMatchObject({
      status: 422,
      body: { errors: ['Please rate your previous orders first'], unrated_orders: true },
    });
    await call(t.app, 'PUT', '/v1/users/orders/rate', s.headers, { ratings: [{ id: orderId, rating: 4 }] });
    expect((await place(s, { payment_method: 'cash' })).status).toBe(200);
  });

  it('multipart bodies work too', async () => {
    const s = await shopper();
    await readyToPay(t.app, s, [{ productId: (await make(100)).id, quantity: 1 }]);
    const { multipart } = await import('../../test/accounts.ts');
    const m = multipart({ payment_method: 'visa_on_delivery' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/users/checkout',
      headers: { ...s.headers, ...m.headers },
      payload: m.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().order.payment_method).toBe('visa_on_delivery');
  });
});
