import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The tab's title: "<page> | <back office>". */
export function useAdminTitle(page: string | undefined) {
  const { t } = useTranslation('admin');
  const app = t('title');
  useEffect(() => {
    document.title = page ? `${page} | ${app}` : app;
  }, [page, app]);
}
