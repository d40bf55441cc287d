import { STATIC_PAGES } from '@store/contracts/admin-content';
import { useTranslation } from 'react-i18next';
import { Card } from '../components/card';
import { useAdminTitle } from '../lib/use-admin-title';
import { Bilingual, SettingsPage } from './settings-editor';

/** Where each page lives in the store (apps/web/src/app/routes.tsx). */
const PAGE_PATHS = {
  terms: '/terms-conditions',
  privacy: '/privacy-policy',
  returns: '/returns-policy',
} as const satisfies Record<(typeof STATIC_PAGES)[number], string>;

/**
 * The texts of the store's static pages (terms, privacy, returns), Arabic beside English. An empty text leaves the
 * store's built-in one; a blank line starts a paragraph and a "## " line is a heading (shown as text, never HTML).
 */
export function Component() {
  const { t, i18n } = useTranslation('admin');
  useAdminTitle(t('content.staticPages.title'));
  const lang = i18n.language === 'en' ? '?lang=en' : '';
  return (
    <SettingsPage group="static_pages">
      {(editor) => (
        <>
          <p
            className="rounded-xl bg-sky-50 p-3 text-sm text-sky-950 ring-1 ring-sky-200"
            data-testid="static-help"
          >
            {t('content.staticPages.help')}
          </p>
          {STATIC_PAGES.map((page) => (
            <Card
              key={page}
              testId={`static-${page}`}
              title={t(`content.staticPages.${page}`)}
              action={
                <a
                  href={`${PAGE_PATHS[page]}${lang}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-sm font-semibold text-brand-700 hover:underline"
                >
                  {t('content.staticPages.open')}
                </a>
              }
            >
              <Bilingual
                editor={editor}
                name={`${page}_body`}
                label={t('content.staticPages.text')}
                rows={14}
              />
            </Card>
          ))}
        </>
      )}
    </SettingsPage>
  );
}
