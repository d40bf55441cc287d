import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { Button, buttonClass } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Skeleton } from '../../../ui/skeleton';
import { deleteAddress } from '../api/address-writes';
import { ADDRESSES_KEY, useAddresses } from '../api/addresses';
import { useAddressesTranslation } from '../i18n';
import { AddressCard } from './address-card';

/** Account area, Addresses tab (spec §2): the list, add, edit, and delete after a confirmation. */
export default function AddressesTab() {
  const { t } = useAddressesTranslation();
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState<number | null>(null);
  const [error, setError] = useState<string[] | null>(null);
  const { data, isPending, isError, refetch } = useAddresses();
  const remove = useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => qc.invalidateQueries({ queryKey: [ADDRESSES_KEY] }),
    onError: (err) =>
      setError(err instanceof ApiError && err.messages.length ? err.messages : [t('errors.deleteFailed')]),
  });
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{t('title')}</h2>
        <Link
          to="/address"
          state={{ from: '/my-account/addresses' }}
          className={buttonClass('primary', 'sm')}
          data-testid="address-add"
        >
          {t('add')}
        </Link>
      </div>
      {isPending ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
        </div>
      ) : isError ? (
        <div className="flex flex-col items-start gap-2">
          <p className="text-red-700">{t('common:error')}</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : data.length === 0 ? (
        <p className="text-slate-600">{t('empty')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {data.map((a) => (
            <li key={a.id}>
              <AddressCard address={a}>
                <Link
                  to={`/address/${a.id}`}
                  state={{ from: '/my-account/addresses' }}
                  className={buttonClass('outline', 'sm')}
                  aria-label={t('editOf', { label: a.label })}
                >
                  {t('edit')}
                </Link>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50"
                  onClick={() => setConfirm(a.id)}
                  disabled={remove.isPending && remove.variables === a.id}
                  aria-label={t('deleteOf', { label: a.label })}
                  data-testid="address-delete"
                >
                  {t('delete')}
                </Button>
              </AddressCard>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={t('confirmTitle')}
        description={t('confirm')}
      >
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirm(null)}>
            {t('common:cancel')}
          </Button>
          <Button
            className="bg-red-700 hover:bg-red-800"
            onClick={() => {
              if (confirm !== null) remove.mutate(confirm);
              setConfirm(null);
            }}
            data-testid="address-delete-confirm"
          >
            {t('delete')}
          </Button>
        </div>
      </Dialog>
      <Dialog open={error !== null} onOpenChange={(o) => !o && setError(null)} title={t('errors.title')}>
        <ul className="space-y-1 text-slate-700">
          {(error ?? []).map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
        <div className="mt-5 flex justify-end">
          <Button onClick={() => setError(null)}>{t('common:close')}</Button>
        </div>
      </Dialog>
    </div>
  );
}
