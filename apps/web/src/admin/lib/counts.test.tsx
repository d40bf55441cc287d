import { afterAll, describe, expect, it } from 'vitest';
import i18n from './i18n';

/**
 * The back office's counts read in the singular for one and in Arabic's own forms (zero, one, two, few, many):
 * the messages' total, and the orders' and products' page lines ("1 messages", "1 products" before).
 */
const say = (lng: 'en' | 'ar', key: string, n: number) =>
  i18n.getFixedT(lng, 'admin')(key, { count: n, n: String(n), total: String(n), page: '1', pages: '1' });

afterAll(() => i18n.changeLanguage('ar'));

describe('back-office counts', () => {
  it('English: one in the singular, the rest in the plural', () => {
    expect([1, 2].map((n) => say('en', 'messages.total', n))).toEqual(['1 message', '2 messages']);
    expect(say('en', 'orders.pages.info', 1)).toBe('Page 1 of 1 · 1 order');
    expect(say('en', 'orders.pages.info', 7)).toBe('Page 1 of 1 · 7 orders');
    expect(say('en', 'products.pages.info', 1)).toBe('Page 1 · 1 product');
  });

  it('Arabic: its zero, one, two, few and many', () => {
    expect([0, 1, 2, 3, 11].map((n) => say('ar', 'messages.total', n))).toEqual([
      'مفيش رسايل',
      'رسالة واحدة',
      'رسالتين',
      '3 رسايل',
      '11 رسالة',
    ]);
    expect(say('ar', 'orders.pages.info', 2)).toBe('صفحة 1 من 1 · طلبين');
    expect(say('ar', 'products.pages.info', 5)).toBe('صفحة 1 · 5 منتجات');
  });
});
