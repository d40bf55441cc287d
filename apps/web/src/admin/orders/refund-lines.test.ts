import { describe, expect, it } from 'vitest';
import { checkRefund, refundableQuantity } from './refund-lines';

const line = (id: number, quantity: number, refunded: number, price: number) => ({
  id,
  quantity,
  refunded_quantity: refunded,
  checkout_price: price,
  vat_rate: 14,
  vat_amount: null,
  order_status: null,
  product: { id, title: 'p', title_en: 'p', title_ar: 'p', thumbnail_url: null, image_url: null },
});

describe('a partial refund in the back office', () => {
  const lines = [line(1, 3, 1, 1999.99), line(2, 1, 0, 0.1), line(3, 2, 2, 50)];

  it('a line can give back what was bought less what already went back', () => {
    expect(lines.map(refundableQuantity)).toEqual([2, 1, 0]);
  });

  it('the body lists only the lines with units, and the amount adds up in piastres', () => {
    const r = checkRefund(lines, {
      quantities: { 1: '2', 2: '1', 3: '' },
      restock: true,
      note: '  box opened ',
    });
    expect(r).toEqual({
      ok: true,
      body: {
        lines: [
          { order_product_id: 1, quantity: 2 },
          { order_product_id: 2, quantity: 1 },
        ],
        restock: true,
        note: 'box opened',
      },
      amount: 4000.08,
    });
  });

  it('more than is left, or not a whole number, is refused on its line', () => {
    const r = checkRefund(lines, { quantities: { 1: '3', 2: '1.5', 3: '1' }, restock: false, note: '' });
    expect(r).toEqual({ ok: false, lineErrors: { 1: 'tooMany', 2: 'whole', 3: 'tooMany' }, empty: false });
  });

  it('nothing chosen is refused as empty', () => {
    expect(checkRefund(lines, { quantities: { 1: '0' }, restock: false, note: '' })).toEqual({
      ok: false,
      lineErrors: {},
      empty: true,
    });
  });
});
