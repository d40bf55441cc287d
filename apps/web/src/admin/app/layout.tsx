import { can, type StaffArea } from '@store/contracts/staff-areas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../ui/spinner';
import { followRoleChanges, meQueryOptions, signOut } from '../auth/api';
import { useStaffAuth } from '../auth/store';
import { LanguageSwitch } from '../components/language-switch';
import { Mark } from '../components/mark';
import { staffName } from '../lib/staff-name';
import { LoadError } from '../components/messages';

/** The menu: each page with the area (contracts' permission table) a member must have to see it. */
const NAV: { to: string; area: StaffArea; label: string; testId?: string }[] = [
  { to: '/', area: 'orders', label: 'nav.dashboard' },
  { to: '/orders', area: 'orders', label: 'nav.orders' },
  { to: '/returns', area: 'orders', label: 'nav.returns', testId: 'nav-returns' },
  { to: '/settlements', area: 'reports', label: 'nav.settlements', testId: 'nav-settlements' },
  { to: '/abandoned-carts', area: 'orders', label: 'nav.abandonedCarts', testId: 'nav-abandoned-carts' },
  { to: '/reports', area: 'reports', label: 'nav.reports', testId: 'nav-reports' },
  { to: '/messages', area: 'messages', label: 'nav.messages', testId: 'nav-messages' },
  { to: '/products', area: 'catalog', label: 'products.title', testId: 'nav-products' },
  { to: '/stock', area: 'stock', label: 'nav.stock' },
  { to: '/imports', area: 'catalog', label: 'imports.nav', testId: 'nav-imports' },
  ...(['categories', 'brands', 'promotions', 'synonyms'] as const).map((page) => ({
    to: `/${page}`,
    area: 'catalog' as const,
    label: `taxonomy.nav.${page}`,
  })),
  { to: '/discounts', area: 'discounts', label: 'nav.discounts', testId: 'nav-discounts' },
  { to: '/content', area: 'content', label: 'content.nav', testId: 'nav-content' },
  { to: '/staff', area: 'staff', label: 'nav.staff' },
  { to: '/outbox', area: 'outbox', label: 'nav.outbox', testId: 'nav-outbox' },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${
    isActive ? 'bg-white text-brand-900' : 'text-white/90 hover:bg-white/10'
  }`;

/**
 * The frame of every signed-in page: on a desktop a side bar (the store's dark blue) with the pages, the language
 * and sign-out; on a phone the same as a bar on top, its pages in a row that scrolls. Signed-out visitors go to
 * the sign-in page, and come back here after.
 */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const staff = useStaffAuth((s) => s.staff);
  const session = useStaffAuth((s) => s.session);
  // Who the session cookie belongs to (asked at each load: nothing of it is stored in the page); a 401 here (no
  // session, or an ended one) signs out like any other.
  const me = useQuery(meQueryOptions(session));
  // A call refused for the role (403: an owner changed it meanwhile) asks again, so the menu and pages follow it.
  const queryClient = useQueryClient();
  useEffect(() => followRoleChanges(queryClient), [queryClient]);
  // The current page's entry in view: the menu scrolls (sideways on a phone, down on a short desktop window).
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [location.pathname, staff]);

  if (!session)
    return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;
  if (!staff)
    return me.isError ? (
      <div className="mx-auto max-w-md p-6">
        <LoadError error={me.error} onRetry={() => void me.refetch()} />
      </div>
    ) : (
      <div className="flex min-h-screen items-center justify-center bg-slate-50" aria-busy="true">
        <Spinner />
      </div>
    );

  return (
    <div className="min-h-screen lg:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-brand-900"
      >
        {t('nav.skip')}
      </a>
      <aside className="bg-brand-900 text-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-64 lg:shrink-0 lg:flex-col">
        <div className="flex items-center gap-2 px-3 pt-3 lg:px-4 lg:pt-5">
          <Mark />
          <div className="min-w-0 leading-tight">
            <p className="truncate font-extrabold">{t('common:storeName')}</p>
            <p className="text-xs text-white/75">{t('title')}</p>
          </div>
          <div className="ms-auto flex items-center gap-1 lg:hidden">
            <LanguageSwitch className="hover:bg-white/10 focus-visible:outline-white" />
          </div>
        </div>
        <nav
          ref={nav}
          aria-label={t('nav.label')}
          className="mt-2 px-2 pb-2 lg:mt-6 lg:min-h-0 lg:flex-1 lg:overflow-y-auto"
        >
          <ul className="flex gap-1 overflow-x-auto lg:flex-col lg:overflow-visible">
            {NAV.filter((page) => can(staff.role, page.area)).map((page) => (
              <li key={page.to}>
                <NavLink to={page.to} end={page.to === '/'} className={navClass} data-testid={page.testId}>
                  {t(page.label)}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/account" className={navClass} data-testid="nav-account">
                {t('nav.account')}
              </NavLink>
            </li>
            <li className="lg:hidden">
              <button type="button" onClick={() => void signOut()} className={navClass({ isActive: false })}>
                {t('nav.signOut')}
              </button>
            </li>
          </ul>
        </nav>
        <div className="hidden border-t border-white/15 p-4 lg:block">
          <p className="truncate text-sm font-semibold" data-testid="staff-name">
            {staffName(staff.name, t)}
          </p>
          <p className="mb-3 truncate text-xs text-white/75" dir="ltr">
            {staff.email}
          </p>
          <p className="mb-3 text-xs text-white/75">{t(`roles.${staff.role}`)}</p>
          <div className="flex flex-wrap items-center gap-2">
            <LanguageSwitch className="hover:bg-white/10 focus-visible:outline-white" />
            <button
              type="button"
              onClick={() => void signOut()}
              className="rounded-lg px-2 py-1.5 text-sm font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              data-testid="sign-out"
            >
              {t('nav.signOut')}
            </button>
          </div>
        </div>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-3 py-4 outline-none sm:px-6 lg:px-8 lg:py-6">
        <Suspense
          fallback={
            <div className="flex justify-center py-16">
              <Spinner />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
