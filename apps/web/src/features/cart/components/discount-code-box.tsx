import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { errorMessages } from '../../../lib/form-errors';
import { useNamespace } from '../../../lib/i18n';
import { useLocaleStore } from '../../../lib/locale-store';
import { cartPageTexts } from '../../../i18n/cart-page';
import { buttonClass } from '../../../ui/button';
import { controlClass } from '../../../ui/field';
import { removeDiscountCode, setDiscountCode } from '../discount-code';
import { serverCartKey, type CartOrder } from '../server-cart';

/**
 * The cart's discount code (issue 49 item 1): a field to put one on, or the code held with its remove button and,
 * when it takes nothing off now, why. The server says whether it applies, in the shopper's language.
 */
export function DiscountCodeBox({ cart }: { cart: CartOrder }) {
  const { t } = useNamespace('cart-page', cartPageTexts);
  const qc = useQueryClient();
  const locale = useLocaleStore((s) => s.locale);
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<CartOrder>) => {
    setBusy(true);
    setError(null);
    try {
      qc.setQueryData(serverCartKey(locale), await call());
      setCode('');
    } catch (e) {
      const field = e instanceof ApiError ? e.fieldErrors.code?.join(' ') : undefined;
      setError(field ?? errorMessages(e).join(' '));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) void run(() => setDiscountCode(code.trim()));
  };

  if (cart.discount_code)
    return (
      <div
        className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm"
        data-testid="discount-applied"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 text-emerald-900">
            {t('discount.applied')}{' '}
            <bdi className="font-mono font-bold" dir="ltr" data-testid="discount-code">
              {cart.discount_code}
            </bdi>
          </p>
          <button
            type="button"
            disabled={busy}
            onClick={() => void run(removeDiscountCode)}
            className="rounded-lg px-2 py-1 font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700"
            data-testid="discount-remove"
          >
            {t('discount.remove')}
          </button>
        </div>
        {cart.discount_code_problem && (
          <p className="mt-1 text-amber-800" role="status" data-testid="discount-problem">
            {cart.discount_code_problem}
          </p>
        )}
        {error && (
          <p className="mt-1 text-red-700" role="alert">
            {error}
          </p>
        )}
      </div>
    );

  return (
    <form className="mt-4" onSubmit={submit} noValidate data-testid="discount-form">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('discount.label')}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={60}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${controlClass} flex-1 uppercase`}
          data-testid="discount-input"
        />
        <button
          type="submit"
          disabled={busy || !code.trim()}
          className={buttonClass('outline', 'md', 'shrink-0')}
          data-testid="discount-apply"
        >
          {t('discount.apply')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" role="alert" data-testid="discount-error">
          {error}
        </p>
      )}
    </form>
  );
}
