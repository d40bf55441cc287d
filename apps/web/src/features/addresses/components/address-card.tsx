import type { Address } from '@store/contracts/address';
import type { ReactNode } from 'react';
import { addressPhone } from '../address-values';
import { AddressLines } from './address-lines';
import { useAddressesTranslation } from '../i18n';

/** A saved address: label, street lines, governorate and map label (AddressLines), phone; actions below. */
export function AddressCard({
  address: a,
  children,
  selected = false,
}: {
  address: Address;
  children?: ReactNode;
  selected?: boolean;
}) {
  const { t } = useAddressesTranslation();
  return (
    <div
      className={`flex h-full flex-col gap-1 rounded-xl border p-4 ${selected ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700' : 'border-slate-200 bg-white'}`}
      data-testid="address-card"
      data-address-id={a.id}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-bold text-slate-900">{a.label}</p>
        {selected && (
          <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
            {t('card.selected')}
          </span>
        )}
      </div>
      <AddressLines address={a} />
      <p className="text-sm text-slate-600">
        {t(`card.${a.number_type}`)}:{' '}
        <span dir="ltr" className="inline-block">
          {addressPhone(a)}
        </span>
      </p>
      {children && <div className="mt-auto flex flex-wrap gap-2 pt-3">{children}</div>}
    </div>
  );
}
