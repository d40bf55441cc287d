/**
 * How a transaction was paid, in the store's terms (contracts' PAYMENT_KINDS), from what the gateway says: Paymob's
 * `source_data.type` and `sub_type` (card + MasterCard, wallet, aggregator for the kiosks Aman and Masary, valu,
 * souhoola...). The kind decides how money goes back: a card paid today can be voided, a kiosk payment cannot be
 * refunded by the gateway at all (Paymob refunds every method but kiosk).
 */
import type { PaymentKind } from '@store/contracts';

const KIOSK = new Set(['aggregator', 'kiosk', 'cash_kiosk', 'aman', 'masary']);
/** Buy now, pay later providers by Paymob's type, with the names they go by. */
const BNPL: Record<string, string> = {
  valu: 'ValU',
  souhoola: 'Souhoola',
  sympl: 'Sympl',
  forsa: 'Forsa',
  premium: 'Premium',
  contact: 'Contact',
  halan: 'Halan',
  bnpl: 'BNPL',
};
const CARD = new Set(['card', 'apple_pay', 'google_pay', 'card_token', 'token']);

export interface PaidWith {
  kind: PaymentKind;
  /** The name to show staff: the card's scheme, the wallet, the kiosk network or the BNPL provider. */
  name: string | null;
}

export function paidWith(sourceType: string, sourceSubType: string): PaidWith {
  const type = sourceType.trim().toLowerCase();
  const sub = sourceSubType.trim();
  const kind: PaymentKind = CARD.has(type)
    ? 'card'
    : type === 'wallet'
      ? 'wallet'
      : KIOSK.has(type)
        ? 'kiosk'
        : Object.hasOwn(BNPL, type)
          ? 'bnpl'
          : 'other';
  // Paymob names a kiosk payment 'AGGREGATOR' (Aman or Masary); a BNPL provider is named by its type.
  const name =
    kind === 'kiosk'
      ? !sub || sub.toLowerCase() === 'aggregator'
        ? 'Aman / Masary'
        : sub
      : kind === 'bnpl'
        ? BNPL[type]!
        : sub || sourceType.trim() || null;
  return { kind, name: name ? name.slice(0, 40) : null };
}
