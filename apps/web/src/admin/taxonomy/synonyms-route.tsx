import {
  ADMIN_SYNONYMS_PER_PAGE,
  adminSynonymBodySchema,
  SYNONYM_MAX,
  type AdminSynonym,
} from '@store/contracts/admin-synonyms';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { Field } from '../../ui/field';
import { ErrorBox, LoadError } from '../components/messages';
import { count } from '../lib/format';
import { useAdminTitle } from '../lib/use-admin-title';
import { createSynonym, deleteSynonym, synonymsQueryOptions, TAXONOMY_KEY } from './api';
import {
  Check,
  ConfirmDelete,
  Forbidden,
  issuesOf,
  serverErrors,
  useCatalogRole,
  type FieldErrors,
} from './parts';

/** A new synonym: the word shoppers type, the one it also finds, and whether each finds the other. */
function AddSynonym({ onAdded }: { onAdded(s: AdminSynonym): void }) {
  const { t } = useTranslation('admin');
  const [term, setTerm] = useState('');
  const [alternative, setAlternative] = useState('');
  const [twoWay, setTwoWay] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setFailure([]);
    const r = adminSynonymBodySchema.safeParse({ term, alternative, two_way: twoWay });
    if (!r.success) return setErrors(issuesOf(r.error));
    setErrors({});
    setBusy(true);
    try {
      const { synonym } = await createSynonym(r.data);
      setTerm('');
      setAlternative('');
      setTwoWay(false);
      onAdded(synonym);
    } catch (err) {
      const e = serverErrors(err, ['term', 'alternative']);
      setErrors(e.fields);
      setFailure(e.rest);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="synonym-form"
    >
      <h2 className="font-semibold">{t('taxonomy.synonyms.new')}</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t('taxonomy.synonyms.term')}
          hint={t('taxonomy.synonyms.termHint')}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          error={errors.term}
          maxLength={SYNONYM_MAX}
          autoComplete="off"
          dir="auto"
          data-testid="synonym-term"
        />
        <Field
          label={t('taxonomy.synonyms.alternative')}
          hint={t('taxonomy.synonyms.alternativeHint')}
          value={alternative}
          onChange={(e) => setAlternative(e.target.value)}
          error={errors.alternative}
          maxLength={SYNONYM_MAX}
          autoComplete="off"
          dir="auto"
          data-testid="synonym-alternative"
        />
      </div>
      <Check
        label={t('taxonomy.synonyms.twoWayLabel')}
        checked={twoWay}
        onChange={setTwoWay}
        testId="synonym-two-way"
      />
      <ErrorBox messages={failure} />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy} data-testid="synonym-add">
          {t('taxonomy.synonyms.add')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Search synonyms (owners and catalog staff, decision 020): what shoppers type that should also find another word
 * (an Egyptian spelling of a brand, a common misspelling, an everyday word for the catalog's formal one). Both sides
 * are shown as the search reads them; a change works in the shop's search at once.
 */
export function Component() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  useAdminTitle(t('taxonomy.synonyms.title'));
  const allowed = useCatalogRole();
  const qc = useQueryClient();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const q = useDeferredValue(filter.trim());
  const list = useQuery({
    ...synonymsQueryOptions(q, page),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  const [deleting, setDeleting] = useState<AdminSynonym | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  if (!allowed) return <Forbidden title={t('taxonomy.synonyms.title')} />;
  const refresh = () => qc.invalidateQueries({ queryKey: [...TAXONOMY_KEY, 'synonyms'] });
  const pair = (s: AdminSynonym) =>
    t(s.two_way ? 'taxonomy.synonyms.pairBoth' : 'taxonomy.synonyms.pair', {
      term: s.term,
      alternative: s.alternative,
    });
  const total = list.data?.meta.total_entries ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_SYNONYMS_PER_PAGE));
  // A page past the last (its last synonym deleted, here or by someone else): the last page there is, which has the
  // pager (an empty page past the end would have none).
  if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-bold sm:text-2xl">{t('taxonomy.synonyms.title')}</h1>
        <p className="mt-1 text-sm text-slate-700">{t('taxonomy.synonyms.intro')}</p>
      </div>
      <AddSynonym
        onAdded={(s) => {
          setStatus(t('taxonomy.synonyms.added', { pair: pair(s) }));
          void refresh();
        }}
      />
      <div aria-live="polite">
        <ErrorBox messages={failure} />
        {status && (
          <p className="text-sm text-emerald-800" data-testid="synonyms-status">
            {status}
          </p>
        )}
      </div>
      <Field
        label={t('taxonomy.synonyms.filter')}
        type="search"
        value={filter}
        onChange={(e) => {
          setFilter(e.target.value);
          setPage(1);
        }}
        maxLength={SYNONYM_MAX}
        dir="auto"
        wrapClassName="max-w-sm"
        data-testid="synonyms-filter"
      />
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton className="h-64" />
      ) : list.data.synonyms.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-700">
          {q ? t('taxonomy.synonyms.noneFound', { q }) : t('taxonomy.synonyms.empty')}
        </p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
            <table className="w-full min-w-[32rem] text-sm" data-testid="synonyms-table">
              <caption className="sr-only">{t('taxonomy.synonyms.title')}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="p-3 text-start">
                    {t('taxonomy.synonyms.term')}
                  </th>
                  <th scope="col" className="p-3 text-start">
                    {t('taxonomy.synonyms.alternative')}
                  </th>
                  <th scope="col" className="p-3 text-start">
                    {t('taxonomy.synonyms.twoWay')}
                  </th>
                  <th scope="col" className="p-3 text-start">
                    <span className="sr-only">{t('taxonomy.brands.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data.synonyms.map((s) => (
                  <tr key={s.id} data-testid={`synonym-${s.id}`}>
                    <td className="p-3 font-semibold">
                      <bdi>{s.term}</bdi>
                    </td>
                    <td className="p-3">
                      <bdi>{s.alternative}</bdi>
                    </td>
                    <td className="p-3">
                      {s.two_way ? t('taxonomy.synonyms.yes') : t('taxonomy.synonyms.no')}
                    </td>
                    <td className="p-3 text-end">
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-800"
                        onClick={() => setDeleting(s)}
                        aria-label={t('taxonomy.synonyms.deleteOf', { pair: pair(s) })}
                      >
                        {t('taxonomy.delete')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav
            className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700"
            aria-label={t('taxonomy.synonyms.pages')}
          >
            <span data-testid="synonyms-count">
              {t('taxonomy.synonyms.count', {
                n: count(total, locale),
                page: count(page, locale),
                pages: count(pages, locale),
              })}
            </span>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('taxonomy.synonyms.previous')}
              </Button>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('taxonomy.synonyms.next')}
              </Button>
            </div>
          </nav>
        </>
      )}
      {deleting && (
        <ConfirmDelete
          title={t('taxonomy.synonyms.deleteTitle', { pair: pair(deleting) })}
          onConfirm={async () => {
            await deleteSynonym(deleting.id);
            setFailure([]);
            setStatus(t('taxonomy.synonyms.deleted', { pair: pair(deleting) }));
            await refresh();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
