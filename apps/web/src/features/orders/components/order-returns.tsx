import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INTERNAL_ORDER_STATES } from '@store/contracts/order-states';
import type { Order } from '@store/contracts/checkout';
import {
  RETURN_DETAILS_MAX,
  RETURN_PHOTOS_MAX,
  RETURN_REASONS,
  type ReturnReason,
  type ReturnView,
} from '@store/contracts/returns';
import { useState, type FormEvent } from 'react';
import ar from '../../../i18n/ar/returns.json';
import en from '../../../i18n/en/returns.json';
import { errorMessages } from '../../../lib/form-errors';
import { longDate, price } from '../../../lib/format';
import { useNamespace } from '../../../lib/i18n';
import { useLocaleStore } from '../../../lib/locale-store';
import { BidiText } from '../../../ui/bidi-text';
import { buttonClass } from '../../../ui/button';
import { SelectField, TextAreaField } from '../../../ui/field';
import { ReturnPickupLine, ReturnPickupNews } from '../../../ui/return-pickup';
import { ORDERS_KEY } from '../api/orders';
import { requestReturn, returnsQueryOptions } from '../api/returns';

const STATUS_TONE: Record<ReturnView['status'], string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  refused: 'bg-red-100 text-red-900',
  refunded: 'bg-emerald-100 text-emerald-900',
};

/**
 * The order's returns (issue 48 item 5, spec §9), on its page: each return with where it stands (waiting, approved
 * with the courier's pickup, refused with our note, refunded with the amount and how), and, within 14 days of
 * delivery, the form to ask for one: units per line, a reason, the shopper's words and up to 3 photos.
 */
