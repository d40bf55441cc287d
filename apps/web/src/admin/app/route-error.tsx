import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { buttonClass } from '../../ui/button';

/** A page that failed to load (a new version replaced its code: one reload) or to render: a message, never a stack. */
export function AdminRouteError() {
  const error = useRouteError();
  const { t } = useTranslation('admin');
  const message = error instanceof Error ? error.message : String(error);
  const stale = /dynamically imported module|Importing a module script failed/i.test(message);
  useEffect(() => {
    if (stale && !sessionStorage.getItem('admin-stale-reload')) {
      sessionStorage.setItem('admin-stale-reload', '1');
      window.location.reload();
    } else console.error(error);
  }, [error, stale]);
  return (
    <main className="mx-auto max-w-lg p-8 text-center">
      <h1 className="mb-3 text-xl font-bold">{t('errors.pageTitle')}</h1>
      <p className="mb-6 text-slate-700">{t('errors.page')}</p>
      <a href="/admin" className={buttonClass('primary')}>
        {t('nav.dashboard')}
      </a>
    </main>
  );
}
