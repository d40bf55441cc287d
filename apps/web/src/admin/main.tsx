// Zod without eval, before any schema is used (the store's CSP allows none).
import '../lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './admin.css';
import './lib/i18n';
import { currentLocale } from '../lib/locale-store';
import { AdminApp } from './app/app';

// The language before the first paint (no inline script: the store's content security policy allows none).
const locale = currentLocale();
document.documentElement.lang = locale;
document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AdminApp />
  </StrictMode>,
);
