import { Component, useEffect, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { forgetFailedPages } from './lazy-page';

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

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

/** Catches what a page throws while it loads or renders; another address renders afresh. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; at: string | null }> {
  override state = { error: null as unknown, at: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; at: string | null }) {
    // The error belongs to the address it happened at: following a link (or Back) leaves it.
    if (state.at === null) return { at: props.pathname };
    if (props.pathname !== state.at) return { error: null, at: props.pathname };
    return null;
  }

  override componentDidUpdate(_: BoundaryProps, before: { error: unknown }) {
    // Left the address whose page failed: a page whose code did not arrive is fetched again next time.
    if (before.error && !this.state.error) forgetFailedPages();
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** What a shopper sees instead of a stack when a page fails to load or render. */
function RouteError({ error }: { error: unknown }) {
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
