import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { useBrands } from '../../features/catalog';
import { brandHref } from './links';

/** The brands menu's panel: every brand, by name, in columns. Its own chunk (brands-menu.tsx). */
export default function BrandsPanel() {
  const { t } = useTranslation('shell');
  const { data } = useBrands({ show_all: true });
  const brands = data?.brands ?? [];
  return (
    <>
      {brands.length > 0 ? (
        <ul className="grid max-h-[60vh] grid-cols-3 gap-1 overflow-y-auto p-3">
          {brands.map((b) => (
            <li key={b.id}>
              <Link
                to={brandHref(b.id)}
                className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700"
              >
                {b.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="p-4 text-slate-600">{t('common:loading')}</p>
      )}
    </>
  );
}
