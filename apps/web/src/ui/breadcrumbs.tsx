import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';
import { ChevronEndIcon } from './icons';
import { BidiText } from './bidi-text';

export interface Crumb {
  label: string;
  /** Omit for the current page (the last crumb). */
  to?: string;
}

/** Home › … › current page. The first crumb (home) is added here. */
export function Breadcrumbs({ items, className = '' }: { items: Crumb[]; className?: string }) {
  const { t } = useTranslation();
  const all: Crumb[] = [{ label: t('home'), to: '/' }, ...items];
  return (
    <nav aria-label={t('breadcrumbs')} className={`text-sm text-slate-600 ${className}`}>
      <ol className="flex flex-wrap items-center gap-1">
        {all.map((c, i) => (
          <li key={`${i}-${c.label}`} className="flex items-center gap-1">
            {i > 0 && <ChevronEndIcon size={14} className="text-slate-400" />}
            {c.to && i < all.length - 1 ? (
              <Link to={c.to} className="hover:text-brand-700 hover:underline">
                <BidiText text={c.label} />
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-slate-900">
                <BidiText text={c.label} />
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
