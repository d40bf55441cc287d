import type { Product } from '@store/contracts/catalog';
import { useTranslation } from '../../../lib/i18n';

const STARS = '★★★★★';

/**
 * A product's rating (issue 16): five stars filled to the average, the average and how many rated it. Nothing
 * before the first rating. Screen readers get one sentence instead of the stars.
 */
export function RatingStars({
  rating,
  className = '',
  testId = 'product-rating',
  compact = false,
}: {
  rating?: Product['rating'];
  className?: string;
  testId?: string;
  /** On a phone (under 640 px) one star instead of five: a product row's rating beside its price. */
  compact?: boolean;
}) {
  const { t } = useTranslation('catalog');
  if (!rating) return null;
  const average = rating.average.toFixed(1);
  return (
    <p
      className={`flex items-center gap-1 text-xs text-slate-700 ${className}`}
      data-testid={testId}
      role="img"
      aria-label={t('rating.label', { average, count: rating.count })}
    >
      {compact && (
        <span aria-hidden="true" className="hidden leading-none text-amber-500 max-sm:inline">
          ★
        </span>
      )}
      <span
        aria-hidden="true"
        className={`relative inline-block leading-none tracking-tight text-slate-300 ${compact ? 'max-sm:hidden' : ''}`}
      >
        {STARS}
        <span
          className="absolute inset-y-0 start-0 overflow-hidden whitespace-nowrap text-amber-500"
          style={{ width: `${(rating.average / 5) * 100}%` }}
        >
          {STARS}
        </span>
      </span>
      <span aria-hidden="true" className="font-semibold">
        {average}
      </span>
      <span aria-hidden="true">({rating.count})</span>
    </p>
  );
}
