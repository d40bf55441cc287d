import type { Address } from '@store/contracts/address';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useLocaleStore } from '../../../lib/locale-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Skeleton } from '../../../ui/skeleton';
import { SignedInOnly } from '../../auth';
import { addressQueryOptions } from '../api/addresses';
import { AddressForm } from '../components/address-form';
import { useAddressesTranslation } from '../i18n';
import { ensureNamespace } from '../../../lib/i18n';
import { accountTexts } from '../../../i18n/account';

const ACCOUNT_ADDRESSES = '/my-account/addresses';

/** Only paths of this store (the navigation state could be anything). */
const returnPath = (state: unknown) => {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')
    ? from
    : ACCOUNT_ADDRESSES;
};

/**
 * /address and /address/{addressId} (spec §2): add or edit an address. The navigation state's `from` is where the
 * shopper goes after saving (checkout's shipping step comes back to itself); an address that cannot be fetched
 * sends the shopper to /my-account/addresses (spec §7).
 */
export function Component() {
  return (
    <SignedInOnly>
      <AddressPage />
    </SignedInOnly>
  );
}

function AddressPage() {
  const { t } = useAddressesTranslation();
  // `account:` keys: the breadcrumb names the account area.
  ensureNamespace('account', accountTexts);
  const { addressId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const locale = useLocaleStore((s) => s.locale);
  const from = returnPath(location.state);
  const id = addressId === undefined ? null : Number(addressId);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const existing = useQuery({ ...addressQueryOptions(locale, id ?? 0), enabled: id !== null && valid });
  const [saved, setSaved] = useState<{ kind: 'added' | 'updated'; address: Address } | null>(null);
  const title = id === null ? t('form.addTitle') : t('form.editTitle');
  useDocumentTitle(title);

  if (!valid || existing.isError) return <Navigate to={ACCOUNT_ADDRESSES} replace />;
  const leave = () => void navigate(from, { replace: true });

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-4 sm:px-6">
      <Breadcrumbs
        items={[
          { label: t('account:title'), to: '/my-account/account' },
          { label: t('title'), to: ACCOUNT_ADDRESSES },
          { label: title },
        ]}
      />
      <h1 className="mt-3 mb-5 text-2xl font-bold">{title}</h1>
      <div className="rounded-2xl bg-white p-4 shadow-sm sm:p-6">
        {id !== null && existing.isPending ? (
          <div className="space-y-4">
            <Skeleton className="h-[500px] w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : (
          // A new key per address, so the form starts from that address's values.
          <AddressForm
            key={existing.data?.id ?? 'new'}
            address={existing.data}
            onSaved={(address, kind) => setSaved({ address, kind })}
            onCancel={leave}
          />
        )}
      </div>
      <Dialog
        open={saved !== null}
        onOpenChange={(o) => {
          if (!o) leave();
        }}
        title={saved?.kind === 'updated' ? t('saved.updatedTitle') : t('saved.addedTitle')}
      >
        <p className="text-slate-700" data-testid="address-saved">
          {saved?.kind === 'updated' ? t('saved.updated') : t('saved.added')}
        </p>
        <div className="mt-5 flex justify-end">
          <Button onClick={leave}>{t('common:continue')}</Button>
        </div>
      </Dialog>
    </div>
  );
}
