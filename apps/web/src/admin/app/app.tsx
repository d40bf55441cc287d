import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { queryClient } from '../../app/query-client';
import { useLocaleStore } from '../../lib/locale-store';
import { onStaffSignOut } from '../auth/store';
import i18n from '../lib/i18n';
import { router } from './router';

// Nothing a signed-out staff member saw stays in memory for the next one.
onStaffSignOut(() => queryClient.removeQueries({ queryKey: ['admin'] }));

/** <html lang dir> and i18next follow the chosen language; back-office queries are keyed by it. */
function useLanguageSync() {
  const locale = useLocaleStore((s) => s.locale);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale]);
}

export function AdminApp() {
  useLanguageSync();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
