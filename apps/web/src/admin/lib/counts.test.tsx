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

/** As the images editor and the delivery zones page ask them: the noun follows the count of files or days. */
const ask = (lng: 'en' | 'ar', key: string, params: Record<string, unknown>) =>
  i18n.getFixedT(lng, 'admin')(key, params);

describe('files sent and days of delivery', () => {
  it('English: "1 file", "1 day"', () => {
    expect(ask('en', 'products.images.progress', { done: 0, total: 1, count: 1 })).toBe('0 of 1 file sent…');
    expect(ask('en', 'products.images.progress', { done: 1, total: 3, count: 3 })).toBe('1 of 3 files sent…');
    expect(ask('en', 'products.images.uploadedOf', { done: 1, total: 1, count: 1 })).toBe(
      'Uploaded 1 of 1 file.',
    );
    expect(ask('en', 'products.images.uploadedOf', { done: 1, total: 2, count: 2 })).toBe(
      'Uploaded 1 of 2 files.',
    );
    expect(ask('en', 'content.zones.daysRange', { min: '0', max: '1', count: 1 })).toBe('0–1 day');
    expect(ask('en', 'content.zones.daysRange', { min: '2', max: '4', count: 4 })).toBe('2–4 days');
  });

  it('Arabic: its one, two, few and many', () => {
    expect(ask('ar', 'products.images.progress', { done: 0, total: 1, count: 1 })).toBe(
      'اتبعت 0 من ملف واحد…',
    );
    expect(ask('ar', 'products.images.uploadedOf', { done: 1, total: 2, count: 2 })).toBe(
      'اترفع 1 من ملفين.',
    );
    expect(ask('ar', 'products.images.uploadedOf', { done: 3, total: 5, count: 5 })).toBe(
      'اترفع 3 من 5 ملفات.',
    );
    expect(ask('ar', 'content.zones.daysRange', { min: '1', max: '2', count: 2 })).toBe('من 1 ليومين');
    expect(ask('ar', 'content.zones.daysRange', { min: '3', max: '5', count: 5 })).toBe('من 3 لـ 5 أيام');
    expect(ask('ar', 'content.zones.daysRange', { min: '7', max: '14', count: 14 })).toBe('من 7 لـ 14 يوم');
  });
});
