import { RATING_MAX, RATING_MIN } from '@store/contracts/constants';
import { useId, useState } from 'react';
import { useOrdersTranslation } from '../i18n';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/** 1 to 5 stars as a group of radio buttons (arrow keys move, the selection is announced). */
export function StarRating({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange(rating: number): void;
}) {
  const { t } = useOrdersTranslation();
  const name = useId();
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="sr-only">{label}</legend>
      <div className="flex gap-1" onMouseLeave={() => setHover(null)}>
        {STARS.map((n) => (
          <label
            key={n}
            className="relative cursor-pointer rounded-md p-0.5 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-brand-700"
            onMouseEnter={() => setHover(n)}
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="absolute inset-0 m-0 size-full cursor-pointer opacity-0"
              aria-label={t('rating.stars', { n })}
            />
            <Star size={30} lit={n <= shown} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Star({ size, lit }: { size: number; lit: boolean }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={lit ? 'text-accent-500' : 'text-slate-300'}
    >
      <path
        fill="currentColor"
        d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z"
      />
    </svg>
  );
}

/** A rating already given, as stars (read-only; the text beside it says the number). */
export function Stars({ value }: { value: number }) {
  return (
    <span className="flex gap-0.5" aria-hidden="true">
      {STARS.map((n) => (
        <Star key={n} size={20} lit={n <= value} />
      ))}
    </span>
  );
}
