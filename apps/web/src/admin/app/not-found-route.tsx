import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/button';
import { useAdminTitle } from '../lib/use-admin-title';

export function Component() {
  const { t } = useTranslation('admin');
  useAdminTitle(t('errors.notFoundTitle'));
  return (
    <div className="mx-auto max-w-lg py-12 text-center">
      <h1 className="mb-3 text-xl font-bold">{t('errors.notFoundTitle')}</h1>
      <p className="mb-6 text-slate-700">{t('errors.notFound')}</p>
      <Link to="/" className={buttonClass('primary')}>
        {t('nav.dashboard')}
      </Link>
    </div>
  );
}
