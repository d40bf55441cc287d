import { useId } from 'react';
import { DEFECT_DAYS, HOTLINE, RETURN_DAYS } from '@store/contracts/constants';
import { STORE_CONTACTS } from '../../../lib/store-contacts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useContentTranslation } from '../use-content-translation';
import { StaticPage } from './static-page';

interface Section {
  title: string;
  paragraphs: string[];
}

/** Terms, privacy and returns: a title, an introduction, then numbered sections (texts in the content namespace). */
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
  // The returns policy's days are the store's rules (contracts), the same the home page promises.
  const sections = t(`${page}.sections`, {
    returnObjects: true,
    returnDays: RETURN_DAYS,
    defectDays: DEFECT_DAYS,
  }) as Section[];
  const baseId = useId();
  return (
    <StaticPage title={title}>
      <article
        className="max-w-3xl rounded-2xl bg-white p-5 leading-relaxed text-slate-800 shadow-sm ring-1 ring-slate-200 sm:p-8"
        data-testid={`policy-${page}`}
      >
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
