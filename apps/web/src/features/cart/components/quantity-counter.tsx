import { useId, useState } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { cartPageTexts } from '../../../i18n/cart-page';
import { clampQuantity, parseTypedQuantity, type QuantityWarning } from '../quantity';

interface Props {
  value: number;
  /** A new quantity, already within the limits (1 or more). */
  onChange(quantity: number): void;
  /** The shopper entered 0. Without it (nothing to remove yet) 0 resets to 1. */
  onRemove?(): void;
  stock: number;
  maxPerOrder?: number | null;
  /** The product, for screen readers ("Quantity of …"). */
  productTitle?: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * − [n] + with spec §5's rule: minimum 1, at most the smaller of stock and per-order maximum (with the matching
 * message), 0 removes, a negative number resets to 1. Typing is applied on Enter or when the field loses focus.
 */
export function QuantityCounter({
  value,
  onChange,
  onRemove,
  stock,
  maxPerOrder,
  productTitle,
  disabled,
  size = 'md',
  className = '',
}: Props) {
  const { t } = useNamespace('cart-page', cartPageTexts);
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [warning, setWarning] = useState<QuantityWarning | null>(null);

  const commit = (requested: number) => {
    setDraft(null);
    if (Number.isNaN(requested)) return; // emptied field: keep the current quantity
    const r = clampQuantity(requested, { stock, maxPerOrder });
    setWarning(r.warning);
    if (r.remove) {
      if (onRemove) onRemove();
      else if (value !== 1) onChange(1);
      return;
    }
    if (r.quantity !== value && r.quantity > 0) onChange(r.quantity);
  };

  const box = size === 'sm' ? 'h-9 w-9' : 'h-11 w-11';
  const btn = `${box} inline-flex items-center justify-center text-xl font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent`;
  const label = productTitle ? t('quantity.labelOf', { title: productTitle }) : t('quantity.label');

  return (
    <div className={className}>
      <div
        role="group"
        aria-label={label}
        className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white"
        data-testid="quantity-counter"
      >
        <button
          type="button"
          className={btn}
          aria-label={t('quantity.decrease')}
          disabled={disabled || value <= 1}
          onClick={() => commit(value - 1)}
        >
          −
        </button>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-label={label}
          aria-describedby={`${id}-msg`}
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(e) => {
            if (/^-?\d*$/.test(e.target.value)) setDraft(e.target.value);
          }}
          onBlur={() => draft !== null && commit(parseTypedQuantity(draft))}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && draft !== null) {
              e.preventDefault();
              commit(parseTypedQuantity(draft));
            }
          }}
          className={`${size === 'sm' ? 'h-9 w-11' : 'h-11 w-14'} border-x border-slate-300 text-center font-semibold tabular-nums focus:outline-2 focus:-outline-offset-2 focus:outline-brand-700 disabled:bg-slate-50`}
        />
        <button
          type="button"
          className={btn}
          aria-label={t('quantity.increase')}
          disabled={disabled}
          onClick={() => commit(value + 1)}
        >
          +
        </button>
      </div>
      <p
        id={`${id}-msg`}
        role="status"
        aria-live="polite"
        className="mt-1 min-h-5 text-sm font-medium text-red-700"
        data-testid="quantity-warning"
      >
        {warning &&
          (warning.kind === 'stock'
            ? t('quantity.overStock', { n: warning.n })
            : t('quantity.overPerOrder', { n: warning.n }))}
      </p>
    </div>
  );
}
