import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useCan } from '../auth/store';

const TABS = [
  { to: '/content', key: 'home', end: true },
  { to: '/content/about', key: 'about', end: false },
  { to: '/content/static-pages', key: 'staticPages', end: false },
  { to: '/content/branches', key: 'branches', end: false },
  { to: '/content/delivery-zones', key: 'zones', end: false },
  { to: '/content/banks', key: 'banks', end: false },
] as const;

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `shrink-0 rounded-full border px-3 py-1.5 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
    isActive
      ? 'border-brand-700 bg-brand-700 text-white'
      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
  }`;

/** The storefront's content (owners and catalog staff): its pages as tabs above each one. */
export function Component() {
  const { t } = useTranslation('admin');
  const allowed = useCan('content');
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('content.title')}</h1>
      {allowed ? (
        <>
          <nav aria-label={t('content.tabs.label')}>
            <ul className="flex gap-2 overflow-x-auto pb-1">
              {TABS.map((tab) => (
                <li key={tab.to}>
                  <NavLink to={tab.to} end={tab.end} className={tabClass}>
                    {t(`content.tabs.${tab.key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Outlet />
        </>
      ) : (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-800">
          {t('errors.forbidden')}
        </p>
      )}
    </div>
  );
}
