import { useTranslation } from 'react-i18next';

export function Component() {
  const { t } = useTranslation();
  return <h1 className="p-8 text-2xl font-bold">{t('storeName')}</h1>;
}
