import { QueryClientProvider } from '@tanstack/react-query';
import { LOCALES } from '@store/contracts/constants';
import { useEffect, useRef } from 'react';
import { BrowserRouter } from 'react-router';
// The session store registers auth headers and the 401 rule on the API client.
import { onSignOut } from '../features/auth';
import { PAYMENT_STORAGE } from '../features/checkout/payment-storage';
import { useLocaleStore } from '../lib/locale-store';
import { isServer } from '../lib/ssr';
import { queryClient } from './query-client';
import { keyFirstEntry } from './root-layout';
import { AppRoutes } from './router';

export { queryClient };

// The tab's first entry gets a key before the router reads it, so Back can return to its place (root-layout.tsx).
if (!isServer) keyFirstEntry();

/** Keeps <html lang dir> and cached server data in the chosen language (the texts follow it: lib/i18n.ts). */
function useLanguageSync() {
  const locale = useLocaleStore((s) => s.locale);
  const previous = useRef(locale);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
    if (previous.current !== locale) {
      previous.current = locale;
      // Queries keyed by locale fetch the new language by themselves; the others are fetched again now.
      void queryClient.invalidateQueries({
        predicate: (q) => !q.queryKey.some((part) => (LOCALES as readonly unknown[]).includes(part)),
      });
    }
  }, [locale]);
}

// Sign-out drops every cached answer that belonged to the shopper (cart, wishlist, orders).
onSignOut(() => {
  queryClient.removeQueries({ queryKey: ['server-cart'] });
  queryClient.removeQueries({ queryKey: ['wishlist'] });
  queryClient.removeQueries({ queryKey: ['orders'] });
  queryClient.removeQueries({ queryKey: ['addresses'] });
  // A payment session belongs to the shopper who opened it. Its store comes with the checkout's code, not with the
  // first load: what the browser remembers goes here (offline too), and the store, once loaded, forgets its own.
  localStorage.removeItem(PAYMENT_STORAGE);
  // Products as the signed-in shopper saw them (with their favorite flags): the next account must not see them.
  queryClient.removeQueries({
    predicate: (q) => (q.queryKey[0] === 'product' || q.queryKey[0] === 'products') && q.queryKey[2] === true,
  });
});

export function App() {
  useLanguageSync();
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
