import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import { useRouteError } from 'react-router';

const RELOADED_AT = 'store-stale-reload-at';

/**
 * A page's code that is no longer on the server: the store was updated while this tab was open, and the old
 * chunk names are gone. One reload fetches the new build (at most once a minute, so a real outage cannot loop).
 */
function isStaleCode(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
    message,
  );
}

function mayReload(): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  return Date.now() - last > 60_000;
}

/** What a shopper sees instead of React Router's developer page when a page fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const reload = isStaleCode(error) && mayReload();

  useEffect(() => {
    if (!reload) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    window.location.reload();
  }, [reload]);
  useEffect(() => {
    if (!reload) console.error(error);
  }, [error, reload]);

  if (reload) return <div className="min-h-screen bg-slate-50" aria-busy="true" />;
  return (
    <main
      role="alert"
      className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-xl font-bold text-slate-900">{t('error')}</h1>
      <p className="text-slate-600">{t('errorPage.text')}</p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-sky-900 px-4 py-2 font-semibold text-white"
        >
          {t('retry')}
        </button>
        <a href="/" className="rounded-lg border border-sky-900 px-4 py-2 font-semibold text-sky-900">
          {t('errorPage.home')}
        </a>
      </div>
    </main>
  );
}
