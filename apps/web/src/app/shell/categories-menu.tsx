import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useCategories } from '../../features/catalog';
import { MenuIcon } from '../../ui/icons';
import { NavDisclosure } from './nav-disclosure';

// The panel is built only once the menu opens (nothing of it is in the server's page), so its code is fetched
// then: when the pointer reaches the menu, or it takes the focus.
const loadPanel = () => import('./categories-panel');
const CategoriesPanel = lazy(loadPanel);

/**
 * The main-category menu: main categories down the start side; the one under the pointer (or focus) shows its
 * sub-categories in columns of 4 (CATEGORY_MENU_GROUP), each with its own sub-categories — three levels.
 */
export function CategoriesMenu() {
  const { t } = useTranslation('shell');
  const { data: tree = [] } = useCategories();
  const loading = <p className="p-4 text-slate-600">{t('common:loading')}</p>;
  return (
    <NavDisclosure
      testId="categories-menu"
      className="static"
      panelClassName="inset-x-0 top-full"
      buttonClassName="bg-brand-700 text-white hover:bg-brand-900 hover:text-white aria-expanded:text-white"
      onIntent={loadPanel}
      label={
        <>
          <MenuIcon size={20} />
          {t('nav.categories')}
        </>
      }
    >
      {tree.length > 0 ? (
        <Suspense fallback={loading}>
          <CategoriesPanel tree={tree} />
        </Suspense>
      ) : (
        loading
      )}
    </NavDisclosure>
  );
}
