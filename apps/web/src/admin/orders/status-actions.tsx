import { adminOrderStatusBodySchema, ORDER_NOTE_MAX, type AdminOrder } from '@store/contracts/admin-orders';
import type { OrderStatus } from '@store/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { Button, buttonClass } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextAreaField } from '../../ui/field';
import { ErrorBox } from '../components/messages';
import { errorMessages, messageText } from '../../lib/form-errors';
import { changeStatus } from './api';
import { ACTION_ORDER, isStatus } from './labels';

export const dangerClass =
  'inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-red-700 bg-white px-5 text-sm font-semibold whitespace-nowrap text-red-800 transition-colors hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60';

interface Props {
  order: AdminOrder;
  /** The move was made (`to`), or someone else's move got there first (`conflict`): the page reloads the order. */
  onDone(result: { to: OrderStatus } | { conflict: true }): void;
}

/** The moves the order's `next_statuses` allows, in the order the buttons come. */
export const statusMoves = (order: AdminOrder) => ACTION_ORDER.filter((s) => order.next_statuses.includes(s));

/**
 * The moves the answer's `next_statuses` allows (confirm, process, hand to delivery, mark delivered, cancel), each
 * behind a confirmation dialog with an optional note. A 409 means another staff member moved the order first.
 * Nothing when no move is allowed: the Actions card (order-actions.tsx) says so if it has nothing else to offer.
 */
export function StatusActions({ order, onDone }: Props) {
  const { t } = useTranslation('admin');
  const [target, setTarget] = useState<OrderStatus | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const moves = statusMoves(order);

  const open = (s: OrderStatus) => {
    setTarget(s);
    setNote('');
    setNoteError(undefined);
    setFailure([]);
  };

  const confirm = async () => {
    if (!target) return;
    // `from`: the status this page shows. If someone else moved the order since, the API answers 409 and nothing
    // changes, so two staff members never overwrite each other.
    const parsed = adminOrderStatusBodySchema.safeParse({
      status: target,
      ...(isStatus(order.status) ? { from: order.status } : {}),
      ...(note.trim() ? { note } : {}),
    });
    if (!parsed.success) {
      setNoteError(messageText(parsed.error.issues[0]?.message));
      return;
    }
    setBusy(true);
    setFailure([]);
    try {
      await changeStatus(order.id, parsed.data);
      setTarget(null);
      onDone({ to: target });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setTarget(null);
        onDone({ conflict: true });
      } else {
        const fe = err instanceof ApiError ? err.fieldErrors.note : undefined;
        if (fe?.length) setNoteError(fe.join(' '));
        else setFailure(errorMessages(err));
      }
    } finally {
      setBusy(false);
    }
  };

  if (!moves.length) return null;

  return (
    <>
      <div className="flex flex-wrap gap-2">
        {moves.map((s) =>
          s === 'canceled' ? (
            <button
              key={s}
              type="button"
              className={dangerClass}
              onClick={() => open(s)}
              data-testid={`action-${s}`}
            >
              {t(`order.actions.${s}`)}
            </button>
          ) : (
            <Button key={s} onClick={() => open(s)} data-testid={`action-${s}`}>
              {t(`order.actions.${s}`)}
            </Button>
          ),
        )}
      </div>
      <Dialog
        open={target !== null}
        onOpenChange={(o) => {
          if (!o && !busy) setTarget(null);
        }}
        title={target ? t(`order.confirm.${target}`, { id: order.order_number ?? '' }) : ''}
        description={
          target
            ? t('order.confirm.text', {
                from: t(`statuses.${order.status}`, { defaultValue: order.status }),
                to: t(`statuses.${target}`),
              })
            : undefined
        }
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
          className="flex flex-col gap-4"
          data-testid="status-dialog"
        >
          <TextAreaField
            label={t('order.confirm.note')}
            hint={t('order.confirm.noteHint', { max: ORDER_NOTE_MAX })}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={ORDER_NOTE_MAX}
            rows={3}
            error={noteError}
            data-testid="status-note"
          />
          <ErrorBox messages={failure} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={() => setTarget(null)} disabled={busy}>
              {t('order.confirm.back')}
            </Button>
            <button
              type="submit"
              disabled={busy}
              className={target === 'canceled' ? dangerClass : buttonClass('primary')}
              data-testid="status-confirm"
            >
              {busy ? t('order.confirm.working') : t(`order.actions.${target ?? 'confirmed'}`)}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
