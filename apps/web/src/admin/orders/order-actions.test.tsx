import type { AdminOrder } from '@store/contracts/admin-orders';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/dom';
import i18n from '../lib/i18n';
import { OrderActions } from './order-actions';

/** The order page's Actions card: "nothing to do" only when there is nothing to do. */
const order = (next_statuses: string[], refundable: boolean) =>
  ({
    id: 7,
    order_number: '1007',
    status: 'delivered',
    next_statuses,
    refundable,
    order_products: [],
  }) as unknown as AdminOrder;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  fakeApi({});
});
afterEach(cleanup);

const renderCard = (o: AdminOrder) =>
  render(<OrderActions order={o} onMoved={() => {}} onRefunded={() => {}} />);
const NONE = 'No action is possible on this order now.';

describe("an order's Actions card", () => {
  it('offers the refund of a delivered order without saying nothing can be done', () => {
    renderCard(order([], true));
    expect(screen.getByTestId('action-refund')).toBeTruthy();
    expect(screen.queryByText(NONE)).toBeNull();
    // Alone in the card: no divider above it.
    expect(screen.getByTestId('action-refund').parentElement?.className ?? '').not.toContain('border-t');
  });

  it('says nothing can be done only when there is no move and no refund', () => {
    renderCard(order([], false));
    expect(screen.getByText(NONE)).toBeTruthy();
    expect(screen.queryByTestId('action-refund')).toBeNull();
  });

  it('shows the moves, and the refund under them, without the sentence', () => {
    renderCard(order(['canceled'], true));
    expect(screen.getByTestId('action-canceled')).toBeTruthy();
    expect(screen.getByTestId('action-refund')).toBeTruthy();
    expect(screen.queryByText(NONE)).toBeNull();
  });
});
