import type { PaymentMethod } from '@store/contracts/constants';
import type { OfflinePaymentMethod } from '@store/contracts/checkout';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { BankInstallment } from '@store/contracts/checkout';
import { installmentQuote, monthsText, planOffered } from '@store/contracts/installments';
import { toPiastres } from '@store/contracts/money';
import { ApiError } from '../../../lib/api-client';
import { price as formatPrice } from '../../../lib/format';
import { useLocaleStore } from '../../../lib/locale-store';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { ORDERS_KEY, RatingDialog } from '../../orders';
import {
  banksQueryOptions,
  endPaymentSession,
  placeOrder,
  plansQueryOptions,
  requestPaymentKey,
} from '../api/checkout';
import { minutesSeconds } from '../countdown';
import { useCheckoutTranslation } from '../i18n';
import { clearPaymentState, paymentFromKey, usePaymentStore, type PaymentState } from '../payment-store';
import { METHODS, methodDisabled, placeOrderState } from '../payment-rules';
import { MessagesDialog } from './messages-dialog';
import { SessionDialog, type SessionNotice } from './session-dialog';

const go = (url: string) => window.location.assign(url);

/** A plan's quote for this order, by the one calculator (contracts). */
const quoteOf = (totalEgp: number, p: BankInstallment) =>
  installmentQuote(toPiastres(totalEgp), {
    months: p.months,
    interestBasisPoints: Math.round(p.interest_percent * 100),
    feeBasisPoints: Math.round(p.fee_percent * 100),
  });

/**
 * The chosen plan for this order, in full: the months, the monthly amount, the first month when the rounding's
 * piastres make it differ, the one-time fee and the total (issue 43: these add up to the piastre).
 */
function PlanDetails({ totalEgp, plan }: { totalEgp: number; plan: BankInstallment }) {
  const { t } = useCheckoutTranslation();
  const locale = useLocaleStore((s) => s.locale);
  const q = quoteOf(totalEgp, plan);
  const egp = (piastres: number) => formatPrice(piastres / 100);
  const parts = [
    t('payment.planTerm', { months: monthsText(q.months, locale), amount: egp(q.monthlyPiastres) }),
    q.firstMonthPiastres !== q.monthlyPiastres &&
      t('payment.planFirst', { amount: egp(q.firstMonthPiastres) }),
    q.feePiastres > 0 && t('payment.planFee', { amount: egp(q.feePiastres) }),
    t('payment.planTotal', { amount: egp(q.totalPiastres) }),
  ].filter((x): x is string => typeof x === 'string');
  return (
    <p className="text-sm break-words text-slate-700 sm:col-span-2" data-testid="plan-details">
      {parts.join(' · ')}
    </p>
  );
}

/**
 * The chosen bank's plans offered for this order, each a choice that says in full what it costs before it is
 * chosen: its name, the monthly amount, the one-time fee (or none) and the total, wrapping on a phone (a list's
 * option was cut at 375 px, and a plan "without interest" showed its fee only once chosen). `id`: the first
 * choice's, where a click on the disabled place-order button leads.
 */
