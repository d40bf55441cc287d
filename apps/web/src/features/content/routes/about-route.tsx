import { HOTLINE } from '@store/contracts/constants';
import type { Branch } from '@store/contracts/catalog';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { MapPinIcon, PhoneIcon } from '../../../ui/icons';
import { Skeleton } from '../../../ui/skeleton';
import { mapUrl, useBranches } from '../api/get-branches';
import { settingText, usePageSettings } from '../api/get-page-settings';
import { StaticPage } from '../components/static-page';
import { useContentTranslation } from '../use-content-translation';

/** /about-us: the texts of the about_us page settings, then a card per branch (spec §2). */
export function Component() {
  const { t } = useContentTranslation();
  const title = t('about.title');
  useDocumentTitle(title);
  const { data: settings, isPending } = usePageSettings('about_us');
  const blocks = [
    { title: settingText(settings, 'first_title'), text: settingText(settings, 'first_paragraph') },
    { title: settingText(settings, 'second_title'), text: settingText(settings, 'second_paragraph') },
  ].filter((b) => b.title || b.text);
  if (!isPending && blocks.length === 0)
    blocks.push({ title: t('about.fallbackTitle'), text: t('about.fallbackText') });

  return (
    <StaticPage title={title}>
      <div className="grid gap-4 md:grid-cols-2" data-testid="about-texts">
        {isPending
          ? [0, 1].map((i) => <Skeleton key={i} className="h-48" />)
          : blocks.map((b, i) => (
              <section key={i} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
                {b.title && <h2 className="mb-3 text-xl font-bold text-brand-900">{b.title}</h2>}
                {b.text && <p className="leading-relaxed whitespace-pre-line text-slate-800">{b.text}</p>}
              </section>
            ))}
      </div>
      <Branches />
    </StaticPage>
  );
}

function Branches() {
  const { t } = useContentTranslation();
  const { data: branches, isPending } = useBranches();
  return (
    <section aria-labelledby="branches-title" className="mt-10">
      <h2 id="branches-title" className="text-xl font-extrabold text-slate-900 sm:text-2xl">
        {t('about.branches')}
      </h2>
      <p className="mt-1 mb-4 text-slate-700">{t('about.branchesIntro')}</p>
      {isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-44" />
          ))}
        </div>
      ) : branches?.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {branches.map((b) => (
            <li key={b.id}>
              <BranchCard branch={b} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">{t('about.noBranches', { hotline: HOTLINE })}</p>
      )}
    </section>
  );
}

function BranchCard({ branch }: { branch: Branch }) {
  const { t } = useContentTranslation();
  return (
    <article
      className="flex h-full flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      data-testid="branch-card"
    >
      <h3 className="text-lg font-bold text-slate-900">{branch.name}</h3>
      <a
        href={mapUrl(branch)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${branch.address} — ${t('about.openMap', { name: branch.name })}`}
        className="flex items-start gap-2 text-brand-700 hover:underline"
      >
        <MapPinIcon size={20} className="mt-0.5 shrink-0" />
        <span>{branch.address}</span>
      </a>
      <dl className="mt-auto space-y-1 text-sm text-slate-700">
        <div className="flex flex-wrap items-center gap-x-2">
          <dt className="inline-flex items-center gap-1 font-semibold">
            <PhoneIcon size={16} />
            {t('about.hotline')}:
          </dt>
          <dd>
            <a href={`tel:${HOTLINE}`} className="font-bold text-brand-700 hover:underline">
              {HOTLINE}
            </a>
          </dd>
        </div>
        {branch.phone_numbers.length > 0 && (
          <div className="flex flex-wrap items-center gap-x-2">
            <dt className="font-semibold">{t('about.phones')}:</dt>
            {branch.phone_numbers.map((n) => (
              <dd key={n}>
                <a href={`tel:${n.replace(/[^\d+]/g, '')}`} dir="ltr" className="hover:underline">
                  {n}
                </a>
              </dd>
            ))}
          </div>
        )}
      </dl>
    </article>
  );
}
