import { STAFF_ALERT_KINDS, type StaffAlertKind } from '@store/contracts/staff';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { useStaffAuth } from '../auth/store';
import { Card } from '../components/card';
import { Field } from '../../ui/field';
import { ErrorBox, LoadError } from '../components/messages';
import { errorMessages } from '../../lib/form-errors';
import { ALERTS_KEY, alertsQueryOptions, saveAlerts } from './api';

/**
 * The staff alerts this member gets by email (issue 44): ticked kinds, sent as one digest a minute at most in the
 * language the back office is in when saved; an owner may add a mobile number that gets the digest by SMS too.
 */
function AlertsForm({
  initial,
  isOwner,
}: {
  initial: { kinds: StaffAlertKind[]; phone: string | null };
  isOwner: boolean;
}) {
  const { t, i18n } = useTranslation('admin');
  const qc = useQueryClient();
  const [kinds, setKinds] = useState<StaffAlertKind[]>(initial.kinds);
  const [phone, setPhone] = useState(initial.phone ?? '');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);

  const toggle = (kind: StaffAlertKind, on: boolean) =>
    setKinds((k) => (on ? [...k.filter((x) => x !== kind), kind] : k.filter((x) => x !== kind)));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setFailure([]);
    setSaved(false);
    try {
      await saveAlerts({
        kinds,
        locale: i18n.language === 'en' ? 'en' : 'ar',
        ...(isOwner ? { phone: phone.trim() } : {}),
      });
      setSaved(true);
      await qc.invalidateQueries({ queryKey: ALERTS_KEY });
    } catch (err) {
      setFailure(errorMessages(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('account.alerts.kinds')}</legend>
        {STAFF_ALERT_KINDS.map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4"
              checked={kinds.includes(kind)}
              onChange={(e) => toggle(kind, e.target.checked)}
              data-testid={`alert-${kind}`}
            />
            {t(`account.alerts.kind.${kind}`)}
          </label>
        ))}
      </fieldset>
      {isOwner && (
        <div className="sm:max-w-xs">
          <Field
            label={t('account.alerts.phone')}
            hint={t('account.alerts.phoneHint')}
            inputMode="tel"
            dir="ltr"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            data-testid="alert-phone"
          />
        </div>
      )}
      <ErrorBox messages={failure} />
      <p aria-live="polite" className="text-sm text-emerald-800" data-testid="alerts-saved">
        {saved ? t('account.alerts.saved') : ''}
      </p>
      <div>
        <Button type="submit" disabled={saving} data-testid="alerts-save">
          {t('account.alerts.save')}
        </Button>
      </div>
    </form>
  );
}

export function AlertsCard() {
  const { t } = useTranslation('admin');
  const me = useStaffAuth((s) => s.staff);
  const q = useQuery(alertsQueryOptions());
  return (
    <Card title={t('account.alerts.title')} testId="alerts-card">
      <p className="mb-3 text-sm text-slate-700">{t('account.alerts.why')}</p>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton className="h-16" />
      ) : (
        <AlertsForm initial={q.data} isOwner={me?.role === 'owner'} />
      )}
    </Card>
  );
}
