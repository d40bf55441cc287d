import { price as formatPrice } from '../lib/format';

/** A price in EGP; with `original` above it, the original is shown struck through. */
export function Price({
  value,
  original,
  className = '',
}: {
  value: number;
  original?: number | null;
  className?: string;
}) {
  const discounted = original != null && original > value;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className="font-bold text-slate-900">{formatPrice(value)}</span>
      {discounted && <s className="text-sm text-slate-500">{formatPrice(original)}</s>}
    </span>
  );
}
