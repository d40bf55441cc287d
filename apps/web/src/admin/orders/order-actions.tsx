import type { AdminOrder } from '@store/contracts/admin-orders';
import type { OrderStatus } from '@store/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { RefundDialog } from './refund-dialog';
import { StatusActions, statusMoves } from './status-actions';

interface Props {
  order: AdminOrder;
  /** A status move was made, or someone else's got there first. */
  onMoved(result: { to: OrderStatus } | { conflict: true }): void;
  /** A refund was made, or someone else changed the order first. */
  onRefunded(result: { refunded: true } | { conflict: true }): void;
}

/**
 * The order page's Actions card: the status moves, then the Refund button when the order can be refunded (with a
 * divider between them when both show). "No action is possible" only when there is neither.
 */
export function OrderActions({ order, onMoved, onRefunded }: Props) {
  const { t } = useTranslation('admin');
  const [refundOpen, setRefundOpen] = useState(false);
  const hasMoves = statusMoves(order).length > 0;

  if (!hasMoves && !order.refundable) {
    return <p className="text-sm text-slate-700">{t('order.actions.none')}</p>;
  }
  return (
    <>
      <StatusActions order={order} onDone={onMoved} />
      {order.refundable && (
        <div className={hasMoves ? 'mt-3 border-t border-slate-100 pt-3' : undefined}>
          <Button variant="outline" onClick={() => setRefundOpen(true)} data-testid="action-refund">
            {t('order.refund.open')}
          </Button>
          <RefundDialog order={order} open={refundOpen} onOpenChange={setRefundOpen} onDone={onRefunded} />
        </div>
      )}
    </>
  );
}
