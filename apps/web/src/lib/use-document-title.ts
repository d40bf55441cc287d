import { useEffect } from 'react';
import i18n from './i18n';
import { serverHead } from './ssr';

/** Sets the tab title: "<page> | <store name>", or the store name alone. */
export function useDocumentTitle(page: string | undefined) {
  const store = i18n.t('common:storeName');
  // On the server the title goes into the rendered page's <title> (entry-server.tsx).
  if (serverHead.current) serverHead.current.title = page ? `${page} | ${store}` : store;
  useEffect(() => {
    document.title = page ? `${page} | ${store}` : store;
  }, [page, store]);
}