export function OrderReturns({ order }: { order: Order }) {
  const { t } = useNamespace('returns', { ar, en });
  const locale = useLocaleStore((s) => s.locale);
  // Not an order placed (yet): an online payment under way or not completed, or the cart a failed payment gave back
  // (the failure page's "Back to order" opens it). Nothing to return, and the API says 404 for them.
  const placed = !(INTERNAL_ORDER_STATES as readonly string[]).includes(order.status);
  const { data } = useQuery({ ...returnsQueryOptions(locale, order.id), enabled: placed });
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  if (!data || (!data.returns.length && !data.can_request)) return null;
  return (
    <section
      aria-labelledby="order-returns"
      className="rounded-2xl bg-white p-4 shadow-sm sm:p-5"
      data-testid="order-returns"
    >
      <h2 id="order-returns" className="text-lg font-bold">
        {t('title')}
      </h2>
      {data.can_request && data.open_until && (
        <p className="mt-1 text-sm text-slate-600">
          {t('policy', { date: longDate(data.open_until, locale) })}
        </p>
      )}
      {sent && (
        <p role="status" className="mt-2 text-sm text-emerald-800" data-testid="return-sent">
          {t('sent')}
        </p>
      )}
      {data.can_request && !open && (
        <button
          type="button"
          className={buttonClass('outline', 'sm', 'mt-3')}
          onClick={() => {
            setOpen(true);
            setSent(false);
          }}
          data-testid="return-start"
        >
          {t('start')}
        </button>
      )}
      {open && (
        <ReturnForm
          order={order}
          returnable={data.returnable}
          onDone={() => {
            setOpen(false);
            setSent(true);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
      {data.returns.length > 0 && (
        <ul className="mt-4 space-y-3">
          {data.returns.map((r) => (
            <ReturnCard key={r.id} r={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ReturnCard({ r }: { r: ReturnView }) {
  const { t } = useNamespace('returns', { ar, en });
  const locale = useLocaleStore((s) => s.locale);
  return (
    <li className="rounded-xl border border-slate-200 p-3 text-sm" data-testid="return-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">{t('request', { id: r.id })}</p>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[r.status]}`}
          data-testid="return-status"
        >
          {t(`status.${r.status}`)}
        </span>
      </div>
      <p className="mt-1 text-slate-600">
        {t('askedOn', { date: longDate(r.created_at, locale) })} · {t(`reasons.${r.reason}`)}
      </p>
      <ul className="mt-2 space-y-0.5">
        {r.lines.map((l) => (
          <li key={l.order_product_id} className="break-words">
            {l.quantity} × <BidiText text={l.name} />
          </li>
        ))}
      </ul>
      {r.staff_note && (
        <p className="mt-2 break-words text-slate-700" data-testid="return-note">
          {t('note', { note: r.staff_note })}
        </p>
      )}
      {r.pickup && (
        <>
          <ReturnPickupLine
            pickup={r.pickup}
            text={t('pickup', { carrier: r.pickup.carrier })}
            follow={t('follow')}
            testId="return-pickup"
            className="mt-2 text-slate-700"
            numberClassName="font-semibold"
          />
          <ReturnPickupNews
            pickup={r.pickup}
            pickedUp={(at) => t('pickedUp', { date: longDate(at, locale) })}
            backAtShop={(at) => t('backAtShop', { date: longDate(at, locale) })}
            testId="return-pickup-news"
            className="mt-1 flex flex-col gap-1 text-slate-700"
          />
        </>
      )}
      {r.refund !== null && (
        <p className="mt-2 font-semibold text-emerald-800" data-testid="return-refund">
          {t('refunded', { amount: price(r.refund) })}
          {r.refund_method && ` ${t(`methods.${r.refund_method}`)}`}
        </p>
      )}
    </li>
  );
}

function ReturnForm({
  order,
  returnable,
  onDone,
  onCancel,
}: {
  order: Order;
  returnable: { order_product_id: number; quantity: number }[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useNamespace('returns', { ar, en });
  const qc = useQueryClient();
  const [units, setUnits] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [details, setDetails] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [problem, setProblem] = useState<string[]>([]);
  const lines = returnable
    .filter((l) => l.quantity > 0)
    .map((l) => ({ ...l, line: order.order_products.find((p) => p.id === l.order_product_id) }))
    .filter((l) => l.line);
  const send = useMutation({
    mutationFn: () =>
      requestReturn(order.id, {
        lines: Object.entries(units)
          .filter(([, n]) => n > 0)
          .map(([id, n]) => ({ order_product_id: Number(id), quantity: n })),
        reason: reason as ReturnReason,
        details,
        photos,
      }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: [ORDERS_KEY] });
      onDone();
    },
    onError: (err) => setProblem(errorMessages(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const mine: string[] = [];
    if (!Object.values(units).some((n) => n > 0)) mine.push(t('chooseItems'));
    if (!reason) mine.push(t('chooseReason'));
    if (photos.length > RETURN_PHOTOS_MAX) mine.push(t('tooManyPhotos'));
    setProblem(mine);
    if (!mine.length) send.mutate();
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-3" data-testid="return-form" noValidate>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">{t('quantity')}</legend>
        {lines.map(({ order_product_id, quantity, line }) => (
          <div key={order_product_id} className="flex min-w-0 items-center justify-between gap-3">
            <label
              htmlFor={`return-units-${order_product_id}`}
              className="min-w-0 flex-1 text-sm break-words"
            >
              <BidiText text={line!.product.title} />
              <span className="block text-xs text-slate-500">{t('left', { n: quantity })}</span>
            </label>
            <select
              id={`return-units-${order_product_id}`}
              className="h-11 w-20 shrink-0 rounded-lg border border-slate-300 bg-white px-2"
              value={units[order_product_id] ?? 0}
              onChange={(e) => setUnits({ ...units, [order_product_id]: Number(e.target.value) })}
              data-testid="return-units"
            >
              {Array.from({ length: quantity + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n === 0 ? t('none') : n}
                </option>
              ))}
            </select>
          </div>
        ))}
      </fieldset>
      <SelectField
        label={t('reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value as ReturnReason)}
        data-testid="return-reason"
      >
        <option value="">{t('chooseReason')}</option>
        {RETURN_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`reasons.${r}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('details')}
        rows={3}
        maxLength={RETURN_DETAILS_MAX}
        value={details}
        onChange={(e) => setDetails(e.target.value)}
        data-testid="return-details"
      />
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor="return-photos" className="text-sm font-medium text-slate-700">
          {t('photos')}
        </label>
        <input
          id="return-photos"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          multiple
          className="w-full min-w-0 text-sm"
          onChange={(e) => setPhotos(Array.from(e.target.files ?? []))}
          data-testid="return-photos"
        />
        <p className="text-xs text-slate-500">{t('photosHint')}</p>
      </div>
      {problem.length > 0 && (
        <ul role="alert" className="space-y-0.5 text-sm text-red-700" data-testid="return-errors">
          {problem.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={buttonClass('primary', 'md')}
          disabled={send.isPending}
          data-testid="return-submit"
        >
          {send.isPending ? t('sending') : t('submit')}
        </button>
        <button type="button" className={buttonClass('ghost', 'md')} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
