import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { buttonClass } from '../../../ui/button';
import { useContentTranslation } from '../use-content-translation';

/** Any unknown path (and /404): a short message and a way back home. */
export function Component() {
  const { t } = useContentTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center"
      data-testid="not-found"
    >
      <p aria-hidden="true" className="text-7xl font-extrabold text-brand-700 sm:text-8xl">
        404
      </p>
      <h1 className="mt-4 text-2xl font-extrabold text-slate-900 sm:text-3xl">{t('notFound.title')}</h1>
      <p className="mt-3 text-slate-700">{t('notFound.text')}</p>
      <Link to="/" className={buttonClass('primary', 'lg', 'mt-8')}>
        {t('notFound.backHome')}
      </Link>
    </div>
  );
}
