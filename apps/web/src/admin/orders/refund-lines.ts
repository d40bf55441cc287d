import type { AdminOrder, AdminRefundBody } from '@store/contracts/admin-orders';

type Line = AdminOrder['order_products'][number];

/** How many units of a line may still be refunded. */
export const refundableQuantity = (line: Pick<Line, 'quantity' | 'refunded_quantity'>) =>
  Math.max(0, line.quantity - line.refunded_quantity);

export interface RefundDraft {
  /** Units to refund per order product id, as typed ('' = none). */
  quantities: Record<number, string>;
  restock: boolean;
  note: string;
}

export type RefundCheck =
  | { ok: true; body: AdminRefundBody; amount: number }
  | { ok: false; lineErrors: Record<number, 'whole' | 'tooMany'>; empty: boolean };

/**
 * The refund body from the form: each line 0 to quantity − refunded_quantity whole units, at least one unit in
 * all. `amount` is what goes back, in EGP, at the prices paid (integer piastres, added up exactly).
 */
export function checkRefund(lines: readonly Line[], draft: RefundDraft): RefundCheck {
  const lineErrors: Record<number, 'whole' | 'tooMany'> = {};
  const out: AdminRefundBody['lines'] = [];
  let piastres = 0;
  for (const line of lines) {
    const raw = (draft.quantities[line.id] ?? '').trim();
    if (raw === '' || raw === '0') continue;
    if (!/^\d+$/.test(raw)) {
      lineErrors[line.id] = 'whole';
      continue;
    }
    const n = Number(raw);
    if (n > refundableQuantity(line)) {
      lineErrors[line.id] = 'tooMany';
      continue;
    }
    out.push({ order_product_id: line.id, quantity: n });
    piastres += Math.round((line.checkout_price ?? 0) * 100) * n;
  }
  if (Object.keys(lineErrors).length || out.length === 0)
    return { ok: false, lineErrors, empty: out.length === 0 && !Object.keys(lineErrors).length };
  const note = draft.note.trim();
  return {
    ok: true,
    body: { lines: out, restock: draft.restock, ...(note ? { note } : {}) },
    amount: piastres / 100,
  };
}
