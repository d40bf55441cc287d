import type { Cart } from '@store/contracts/cart';
import { isValidNationalId, nationalIdRequired } from '@store/contracts/national-id';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useLocaleStore } from '../../../lib/locale-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { SignedInOnly, useAuth } from '../../auth';
import { useServerCart } from '../../cart';
import { RatingDialog, unratedOrdersQueryOptions } from '../../orders';
import { CartStep } from '../components/cart-step';
import { CartSummary, HeldSummary } from '../components/cart-summary';
import { NationalIdStep } from '../components/national-id-step';
import { PaymentStep } from '../components/payment-step';
import { ShippingStep } from '../components/shipping-step';
import { StepIndicator } from '../components/step-indicator';
import { useSecondsUntil } from '../countdown';
import { useCheckoutTranslation } from '../i18n';
import { clearPaymentState, usePaymentStore } from '../payment-store';
import { nextStep, resolveStep, wizardSteps, type IndicatorStep, type Step } from '../steps';

/** /checkout/cart|shipping|national-id|payment: the checkout wizard (spec §2, §4). */
export function Component() {
  return (
    <SignedInOnly>
      <Checkout />
    </SignedInOnly>
  );
}

function Checkout() {
  const { t } = useCheckoutTranslation();
  const { step: requested } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const locale = useLocaleStore((s) => s.locale);
  const user = useAuth((s) => s.user);
  const cart = useServerCart();
  const unrated = useQuery(unratedOrdersQueryOptions(locale));
  const payment = usePaymentStore((s) => s.payment);
  const seconds = useSecondsUntil(payment ? Date.parse(payment.payment_key_expiration) : null);
  const paying = payment !== null && seconds > 0;
  const [expired, setExpired] = useState(false);
  useDocumentTitle(t('title'));
  // The address is replaced on each step change (spec §2).
  const goTo = useCallback((s: Step) => void navigate(`/checkout/${s}`, { replace: true }), [navigate]);

  // The key's five minutes are over: the server gives the held items back to the cart; once the cart is fetched
  // again the payment state goes and the payment step is open again (with a word about what happened).
  const lapsed = payment !== null && !paying;
  useEffect(() => {
    if (!lapsed) return;
    let live = true;
    void qc.refetchQueries({ queryKey: ['server-cart'] }).finally(() => {
      if (!live) return;
      clearPaymentState();
      setExpired(true);
    });
    return () => {
      live = false;
    };
  }, [lapsed, qc]);

  if (lapsed || cart.isPending || (unrated.isPending && !paying)) return <WizardSkeleton />;
  if (cart.isError)
    return (
      <Shell>
        <div className="flex flex-col items-start gap-3 rounded-2xl bg-white p-6">
          <p className="text-red-700">{t('errors.cart')}</p>
          <Button variant="outline" onClick={() => void cart.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      </Shell>
    );

  // An online payment is open: the cart is held for it, and the wizard stays on the payment step until it ends.
  if (paying && payment) {
    if (requested !== 'payment') return <Navigate to="/checkout/payment" replace />;
    const steps = [...wizardSteps(payment.checkoutPrice), 'complete'] as IndicatorStep[];
    return (
      <Shell>
        <StepIndicator steps={steps} current="payment" />
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <PaymentStep held={payment} seconds={seconds} />
          <HeldSummary total={payment.checkoutPrice} />
        </div>
      </Shell>
    );
  }

  const c: Cart = cart.data;
  if (c.count === 0) return <Navigate to="/cart" replace />;
  if (unrated.data?.length)
    return (
      <Shell>
        <WizardSkeleton bare />
        <RatingDialog
          open
          onOpenChange={(open) => !open && void navigate('/cart', { replace: true })}
          onRated={() => void unrated.refetch()}
        />
      </Shell>
    );

  const facts = {
    total: c.total,
    hasAddress: c.address !== null,
    hasNationalId: !!user?.national_id && isValidNationalId(user.national_id, new Date()),
  };
  const step = resolveStep(requested, facts);
  if (step !== requested) return <Navigate to={`/checkout/${step}`} replace />;
  const steps: IndicatorStep[] = [...wizardSteps(c.total), 'complete'];
  const needsId = nationalIdRequired(c.total);

  let panel;
  if (step === 'cart') panel = <CartStep cart={c} onNext={() => goTo('shipping')} />;
  else if (step === 'shipping')
    panel = <ShippingStep cart={c} onNext={(updated) => goTo(nextStep('shipping', updated.total))} />;
  else if (step === 'national-id') panel = <NationalIdStep onNext={() => goTo('payment')} />;
  else panel = <PaymentStep held={null} seconds={0} expired={expired} total={c.total} />;
  // The summary is hidden on the National ID step; on the last step it has a title and the items.
  const summary =
    step === 'national-id' && needsId ? null : <CartSummary cart={c} detailed={step === 'payment'} />;

  return (
    <Shell>
      <StepIndicator steps={steps} current={step} onBack={goTo} />
      {/* One column that may shrink (grid-cols-1 is minmax(0, 1fr)) on a phone: an implicit column grew to its widest
          content, a plan's option text (issue 43). */}
      <div className={summary ? 'grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]' : ''}>
        {panel}
        {summary}
      </div>
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { t } = useCheckoutTranslation();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6" data-testid="checkout">
      <h1 className="mb-5 text-2xl font-bold">{t('title')}</h1>
      {children}
    </div>
  );
}

function WizardSkeleton({ bare = false }: { bare?: boolean }) {
  const body = (
    <div className="space-y-4" aria-busy="true">
      <Skeleton className="h-14 w-full" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-72" />
        <Skeleton className="h-56" />
      </div>
    </div>
  );
  return bare ? body : <Shell>{body}</Shell>;
}
