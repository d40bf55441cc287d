import { lazy, Suspense } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { accountTexts } from '../../../i18n/account';
import { Link, Navigate, useParams } from 'react-router';
import { AddressesTab } from '../../addresses';
import { AlertsTab } from '../../alerts';
import { SignedInOnly, useAuth } from '../../auth';
import { OrdersTab } from '../../orders';
import { useDocumentTitle } from '../../../lib/use-document-title';

const TABS = ['account', 'addresses', 'orders', 'wishlist', 'alerts'] as const;
type Tab = (typeof TABS)[number];

const panels: Record<Tab, React.LazyExoticComponent<() => React.JSX.Element>> = {
  account: lazy(() => import('../components/account-tab')),
  // The addresses and orders features own these tabs.
  addresses: AddressesTab,
  orders: OrdersTab,
  wishlist: lazy(() => import('../components/wishlist-tab')),
  // The alerts feature owns this tab (issue 49).
  alerts: AlertsTab,
};

/** /my-account/{tab}: an unknown tab goes to the account tab; no tab shows the account tab (spec §2). */
export function Component() {
  const { t } = useNamespace('account', accountTexts);
  const { tab } = useParams();
  const user = useAuth((s) => s.user);
  useDocumentTitle(TABS.includes(tab as Tab) ? t(`tabs.${tab as Tab}`) : t('tabs.account'));
  if (tab !== undefined && !(TABS as readonly string[]).includes(tab))
    return <Navigate to="/my-account/account" replace />;
  const current: Tab = (tab as Tab | undefined) ?? 'account';
  const Panel = panels[current];
  return (
    <SignedInOnly>
      <div className="mx-auto w-full max-w-6xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold">{t('title', { name: user?.first_name ?? '' })}</h1>
        <div className="flex flex-col gap-6 md:flex-row">
          {/* On a phone the tabs sit in a grid of two columns: all in view, the selected one included. */}
          <nav
            aria-label={t('title', { name: '' })}
            className="grid shrink-0 grid-cols-2 gap-2 md:flex md:w-56 md:flex-col"
          >
            {TABS.map((name) => (
              <Link
                key={name}
                to={`/my-account/${name}`}
                aria-current={name === current ? 'page' : undefined}
                className={`whitespace-nowrap rounded-lg px-4 py-2 text-center font-medium md:text-start ${name === current ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 hover:bg-brand-50'}`}
              >
                {t(`tabs.${name}`)}
              </Link>
            ))}
          </nav>
          <section className="min-w-0 flex-1 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
            <Suspense fallback={<p className="text-slate-500">{t('common:loading')}</p>}>
              <Panel />
            </Suspense>
          </section>
        </div>
      </div>
    </SignedInOnly>
  );
}
