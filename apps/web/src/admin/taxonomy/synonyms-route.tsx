import {
  ADMIN_SYNONYMS_PER_PAGE,
  adminSynonymBodySchema,
  SYNONYM_MAX,
  type AdminSynonym,
} from '@store/contracts/admin-synonyms';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { CheckField } from '../components/check-field';
import { DataTable, ListPage, pageCount, Pager, useListFilters, type Column } from '../components/list-page';
import { ErrorBox } from '../components/messages';
import { SearchBox } from '../components/search-box';
import { count } from '../lib/format';
import { useAdminTitle } from '../lib/use-admin-title';
import { createSynonym, deleteSynonym, synonymsQueryOptions, TAXONOMY_KEY } from './api';
import { ConfirmDelete, Forbidden, issuesOf, serverErrors, useCatalogRole, type FieldErrors } from './parts';

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
      <CheckField
        label={t('taxonomy.synonyms.twoWayLabel')}
        checked={twoWay}
        onChange={(e) => setTwoWay(e.target.checked)}
        data-testid="synonym-two-way"
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
  const { values, page, setFilters, setPage } = useListFilters(FILTERS);
  const q = values.q.trim();
  const list = useQuery({
    ...synonymsQueryOptions(q, page),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  const [deleting, setDeleting] = useState<AdminSynonym | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const total = list.data?.meta.total_entries ?? 0;
  const pages = pageCount(total, ADMIN_SYNONYMS_PER_PAGE);
  // A page past the last (its last synonym deleted, here or by someone else): the last page there is, which has the
  // pager (an empty page past the end would have none).
  const pastTheEnd = !!list.data && !list.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pastTheEnd) setPage(pages, true);
  }, [pastTheEnd, pages, setPage]);
  if (!allowed) return <Forbidden title={t('taxonomy.synonyms.title')} />;
  const refresh = () => qc.invalidateQueries({ queryKey: [...TAXONOMY_KEY, 'synonyms'] });
  const pair = (s: AdminSynonym) =>
    t(s.two_way ? 'taxonomy.synonyms.pairBoth' : 'taxonomy.synonyms.pair', {
      term: s.term,
      alternative: s.alternative,
    });
  const columns: Column<AdminSynonym>[] = [
    {
      key: 'term',
      header: t('taxonomy.synonyms.term'),
      className: 'font-semibold',
      cell: (s) => <bdi>{s.term}</bdi>,
    },
    {
      key: 'alternative',
      header: t('taxonomy.synonyms.alternative'),
      cell: (s) => <bdi>{s.alternative}</bdi>,
    },
    {
      key: 'two-way',
      header: t('taxonomy.synonyms.twoWay'),
      cell: (s) => (s.two_way ? t('taxonomy.synonyms.yes') : t('taxonomy.synonyms.no')),
    },
    {
      key: 'actions',
      header: t('taxonomy.brands.columns.actions'),
      srOnly: true,
      className: 'text-end',
      cell: (s) => (
        <Button
          size="sm"
          variant="ghost"
          className="text-red-800"
          onClick={() => setDeleting(s)}
          aria-label={t('taxonomy.synonyms.deleteOf', { pair: pair(s) })}
        >
          {t('taxonomy.delete')}
        </Button>
      ),
    },
  ];

  return (
    <ListPage
      title={t('taxonomy.synonyms.title')}
      intro={<p className="-mt-3 text-sm text-slate-700">{t('taxonomy.synonyms.intro')}</p>}
      top={
        <AddSynonym
          onAdded={(s) => {
            setStatus(t('taxonomy.synonyms.added', { pair: pair(s) }));
            void refresh();
          }}
        />
      }
      notice={status}
      noticeTestId="synonyms-status"
      failure={failure}
      filters={
        <div className="max-w-sm">
          <SearchBox
            value={values.q}
            onSearch={(v) => setFilters({ q: v })}
            label={t('taxonomy.synonyms.filter')}
            placeholder=""
            testId="synonyms-filter"
          />
        </div>
      }
      read={list}
      empty={(d) =>
        d.synonyms.length > 0
          ? null
          : q
            ? t('taxonomy.synonyms.noneFound', { q })
            : t('taxonomy.synonyms.empty')
      }
      dialogs={
        deleting && (
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
        )
      }
    >
      {(d) => (
        <>
          <DataTable
            caption={t('taxonomy.synonyms.title')}
            columns={columns}
            rows={d.synonyms}
            rowKey={(s) => s.id}
            rowTestId={(s) => `synonym-${s.id}`}
            testId="synonyms-table"
            minWidth="min-w-[32rem]"
          />
          <Pager
            page={page}
            pages={pages}
            onPage={(to) => setPage(to)}
            label={t('taxonomy.synonyms.pages')}
            infoTestId="synonyms-count"
            info={t('taxonomy.synonyms.count', {
              count: total,
              n: count(total, locale),
              page: count(page, locale),
              pages: count(pages, locale),
            })}
          />
        </>
      )}
    </ListPage>
  );
}

/** The list's filter in the address: `q`, words of either side. */
const FILTERS = ['q'] as const;
