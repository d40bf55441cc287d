import { useId } from 'react';
import { DEFECT_DAYS, HOTLINE, RETURN_DAYS } from '@store/contracts/constants';
import { useLocaleStore } from '../../../lib/locale-store';
import { STORE_CONTACTS } from '../../../lib/store-contacts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Skeleton } from '../../../ui/skeleton';
import { settingTextIn, usePageSettings } from '../api/get-page-settings';
import { policyBlocks } from '../policy-text';
import { useContentTranslation } from '../use-content-translation';
import { StaticPage } from './static-page';

interface Section {
  title: string;
  paragraphs: string[];
}

const articleClass =
  'max-w-3xl rounded-2xl bg-white p-5 leading-relaxed text-slate-800 shadow-sm ring-1 ring-slate-200 sm:p-8';

/**
 * Terms, privacy and returns. The text the back office saved for the page in the shopper's language (page setting
 * `<page>_body` / `<page>_body_ar` of the static_pages group) when there is one; else the built-in text: an
 * introduction, then numbered sections (texts in the content namespace).
 */
export function PolicyPage({
  page,
  updatedOn,
}: {
  page: 'terms' | 'privacy' | 'returns';
  updatedOn?: string;
}) {
  const { t } = useContentTranslation();
  const title = t(`${page}.title`);
  useDocumentTitle(title);
  const locale = useLocaleStore((s) => s.locale);
  const { data: settings, isPending } = usePageSettings('static_pages');
  const saved = settingTextIn(settings, `${page}_body`, locale);
  if (saved || isPending)
    return (
      <StaticPage title={title}>
        {saved ? <SavedText page={page} text={saved} /> : <Skeleton className="h-96 max-w-3xl" />}
      </StaticPage>
    );
  return <BuiltInText page={page} title={title} updatedOn={updatedOn} />;
}

/** The page's text as typed in the back office: "## " lines are headings, blank lines part paragraphs. */
function SavedText({ page, text }: { page: string; text: string }) {
  return (
    <article className={articleClass} data-testid={`policy-${page}`} data-source="settings">
      {policyBlocks(text).map((b, i) =>
        b.kind === 'heading' ? (
          <h2 key={i} className="mt-6 mb-2 text-lg font-bold text-slate-900 first:mt-0">
            {b.text}
          </h2>
        ) : (
          <p key={i} className="mb-3 whitespace-pre-line">
            {b.text}
          </p>
        ),
      )}
    </article>
  );
}

function BuiltInText({
  page,
  title,
  updatedOn,
}: {
  page: 'terms' | 'privacy' | 'returns';
  title: string;
  updatedOn?: string;
}) {
  const { t } = useContentTranslation();
  // The returns policy's days are the store's rules (contracts), the same the home page promises.
  const sections = t(`${page}.sections`, {
    returnObjects: true,
    returnDays: RETURN_DAYS,
    defectDays: DEFECT_DAYS,
  }) as Section[];
  const baseId = useId();
  return (
    <StaticPage title={title}>
      <article className={articleClass} data-testid={`policy-${page}`}>
        {updatedOn && (
          <p className="mb-4 text-sm font-semibold text-slate-600">{t('updated', { date: updatedOn })}</p>
        )}
        <p className="mb-6 text-lg">{t(`${page}.intro`)}</p>
        <ol className="space-y-6">
          {sections.map((s, i) => (
            <li key={i} aria-labelledby={`${baseId}-${i}`}>
              <h2 id={`${baseId}-${i}`} className="mb-2 text-lg font-bold text-slate-900">
                {i + 1}. {s.title}
              </h2>
              {s.paragraphs.map((p, j) => (
                <p key={j} className="mb-2">
                  {p}
                </p>
              ))}
            </li>
          ))}
        </ol>
        <p className="mt-8 border-t border-slate-200 pt-4 text-slate-700">
          {t('contactLine', { hotline: HOTLINE, email: STORE_CONTACTS.email })}
        </p>
      </article>
    </StaticPage>
  );
}
