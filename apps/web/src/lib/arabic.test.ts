import { describe, expect, it } from 'vitest';
import ar from '../i18n/ar/catalog.json';
import en from '../i18n/en/catalog.json';
import { arabicTo } from './arabic';
import i18n, { addTexts, changeLanguage } from './i18n';

describe('arabicTo', () => {
  it('drops the alef of the article: لـ + القاهرة is للقاهرة', () => {
    expect(arabicTo('القاهرة')).toBe('للقاهرة');
    expect(arabicTo('الإسكندرية')).toBe('للإسكندرية');
    expect(arabicTo('البحر الأحمر')).toBe('للبحر الأحمر');
    expect(arabicTo(' الجيزة ')).toBe('للجيزة');
  });

  it('joins the lam to a name without the article', () => {
    expect(arabicTo('أسوان')).toBe('لأسوان');
    expect(arabicTo('سوهاج')).toBe('لسوهاج');
    expect(arabicTo('بني سويف')).toBe('لبني سويف');
  });

  it('keeps the lam apart from a name that does not start with an Arabic letter', () => {
    expect(arabicTo('6 أكتوبر')).toBe('لـ6 أكتوبر');
    expect(arabicTo('Cairo')).toBe('لـCairo');
  });
});

describe("a product card's free delivery", () => {
  it('reads "للقاهرة" in Arabic and "to Cairo" in English', async () => {
    addTexts('ar', { catalog: ar });
    addTexts('en', { catalog: en });
    await changeLanguage('ar');
    const hint = (zone: string) => i18n.t('catalog:card.freeDelivery', { zone, toZone: arabicTo(zone) });
    expect(hint('القاهرة')).toBe('توصيل مجاني للقاهرة');
    expect(hint('أسوان')).toBe('توصيل مجاني لأسوان');
    await changeLanguage('en');
    expect(hint('Cairo')).toBe('Free delivery to Cairo');
  });
});