function PlanChoices(props: {
  id: string;
  plans: BankInstallment[];
  pending: boolean;
  totalEgp: number | undefined;
  chosenId: number | null;
  onChoose(id: number): void;
}) {
  const { id, plans, pending, totalEgp, chosenId, onChoose } = props;
  const { t } = useCheckoutTranslation();
  const locale = useLocaleStore((s) => s.locale);
  const egp = (piastres: number) => formatPrice(piastres / 100);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 sm:col-span-2" data-testid="plan-select">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t('payment.plan')}</legend>
      {pending && <p className="text-sm text-slate-600">{t('common:loading')}</p>}
      {plans.map((p, i) => {
        const q = totalEgp === undefined ? null : quoteOf(totalEgp, p);
        return (
          <label
            key={p.id}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              id={i === 0 ? id : undefined}
              name={id}
              value={p.id}
              checked={chosenId === p.id}
              onChange={() => onChoose(p.id)}
              className="mt-1 size-4 shrink-0 accent-brand-700"
              data-testid="plan-option"
            />
            <span className="flex min-w-0 flex-col gap-0.5 break-words">
              <span className="font-semibold">{locale === 'ar' ? p.title_ar : p.title_en}</span>
              {q && (
                <>
                  <span className="font-bold text-brand-700 tabular-nums">
                    {t('payment.planMonthly', { amount: egp(q.monthlyPiastres) })}
                  </span>
                  <span className="text-xs text-slate-600 tabular-nums" data-testid="plan-costs">
                    {q.feePiastres > 0
                      ? t('payment.planFee', { amount: egp(q.feePiastres) })
                      : t('payment.planNoFee')}
                    {' · '}
                    {t('payment.planTotal', { amount: egp(q.totalPiastres) })}
                  </span>
                </>
              )}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

interface Props {
  /** The payment state while its key lives (an online payment is open). */
  held: PaymentState | null;
  /** Seconds left on the key. */
  seconds: number;
  /** The previous key has just expired. */
  expired?: boolean;
  /** EGP: what the order will cost, for each plan's monthly amount. */
  total?: number;
}

/** A 422 that says a payment session is open (with its seconds), or is marked sap_sync. */
function sessionNotice(e: unknown): SessionNotice | null {
  if (!(e instanceof ApiError)) return null;
  const seconds = Number(e.body.time_remaining_seconds);
  if (e.body.sap_sync)
    return { until: Date.now() + Math.max(1, seconds || 0) * 1000, sapMessages: e.messages };
  if (Number.isFinite(seconds) && seconds > 0) return { until: Date.now() + seconds * 1000 };
  return null;
}

/**
 * The payment step (spec §2): online (card), cash on delivery, card on delivery, card on delivery with
 * installments. Choosing online requests a payment key (5 minutes) and disables the others; a second click on it
 * goes to the hosted checkout, as its Pay button does. The offline methods need the terms ticked (and, for
 * installments, a bank and a plan offered for the order's total); until then the place-order button shows disabled,
 * saying what is missing (issue 43).
 */
export function PaymentStep({ held, seconds, expired: expiredBefore = false, total }: Props) {
  const { t } = useCheckoutTranslation();
  const locale = useLocaleStore((s) => s.locale);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const online = held !== null && seconds > 0;
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const method: PaymentMethod | null = online ? 'online' : chosen;
  const [bankId, setBankId] = useState<number | null>(null);
  const [planId, setPlanId] = useState<number | null>(null);
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [expired, setExpired] = useState(expiredBefore);
  const [keyError, setKeyError] = useState<string[] | null>(null);
  const [placeError, setPlaceError] = useState<string[] | null>(null);
  /** The cart's discount code stopped applying (ran out, ended…): it was dropped, nothing placed; stay and confirm. */
  const [codeDropped, setCodeDropped] = useState<string[] | null>(null);
  const droppedCode = (e: unknown) => {
    if (!(e instanceof ApiError) || e.body.discount_code_id === undefined) return false;
    void qc.invalidateQueries({ queryKey: ['server-cart'] });
    setCodeDropped(e.messages);
    return true;
  };
  const [notice, setNotice] = useState<SessionNotice | null>(null);
  const [rating, setRating] = useState(false);
  const ids = useId();

  const banks = useQuery({
    ...banksQueryOptions(locale),
    enabled: method === 'visa_on_delivery_installments',
  });
  const plans = useQuery({
    ...plansQueryOptions(bankId),
    enabled: method === 'visa_on_delivery_installments' && bankId !== null,
  });

  const key = useMutation({
    mutationFn: requestPaymentKey,
    onSuccess: (r) => {
      usePaymentStore.getState().set(paymentFromKey(r, Date.now()));
      setExpired(false);
      // The cart is now held for this payment; the server opened a new, empty one.
      void qc.invalidateQueries({ queryKey: ['server-cart'] });
    },
    onError: (e) => {
      setChosen(null);
      if (droppedCode(e)) return;
      if (e instanceof ApiError && e.body.unrated_orders) return setRating(true);
      const n = sessionNotice(e);
      if (n) return setNotice(n);
      setKeyError(e instanceof ApiError && e.messages.length ? e.messages : [t('errors.paymentKey')]);
    },
  });

  /**
   * The shopper changes their mind about paying online: the session ends on the server (the held items are the cart
   * again) and, once the cart is fetched again, the payment state goes and every method is open (spec §2 disables
   * the others only while online is chosen; QA: a tap on online locked them for 5 minutes with no way back).
   */
  const end = useMutation({
    mutationFn: async () => {
      await endPaymentSession();
      // The wizard shows the cart's step again from this cart: fetched before the state goes (an empty one would
      // send the shopper to /cart).
      await qc.refetchQueries({ queryKey: ['server-cart'] });
    },
    onSuccess: () => {
      setChosen(null);
      clearPaymentState();
    },
    onError: (e) =>
      setKeyError(e instanceof ApiError && e.messages.length ? e.messages : [t('errors.generic')]),
  });

  const place = useMutation({
    mutationFn: () =>
      placeOrder({
        payment_method: method as OfflinePaymentMethod,
        ...(method === 'visa_on_delivery_installments'
          ? { bank_id: bankId ?? undefined, bank_installment_id: planId ?? undefined }
          : {}),
      }),
    onSuccess: (order) => {
      // The success page fetches the (new, empty) cart; fetching it here would send the wizard to the empty cart first.
      void qc.invalidateQueries({ queryKey: [ORDERS_KEY] });
      void navigate(`/complete-payment?success=true&order_id=${order.id}`, { replace: true });
    },
    onError: (e) => {
      if (droppedCode(e)) return;
      if (e instanceof ApiError && e.body.unrated_orders) return setRating(true);
      const n = sessionNotice(e);
      if (n) return setNotice(n);
      setPlaceError(e instanceof ApiError && e.messages.length ? e.messages : [t('errors.generic')]);
    },
  });

  const termsBox = useRef<HTMLInputElement>(null);
  /** On to the hosted checkout, once the terms are accepted (else the error shows at the box, which takes focus). */
  const payOnline = () => {
    if (!held) return;
    if (!terms) {
      setTermsError(true);
      termsBox.current?.focus();
      return;
    }
    go(held.unified_checkout_url);
  };

  const chooseOnline = () => {
    // The second click on the option does what the pay button does (spec §2).
    if (online && held) return payOnline();
    if (key.isPending) return;
    setChosen('online');
    key.mutate();
  };

  const chooseOffline = (m: PaymentMethod) => {
    setChosen(m);
    setExpired(false);
  };

  // The chosen bank's plans offered for this order: from their minimum amount (issue 43).
  const bankPlans = plans.data ?? [];
  const offered =
    total === undefined
      ? bankPlans
      : bankPlans.filter((p) =>
          planOffered(toPiastres(total), { minimumPiastres: toPiastres(p.minimum_amount) }),
        );
  const smallestMinimum =
    bankPlans.length > 0 && offered.length === 0 ? Math.min(...bankPlans.map((p) => p.minimum_amount)) : null;
  const chosenPlan = offered.find((p) => p.id === planId);

  const onlineChosen = online || key.isPending;
  const placing = placeOrderState({ method, termsAccepted: terms, planId: chosenPlan?.id ?? null });
  const blocked = placing.missing.length > 0;
  /** A click on the disabled button goes to what is missing (the terms box says so in red). */
  const showMissing = () => {
    const first = placing.missing[0];
    if (first === 'method')
      document.querySelector<HTMLInputElement>(`input[name="${ids}-method"]:enabled`)?.focus();
    else if (first === 'plan')
      document.getElementById(`${ids}-${bankId === null ? 'bank' : 'plan'}`)?.focus();
    else if (first === 'terms') {
      setTermsError(true);
      termsBox.current?.focus();
    }
  };

  return (
    // min-w-0 here and on the fieldset (whose browsers' default is as wide as its widest content): a plan's long
    // option text must not widen the page past a phone's screen (issue 43).
    <section aria-labelledby="step-title" className="min-w-0">
      <h2 id="step-title" className="mb-4 text-xl font-bold">
        {t('payment.title')}
      </h2>
      <fieldset className="flex min-w-0 flex-col gap-3" data-testid="payment-methods">
        <legend className="sr-only">{t('payment.legend')}</legend>
        {METHODS.map((m) => {
          const disabled = methodDisabled(m, onlineChosen);
          const checked = method === m;
          let extra: ReactNode = null;
          if (m === 'online' && key.isPending)
            extra = (
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <Spinner size={16} /> {t('payment.online.requesting')}
              </p>
            );
          else if (m === 'online' && online)
            extra = (
              <div className="flex flex-col items-start gap-2">
                <p className="text-sm text-emerald-800" data-testid="online-ready">
                  {t('payment.online.ready', { time: minutesSeconds(seconds) })}
                </p>
                <p className="text-sm text-slate-600">{t('payment.online.othersLocked')}</p>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => end.mutate()}
                  disabled={end.isPending}
                  data-testid="cancel-online"
                >
                  {end.isPending && <Spinner size={16} />}
                  {t('payment.online.cancel')}
                </Button>
              </div>
            );
          else if (m === 'online' && expired)
            extra = (
              <p role="status" className="text-sm text-amber-800" data-testid="online-expired">
                {t('payment.online.expired')}
              </p>
            );
          return (
            <div
              key={m}
              className={`min-w-0 rounded-xl border bg-white p-4 ${checked ? 'border-brand-700 ring-1 ring-brand-700' : 'border-slate-200'} ${disabled ? 'opacity-60' : ''}`}
            >
              <label
                className={`flex items-start gap-3 ${disabled ? 'cursor-not-allowed' : 'cursor-pointer'}`}
              >
                <input
                  type="radio"
                  name={`${ids}-method`}
                  value={m}
                  checked={checked}
                  disabled={disabled}
                  onChange={m === 'online' ? () => undefined : () => chooseOffline(m)}
                  onClick={m === 'online' ? chooseOnline : undefined}
                  className="mt-1 size-4 shrink-0 accent-brand-700"
                  data-testid={`method-${m}`}
                />
                <span className="flex flex-col">
                  <span className="font-semibold">{t(`payment.methods.${m}`)}</span>
                  <span className="text-sm text-slate-600">{t(`payment.hints.${m}`)}</span>
                </span>
              </label>
              {extra && <div className="ms-7 mt-2">{extra}</div>}
              {m === 'visa_on_delivery_installments' && checked && (
                <div className="ms-7 mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
                  <div className="flex min-w-0 flex-col gap-1">
                    <label htmlFor={`${ids}-bank`} className="text-sm font-medium text-slate-700">
                      {t('payment.bank')}
                    </label>
                    <select
                      id={`${ids}-bank`}
                      value={bankId ?? ''}
                      onChange={(e) => {
                        setBankId(e.target.value ? Number(e.target.value) : null);
                        setPlanId(null);
                      }}
                      disabled={banks.isPending}
                      className="w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2"
                      data-testid="bank-select"
                    >
                      <option value="">
                        {banks.isPending ? t('common:loading') : t('payment.chooseBank')}
                      </option>
                      {(banks.data ?? []).map((b) => (
                        <option key={b.id} value={b.id}>
                          {b.name}
                        </option>
                      ))}
                    </select>
                  </div>
                  {bankId !== null && smallestMinimum === null && (
                    <PlanChoices
                      id={`${ids}-plan`}
                      plans={offered}
                      pending={plans.isPending}
                      totalEgp={total}
                      chosenId={chosenPlan?.id ?? null}
                      onChoose={setPlanId}
                    />
                  )}
                  {smallestMinimum !== null && (
                    <p
                      role="status"
                      className="text-sm text-amber-800 sm:col-span-2"
                      data-testid="plan-minimum"
                    >
                      {t('payment.planMinimum', { amount: formatPrice(smallestMinimum) })}
                    </p>
                  )}
                  {chosenPlan && total !== undefined && <PlanDetails totalEgp={total} plan={chosenPlan} />}
                  {(banks.isError || plans.isError) && (
                    <p className="text-sm text-red-700 sm:col-span-2">{t('common:error')}</p>
                  )}
                </div>
              )}
            </div>
          );
        })}
      </fieldset>

      <div
        className={`mt-5 flex flex-col gap-1 rounded-xl p-3 ${termsError ? 'bg-red-50 ring-2 ring-red-600' : ''}`}
      >
        <label className="inline-flex items-start gap-2">
          <input
            type="checkbox"
            checked={terms}
            onChange={(e) => {
              setTerms(e.target.checked);
              if (e.target.checked) setTermsError(false);
            }}
            ref={termsBox}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? `${ids}-terms-error` : undefined}
            className="mt-1 size-4 shrink-0 accent-brand-700"
            data-testid="terms"
          />
          <span>
            {t('payment.terms.agree')}{' '}
            <Link to="/terms-conditions" target="_blank" className="font-semibold text-brand-700 underline">
              {t('payment.terms.link')}
            </Link>
          </span>
        </label>
        {termsError && (
          <p id={`${ids}-terms-error`} role="alert" className="text-sm text-red-700">
            {t('payment.terms.required')}
          </p>
        )}
      </div>

      {online && held && (
        <Button size="lg" className="mt-5 w-full sm:w-auto" onClick={payOnline} data-testid="pay-online">
          {t('payment.online.pay', { total: formatPrice(held.checkoutPrice) })}
        </Button>
      )}

      {placing.shown && (
        <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <Button
            size="lg"
            className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto"
            onClick={() => (blocked ? showMissing() : place.mutate())}
            aria-disabled={blocked || undefined}
            aria-describedby={blocked ? `${ids}-place-why` : undefined}
            disabled={place.isPending}
            data-testid="place-order"
          >
            {place.isPending && <Spinner size={18} className="text-white" />}
            {t('payment.placeOrder')}
          </Button>
          {blocked && (
            <p id={`${ids}-place-why`} className="text-sm text-slate-700" data-testid="place-order-why">
              {placing.missing.map((m) => t(`payment.missing.${m}`)).join(' ')}
            </p>
          )}
        </div>
      )}

      <MessagesDialog
        messages={codeDropped}
        title={t('errors.placeTitle')}
        onClose={() => setCodeDropped(null)}
        testId="discount-dropped"
      />
      <MessagesDialog
        messages={keyError}
        title={t('errors.paymentKeyTitle')}
        onClose={() => setKeyError(null)}
        testId="payment-key-error"
      />
      <MessagesDialog
        messages={placeError}
        title={t('errors.placeTitle')}
        actionLabel={t('common:continue')}
        onClose={() => {
          setPlaceError(null);
          void navigate('/');
        }}
        testId="place-error"
      />
      <SessionDialog
        notice={notice}
        onClose={() => setNotice(null)}
        onEndSession={() => {
          setNotice(null);
          end.mutate();
        }}
      />
      <RatingDialog open={rating} onOpenChange={setRating} />
    </section>
  );
}
