import type { Cart } from '@store/contracts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useLocaleStore } from '../../../lib/locale-store';
import { Button, buttonClass } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { Spinner } from '../../../ui/spinner';
import { AddressCard, preloadAddressCard, useAddresses } from '../../addresses';
import { serverCartKey } from '../../cart';
import { attachAddress } from '../api/checkout';
import { useCheckoutTranslation } from '../i18n';
import { ensureNamespace } from '../../../lib/i18n';
import { authTexts } from '../../../i18n/auth';
import { MessagesDialog } from './messages-dialog';

const listSkeleton = (
  <div className="grid gap-3 sm:grid-cols-2">
    <Skeleton className="h-40" />
    <Skeleton className="h-40" />
  </div>
);

/**
 * Step 2 (spec §2): pick an address or add one. Picking attaches it to the order, the cart comes back with the
 * zone's delivery fee, and the wizard moves on.
 */
export function ShippingStep({ cart, onNext }: { cart: Cart; onNext(cart: Cart): void }) {
  const { t } = useCheckoutTranslation();
  // `auth:` keys: the refusal's title below is the sign-in error's.
  ensureNamespace('auth', authTexts);
  const locale = useLocaleStore((s) => s.locale);
  const qc = useQueryClient();
  const addresses = useAddresses();
  // The card's code is its own chunk: fetched beside the list, not after it.
  useEffect(preloadAddressCard, []);
  const [error, setError] = useState<{ title: string; messages: string[] } | null>(null);
  const attach = useMutation({
    mutationFn: (addressId: number) => attachAddress(cart.order_id, addressId),
    onSuccess: (order) => {
      qc.setQueryData(serverCartKey(locale), order);
      onNext(order);
    },
    onError: (e) => {
      const messages = e instanceof ApiError && e.messages.length ? e.messages : [t('errors.generic')];
      // Spec §8: a refusal marked sap_sync has the sign-in error's title; any other, the plain one.
      const sap = e instanceof ApiError && e.body.sap_sync;
      setError({ title: sap ? t('auth:signIn.errorTitle') : t('errors.title'), messages });
    },
  });
  const chosen = cart.address?.id ?? null;

  return (
    <section aria-labelledby="step-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="step-title" className="text-xl font-bold">
          {t('shipping.title')}
        </h2>
        <Link
          to="/address"
          state={{ from: '/checkout/shipping' }}
          className={buttonClass('outline', 'sm')}
          data-testid="shipping-add-address"
        >
          {t('shipping.add')}
        </Link>
      </div>
      {addresses.isPending ? (
        listSkeleton
      ) : addresses.isError ? (
        <div className="flex flex-col items-start gap-2">
          <p className="text-red-700">{t('common:error')}</p>
          <Button variant="outline" size="sm" onClick={() => void addresses.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : addresses.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
          <p className="text-slate-700">{t('shipping.none')}</p>
          <Link
            to="/address"
            state={{ from: '/checkout/shipping' }}
            className={buttonClass('primary', 'md', 'mt-4')}
          >
            {t('shipping.add')}
          </Link>
        </div>
      ) : (
        <Suspense fallback={listSkeleton}>
          <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('shipping.list')}>
            {addresses.data.map((a) => {
              const busy = attach.isPending && attach.variables === a.id;
              return (
                <li key={a.id}>
                  <AddressCard address={a} selected={a.id === chosen}>
                    <Button
                      size="sm"
                      variant={a.id === chosen ? 'primary' : 'outline'}
                      onClick={() => attach.mutate(a.id)}
                      disabled={attach.isPending}
                      data-testid="deliver-here"
                    >
                      {busy && <Spinner size={16} />}
                      {a.id === chosen ? t('shipping.continueWith') : t('shipping.deliverHere')}
                      <span className="sr-only">: {a.label}</span>
                    </Button>
                    <Link
                      to={`/address/${a.id}`}
                      state={{ from: '/checkout/shipping' }}
                      className={buttonClass('ghost', 'sm')}
                      aria-label={t('shipping.editOf', { label: a.label })}
                    >
                      {t('shipping.edit')}
                    </Link>
                  </AddressCard>
                </li>
              );
            })}
          </ul>
        </Suspense>
      )}
      <MessagesDialog
        messages={error?.messages ?? null}
        title={error?.title ?? ''}
        onClose={() => setError(null)}
        testId="shipping-error"
      />
    </section>
  );
}
