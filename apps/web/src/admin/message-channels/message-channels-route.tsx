import {
  MESSAGE_CHANNELS,
  reachesNobody,
  type AdminMessageChannelsResponse,
  type MessageChannel,
  type StepChannelsRow,
} from '@store/contracts/message-channels';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { useStaffAuth } from '../auth/store';
import { Card } from '../components/card';
import { ErrorBox, LoadError } from '../components/messages';
import { useAdminTitle } from '../lib/use-admin-title';
import { CHANNELS_KEY, channelsQueryOptions, saveChannels } from './api';

/** The steps with a tick per channel; saved all at once. */
function ChannelsForm({ initial }: { initial: AdminMessageChannelsResponse }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [steps, setSteps] = useState<StepChannelsRow[]>(initial.steps);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);
  const unavailable = MESSAGE_CHANNELS.filter((c) => !initial.available[c]);
  const unreachable = (row: StepChannelsRow) => reachesNobody(row, initial.available);

  const toggle = (step: StepChannelsRow['step'], channel: MessageChannel, on: boolean) => {
    setSaved(false);
    setSteps((rows) => rows.map((r) => (r.step === step ? { ...r, [channel]: on } : r)));
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(false);
    if (steps.some(unreachable)) return setFailure([t('channels.unreachableSave')]);
    setSaving(true);
    setFailure([]);
    try {
      const answer = await saveChannels(steps);
      qc.setQueryData(CHANNELS_KEY, answer);
      setSaved(true);
    } catch (err) {
      setFailure(err instanceof ApiError && err.messages.length ? err.messages : [t('channels.failed')]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-4">
      {unavailable.map((c) => (
        <p
          key={c}
          className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid={`channel-off-${c}`}
        >
          {t(`channels.off.${c}`)}
        </p>
      ))}
      <ul className="flex flex-col divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {steps.map((row) => (
          <li key={row.step} className="p-3 sm:p-4">
            <fieldset>
              <legend className="text-sm font-semibold text-slate-900">
                {t(`channels.steps.${row.step}`)}
              </legend>
              <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
                {MESSAGE_CHANNELS.map((c) => (
                  <label key={c} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="size-5"
                      checked={row[c]}
                      onChange={(e) => toggle(row.step, c, e.target.checked)}
                      data-testid={`channel-${row.step}-${c}`}
                    />
                    {t(`channels.names.${c}`)}
                  </label>
                ))}
              </div>
              {unreachable(row) && (
                <p className="mt-1 text-sm text-amber-900" data-testid={`channel-unreachable-${row.step}`}>
                  {t('channels.unreachable')}
                </p>
              )}
            </fieldset>
          </li>
        ))}
      </ul>
      <ErrorBox messages={failure} />
      <p aria-live="polite" className="text-sm text-emerald-800" data-testid="channels-saved">
        {saved ? t('channels.saved') : ''}
      </p>
      <div>
        <Button type="submit" disabled={saving} data-testid="channels-save">
          {t('channels.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Message channels (owners, issue 44): which order steps reach the shopper by SMS, email and WhatsApp. The outbox
 * follows the saved choice from its next message.
 */
export function Component() {
  const { t } = useTranslation('admin');
  useAdminTitle(t('channels.title'));
  const me = useStaffAuth((s) => s.staff);
  const owner = me?.role === 'owner';
  const q = useQuery({ ...channelsQueryOptions(), enabled: owner });
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-bold sm:text-2xl">{t('channels.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('channels.intro')}</p>
      </div>
      {!owner ? (
        <Card>
          <p className="text-slate-800">{t('errors.forbidden')}</p>
        </Card>
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton className="h-96" />
      ) : (
        <ChannelsForm initial={q.data} />
      )}
    </div>
  );
}
