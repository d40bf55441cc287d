import type { SettlementFile } from '@store/contracts/admin-settlements';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '../../lib/form-errors';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Skeleton } from '../../ui/skeleton';
import { Card } from '../components/card';
import { ErrorBox, LoadError } from '../components/messages';
import { count, dateTime } from '../lib/format';
import { staffName } from '../lib/staff-name';
import { dangerClass } from '../orders/status-actions';
import { removeSettlementFile, SETTLEMENTS_KEY, settlementFilesQueryOptions } from './api';

/**
 * The settlement files uploaded lately, each removable with the amounts it recorded: a file uploaded under the
 * wrong courier (every amount an "unknown shipment") is taken out of the report, then uploaded again under the
 * right one.
 */
export function SettlementFiles() {
  const { t } = useTranslation('settlements');
  const { t: ta } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const qc = useQueryClient();
  const q = useQuery(settlementFilesQueryOptions());
  const [removing, setRemoving] = useState<SettlementFile | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);
  const [removed, setRemoved] = useState<string | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    setFailure([]);
    setRemoved(null);
    try {
      await removeSettlementFile(removing.id);
      setRemoved(removing.file_name);
      setRemoving(null);
    } catch (err) {
      setFailure(errorMessages(err));
    } finally {
      setBusy(false);
    }
    // The report and this list (removed elsewhere meanwhile: the list catches up too).
    await qc.invalidateQueries({ queryKey: SETTLEMENTS_KEY });
  };

  return (
    <Card title={t('files.title')} testId="settlement-files">
      <p
        role="status"
        className="mb-2 text-sm text-emerald-800 empty:hidden"
        data-testid="settlement-removed"
      >
        {removed !== null && (
          <>
            {t('files.removed')} <bdi dir="ltr">{removed}</bdi>. {t('files.removedNote')}
          </>
        )}
      </p>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton className="h-24" />
      ) : q.data.length === 0 ? (
        <p className="py-4 text-center text-slate-600">{t('files.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {q.data.map((f) => (
            <li
              key={f.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-testid="settlement-file-row"
            >
              <div className="min-w-0 text-sm">
                <p className="font-semibold break-all">
                  <bdi dir="ltr">{f.file_name}</bdi>
                </p>
                <p className="text-slate-700">
                  {t(`upload.couriers.${f.courier}`)} · {t('files.rows', { n: count(f.rows, locale) })} ·{' '}
                  {t('files.matched', { n: count(f.matched, locale) })}
                </p>
                {f.recorded > 0 && f.matched === 0 && (
                  <p className="text-amber-900">{t('files.noneMatched')}</p>
                )}
                <p className="text-xs text-slate-600">
                  {t('files.uploaded', {
                    name: f.staff ? staffName(f.staff.name, ta) : t('files.someone'),
                    when: dateTime(f.created_at, locale),
                  })}
                </p>
              </div>
              <button
                type="button"
                className={dangerClass}
                onClick={() => {
                  setFailure([]);
                  setRemoving(f);
                }}
                data-testid="settlement-file-remove"
              >
                {t('files.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={removing !== null}
        onOpenChange={(o) => {
          if (!o && !busy) setRemoving(null);
        }}
        title={t('files.removeTitle')}
        description={
          removing
            ? t('files.confirm', { count: removing.recorded, n: count(removing.recorded, locale) })
            : undefined
        }
      >
        {removing && (
          <p className="mb-3 text-sm font-semibold break-all">
            <bdi dir="ltr">{removing.file_name}</bdi>
          </p>
        )}
        <ErrorBox messages={failure} className="mb-3" />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => setRemoving(null)} disabled={busy}>
            {t('files.cancel')}
          </Button>
          <button
            type="button"
            className={dangerClass}
            disabled={busy}
            onClick={() => void confirmRemove()}
            data-testid="settlement-file-confirm"
          >
            {busy ? t('files.removing') : t('files.remove')}
          </button>
        </div>
      </Dialog>
    </Card>
  );
}
