import { PAYMENT_KEY_MINUTES } from '@store/contracts/constants';
import { describe, expect, it } from 'vitest';
import { minutesSeconds } from './countdown';
import { paymentFromKey, secondsLeft } from './payment-store';

describe('the payment key countdown', () => {
  it('shows minutes and seconds', () => {
    expect(minutesSeconds(300)).toBe('05:00');
    expect(minutesSeconds(299)).toBe('04:59');
    expect(minutesSeconds(61)).toBe('01:01');
    expect(minutesSeconds(9)).toBe('00:09');
    expect(minutesSeconds(0)).toBe('00:00');
    expect(minutesSeconds(-4)).toBe('00:00');
    expect(minutesSeconds(0.2)).toBe('00:01');
  });

  it('a key lives 5 minutes from when it was received, on this device clock', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    const p = paymentFromKey(
      {
        payment_key: 'k',
        checkout_total_price: 1234.5,
        payment_key_expiration: '2030-01-01T00:00:00Z',
        expires_in_seconds: PAYMENT_KEY_MINUTES * 60,
        order_id: 7,
        unified_checkout_url: 'https://pay.example/checkout?key=k',
      },
      now,
    );
    expect(p).toMatchObject({ payment_key: 'k', checkoutPrice: 1234.5, order_id: 7 });
    expect(secondsLeft(p, now)).toBe(300);
    expect(secondsLeft(p, now + 299_500)).toBe(1);
    expect(secondsLeft(p, now + 300_000)).toBe(0);
    expect(secondsLeft(p, now + 400_000)).toBe(0);
    expect(secondsLeft(null, now)).toBe(0);
  });
});
