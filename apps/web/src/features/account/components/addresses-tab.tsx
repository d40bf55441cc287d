import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, ApiError } from '../../../lib/api-client';
import { MessageDialog } from '../../auth';

interface AddressRow {
  id: number;
  label: string;
  street_name: string;
  building: string;
  district: string;
  governorate: string;
  phone_number: string;
}

/** Addresses: list, add, edit, delete with confirmation. */
export default function AddressesTab() {
  const { t } = useTranslation('addresses');
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState<number | null>(null);
  const [error, setError] = useState<string[] | null>(null);
  const { data, isPending } = useQuery({ queryKey: ['addresses'], queryFn: () => api<{ addresses: AddressRow[] }>('users/addresses') });
  const remove = useMutation({
    mutationFn: (id: number) => api(`users/addresses/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['addresses'] }),
    onError: (err) => setError(err instanceof ApiError && err.messages.length ? err.messages : [t('common:error')]),
  });
  if (isPending) return <p className="text-slate-500">{t('common:loading')}</p>;
  return (
    <div>
      <div className="mb-4 flex items-center justify-between">
        <h2 className="text-lg font-bold">{t('title')}</h2>
        <Link to="/address" state={{ from: '/my-account/addresses' }} className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
          {t('add')}
        </Link>
      </div>
      {!data?.addresses.length && <p className="text-slate-600">{t('empty')}</p>}
      <ul className="grid gap-3 sm:grid-cols-2">
        {data?.addresses.map((a) => (
          <li key={a.id} className="rounded-xl border border-slate-200 p-4" data-testid="address-card">
            <p className="font-bold">{a.label}</p>
            <p className="text-sm text-slate-700">
              {a.building} {a.street_name}، {a.district}، {a.governorate}
            </p>
            <p className="text-sm text-slate-600" dir="ltr">
              {a.phone_number}
            </p>
            <div className="mt-3 flex gap-2">
              <Link to={`/address/${a.id}`} state={{ from: '/my-account/addresses' }} className="rounded-lg border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-700">
                {t('edit')}
              </Link>
              <button type="button" onClick={() => setConfirm(a.id)} className="rounded-lg border border-red-700 px-3 py-1 text-sm font-semibold text-red-700">
                {t('delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <MessageDialog
        open={confirm !== null}
        title={t('confirmTitle')}
        messages={[t('confirm')]}
        actionLabel={t('delete')}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm !== null) remove.mutate(confirm);
          setConfirm(null);
        }}
      />
      <MessageDialog open={!!error} title={t('common:error')} messages={error ?? []} onClose={() => setError(null)} />
    </div>
  );
}
