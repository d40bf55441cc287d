import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
// The session store registers auth headers and the 401 rule on the API client.
import { onSignOut } from '../features/auth';
import i18n from '../lib/i18n';
import { useLocaleStore } from '../lib/locale-store';
import { router } from './router';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      retry: (count, err) => count < 2 && !((err as unknown as { status?: number }).status! < 500),
      refetchOnWindowFocus: false,
    },
  },
});

/** Keeps <html lang dir>, i18next and cached server data in the chosen language. */
function useLanguageSync() {
  const locale = useLocaleStore((s) => s.locale);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale]);
}

// Sign-out drops every cached answer that belonged to the shopper (cart, wishlist, orders).
onSignOut(() => {
  queryClient.removeQueries({ queryKey: ['server-cart'] });
  queryClient.removeQueries({ queryKey: ['wishlist'] });
  queryClient.removeQueries({ queryKey: ['orders'] });
  queryClient.removeQueries({ queryKey: ['addresses'] });
});

export function App() {
  useLanguageSync();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
