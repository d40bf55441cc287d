import * as Slider from '@radix-ui/react-slider';
import { DEBOUNCE_MS } from '@store/contracts/constants';
import { priceMessage } from '@store/contracts/price-messages';
import { useEffect, useId, useRef, useState } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { listingTexts } from '../../../i18n/listing';
import { useLocaleStore } from '../../../lib/locale-store';

interface Props {
  /** The applied filter (digits), from the URL. */
  min?: string;
  max?: string;
  /** The list's price range before the price filter (meta.min_price / max_price); unknown while loading. */
  bounds?: { lo: number; hi: number };
  onChange(min: string | undefined, max: string | undefined): void;
}

/** Prices up to 9,999,999 EGP: more digits would mean nothing in this store (and overflow the API's piastres). */
const PRICE_MAX_DIGITS = 7;

const sliderStep = (span: number) => (span > 20_000 ? 100 : span > 2_000 ? 10 : 1);

/**
 * Price range (spec §5): two fields that take digits only (a typed non-digit is refused with the spec's
 * message) and a two-thumb slider; the list follows 500 ms after the last change.
 */
export function PriceFilter({ min, max, bounds, onChange }: Props) {
  const { t } = useNamespace('listing', listingTexts);
  const locale = useLocaleStore((s) => s.locale);
  const id = useId();
  const [minText, setMinText] = useState(min ?? '');
  const [maxText, setMaxText] = useState(max ?? '');
  const [invalid, setInvalid] = useState<'min' | 'max' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  // The URL changed from elsewhere (Back, Clear filters): show what it holds, drop a pending change.
  const [shown, setShown] = useState({ min, max });
  if (shown.min !== min || shown.max !== max) {
    setShown({ min, max });
    setMinText(min ?? '');
    setMaxText(max ?? '');
  }
  useEffect(() => clearTimeout(timer.current), [min, max]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (nextMin: string, nextMax: string) => {
    clearTimeout(timer.current);
    // A lowest price above the highest is explained under the fields; the list stays as it is until it is fixed.
    if (nextMin && nextMax && Number(nextMin) > Number(nextMax)) return;
    timer.current = setTimeout(
      () => onChangeRef.current(nextMin || undefined, nextMax || undefined),
      DEBOUNCE_MS,
    );
  };

  const typed = (which: 'min' | 'max', text: string) => {
    if (!/^\d*$/.test(text)) {
      setInvalid(which);
      return;
    }
    setInvalid(null);
    const clean = text.replace(/^0+(?=\d)/, '');
    if (which === 'min') setMinText(clean);
    else setMaxText(clean);
    schedule(which === 'min' ? clean : minText, which === 'max' ? clean : maxText);
  };

  const reversed = minText !== '' && maxText !== '' && Number(minText) > Number(maxText);
  const lo = bounds ? Math.floor(bounds.lo) : 0;
  const hi = bounds ? Math.max(Math.ceil(bounds.hi), lo + 1) : 1;
  const clamp = (n: number) => Math.min(hi, Math.max(lo, n));
  const sliderValue = [clamp(minText ? Number(minText) : lo), clamp(maxText ? Number(maxText) : hi)];
  if (sliderValue[0]! > sliderValue[1]!) sliderValue.reverse();

  const slid = ([a, b]: number[]) => {
    setInvalid(null);
    // At the ends of the range the filter is off, so the URL stays clean.
    const nextMin = a! <= lo ? '' : String(a);
    const nextMax = b! >= hi ? '' : String(b);
    setMinText(nextMin);
    setMaxText(nextMax);
    schedule(nextMin, nextMax);
  };

  const field =
    'h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm tabular-nums focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30 aria-[invalid=true]:border-red-700';

  return (
    <fieldset data-testid="price-filter">
      <legend className="mb-3 font-bold text-slate-900">{t('filters.price')}</legend>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor={`${id}-min`} className="mb-1 block text-xs font-medium text-slate-700">
            {t('filters.minPrice')}
          </label>
          <input
            id={`${id}-min`}
            inputMode="numeric"
            maxLength={PRICE_MAX_DIGITS}
            autoComplete="off"
            placeholder={String(lo)}
            value={minText}
            onChange={(e) => typed('min', e.target.value)}
            aria-invalid={invalid === 'min' || reversed}
            aria-describedby={`${id}-msg`}
            className={field}
          />
        </div>
        <span className="pb-2 text-slate-500" aria-hidden="true">
          –
        </span>
        <div className="flex-1">
          <label htmlFor={`${id}-max`} className="mb-1 block text-xs font-medium text-slate-700">
            {t('filters.maxPrice')}
          </label>
          <input
            id={`${id}-max`}
            inputMode="numeric"
            maxLength={PRICE_MAX_DIGITS}
            autoComplete="off"
            placeholder={bounds ? String(hi) : ''}
            value={maxText}
            onChange={(e) => typed('max', e.target.value)}
            aria-invalid={invalid === 'max'}
            aria-describedby={`${id}-msg`}
            className={field}
          />
        </div>
      </div>
      <p
        id={`${id}-msg`}
        role="alert"
        className="mt-1 min-h-5 text-xs font-medium text-red-700"
        data-testid="price-error"
      >
        {invalid !== null
          ? priceMessage('price_digits_only', locale)
          : reversed
            ? priceMessage('min_price_above_max', locale)
            : ''}
      </p>
      <Slider.Root
        className="relative mt-2 flex h-6 w-full touch-none items-center select-none data-[disabled]:opacity-50"
        min={lo}
        max={hi}
        step={sliderStep(hi - lo)}
        minStepsBetweenThumbs={0}
        value={sliderValue}
        onValueChange={slid}
        disabled={!bounds}
        dir={locale === 'ar' ? 'rtl' : 'ltr'}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-slate-200">
          <Slider.Range className="absolute h-full rounded-full bg-brand-700" />
        </Slider.Track>
        <Slider.Thumb
          aria-label={t('filters.minPrice')}
          className="block size-5 rounded-full border-2 border-brand-700 bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        />
        <Slider.Thumb
          aria-label={t('filters.maxPrice')}
          className="block size-5 rounded-full border-2 border-brand-700 bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        />
      </Slider.Root>
    </fieldset>
  );
}
