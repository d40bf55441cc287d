import { lazy, Suspense } from 'react';
import { useTranslation } from '../../lib/i18n';
import { NavDisclosure } from './nav-disclosure';

// The panel (and its request for the brands) comes once the menu opens; its code is fetched when the pointer
// reaches the menu, or it takes the focus.
const loadPanel = () => import('./brands-panel');
const BrandsPanel = lazy(loadPanel);

/** Every brand, by name, in a panel of columns. */
export function BrandsMenu() {
  const { t } = useTranslation('shell');
  return (
    <NavDisclosure
      testId="brands-menu"
      label={t('nav.brands')}
      panelClassName="start-0 top-full w-[36rem] max-w-[90vw]"
      onIntent={loadPanel}
    >
      <Suspense fallback={<p className="p-4 text-slate-600">{t('common:loading')}</p>}>
        <BrandsPanel />
      </Suspense>
    </NavDisclosure>
  );
}
