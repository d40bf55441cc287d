import { useEffect } from 'react';
import i18n from './i18n';

/** Sets the tab title: "<page> | <store name>", or the store name alone. */
export function useDocumentTitle(page: string | undefined) {
  const store = i18n.t('common:storeName');
  useEffect(() => {
    document.title = page ? `${page} | ${store}` : store;
  }, [page, store]);
}
