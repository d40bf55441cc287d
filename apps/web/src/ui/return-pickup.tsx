import type { ReturnView } from '@store/contracts/returns';
import type { ReactNode } from 'react';

/**
 * A return's pickup by the courier, as the shopper's returns card (features/orders) and the back office's (the
 * order's returns card, the Returns page) show it: one markup for both, each side giving its own words (its own
 * texts and date format) and look. The storefront's features may not import the back office, so it lives here.
 */
export type ReturnPickup = NonNullable<ReturnView['pickup']>;

/**
 * "Picked up by Bosta: 1234567 · Follow it": the side's words naming the carrier, the tracking number (left to right
 * in either language) and, given `follow`, a link to the courier's page of it in a new tab.
 */
export function ReturnPickupLine({
  pickup,
  text,
  follow,
  testId,
  className,
  numberClassName,
}: {
  pickup: ReturnPickup;
  text: string;
  follow?: string;
  testId?: string;
  className?: string;
  numberClassName?: string;
}) {
  return (
    <p className={className} data-testid={testId}>
      {text}{' '}
      <bdi dir="ltr" className={numberClassName}>
        {pickup.tracking_number}
      </bdi>
      {follow && pickup.tracking_url && (
        <>
          {' · '}
          <a href={pickup.tracking_url} target="_blank" rel="noreferrer" className="text-brand-700 underline">
            {follow}
          </a>
        </>
      )}
    </p>
  );
}

/**
 * The courier's news of the pickup (Bosta's webhook): picked up at the shopper's, back at the shop, each a line in
 * the side's words for its date; nothing before the first.
 */
export function ReturnPickupNews({
  pickup,
  pickedUp,
  backAtShop,
  testId,
  className,
  backClassName,
}: {
  pickup: ReturnPickup;
  pickedUp(at: string): ReactNode;
  backAtShop(at: string): ReactNode;
  testId: string;
  className?: string;
  backClassName?: string;
}) {
  if (!pickup.picked_up_at && !pickup.back_at_shop_at) return null;
  return (
    <ul className={className} data-testid={testId}>
      {pickup.picked_up_at && <li data-testid="return-picked-up">{pickedUp(pickup.picked_up_at)}</li>}
      {pickup.back_at_shop_at && (
        <li data-testid="return-back-at-shop" className={backClassName}>
          {backAtShop(pickup.back_at_shop_at)}
        </li>
      )}
    </ul>
  );
}
