import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCategories } from '../../features/catalog';
import { ChevronDownIcon } from '../../ui/icons';
import { categoryHref } from './links';

/** A select of the main categories and their sub-categories; choosing one opens /products?category_id=… */
export function CategoryPicker({ className = '' }: { className?: string }) {
  const { t } = useTranslation('shell');
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { data: tree = [] } = useCategories();
  const current = pathname === '/products' ? (params.get('category_id') ?? '') : '';
  const known = tree.some(
    (c) => String(c.id) === current || c.children.some((k) => String(k.id) === current),
  );
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('picker.label')}
      </label>
      <select
        id={id}
        value={known ? current : ''}
        onChange={(e) => navigate(e.target.value ? categoryHref(Number(e.target.value)) : '/products')}
        className="h-11 w-full cursor-pointer appearance-none truncate rounded-lg bg-white/10 pe-8 ps-3 text-sm font-semibold text-white ring-1 ring-white/40 hover:bg-white/15 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-400 [&>*]:text-slate-900"
      >
        <option value="">{t('picker.all')}</option>
        {tree.map((c) => (
          <optgroup key={c.id} label={c.name}>
            <option value={c.id}>{t('nav.allIn', { name: c.name })}</option>
            {c.children.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <ChevronDownIcon
        size={16}
        className="pointer-events-none absolute end-2.5 top-1/2 -translate-y-1/2 text-white"
      />
    </div>
  );
}
