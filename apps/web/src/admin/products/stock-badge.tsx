import type { Locale } from '@store/contracts/constants';
import { LOW_STOCK_AT } from '@store/contracts/constants';
import { useTranslation } from 'react-i18next';
import { count } from '../lib/format';

/** A product's stock: the count, with "low" (at or under LOW_STOCK_AT) or "out" (none left) when it needs a look. */
export function StockBadge({ stock, locale }: { stock: number; locale: Locale }) {
  const { t } = useTranslation('admin');
  const level = stock <= 0 ? 'out' : stock <= LOW_STOCK_AT ? 'low' : 'ok';
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" data-stock-level={level}>
      <span className="font-semibold" dir="ltr">
        {count(stock, locale)}
      </span>
      {level !== 'ok' && (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap ${
            level === 'out' ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'
          }`}
        >
          {t(`products.stockLevel.${level}`)}
        </span>
      )}
    </span>
  );
}
