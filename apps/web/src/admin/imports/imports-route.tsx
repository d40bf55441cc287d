import {
  IMPORT_COLUMNS,
  IMPORT_MAX_MB,
  IMPORT_OUTCOMES,
  type AdminImport,
  type ImportOutcome,
} from '@store/contracts/admin-imports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocaleStore } from '../../lib/locale-store';
import { useMediaQuery } from '../../lib/use-media-query';
import { Button, buttonClass } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { useCan } from '../auth/store';
import { Card } from '../components/card';
import { ErrorBox, LoadError } from '../components/messages';
import { count, dateTime } from '../lib/format';
import { errorMessages } from '../../lib/form-errors';
import { staffName } from '../lib/staff-name';
import { useAdminTitle } from '../lib/use-admin-title';
import {
  downloadAllProducts,
  downloadTemplate,
  importQueryOptions,
  IMPORTS_KEY,
  recentImportsQueryOptions,
  ROWS_PER_PAGE,
  runCheckedImport,
  uploadImport,
} from './api';
import { ChangedFieldsSummary, RowChanges } from './row-changes';

type OutcomeFilter = ImportOutcome | 'all';

const OUTCOME_TONE: Record<ImportOutcome, string> = {
  added: 'bg-emerald-100 text-emerald-900',
  changed: 'bg-sky-100 text-sky-900',
  unchanged: 'bg-slate-100 text-slate-800',
  refused: 'bg-red-100 text-red-900',
};

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file to import: picked or dropped, then checked first (dry run) or imported at once. */
function UploadCard({ onStarted }: { onStarted(job: AdminImport): void }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [failure, setFailure] = useState<string[]>([]);

  const pick = (f: File | undefined) => {
    setFailure([]);
    if (!f) return;
    if (f.size > IMPORT_MAX_MB * 1024 * 1024) {
      setFailure([t('imports.tooLarge', { max: IMPORT_MAX_MB })]);
      return;
    }
    setFile(f);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    pick(e.dataTransfer.files[0]);
  };
  const start = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(dryRun ? 'check' : 'import');
    setFailure([]);
    try {
      const { import: job } = await uploadImport(file, dryRun);
      await qc.invalidateQueries({ queryKey: IMPORTS_KEY });
      onStarted(job);
    } catch (err) {
      setFailure(errorMessages(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t('imports.upload.title')} testId="import-upload">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center ${
          over ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50'
        }`}
      >
        <p className="text-slate-800">{t('imports.upload.drop')}</p>
        <label className={buttonClass('outline', 'sm', 'cursor-pointer')}>
          {t('imports.upload.choose')}
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            data-testid="import-file"
            onChange={(e) => pick(e.target.files?.[0])}
          />
        </label>
        {file && (
          <p className="text-sm text-slate-700" data-testid="import-file-name">
            {t('imports.upload.chosen', { name: file.name })}
          </p>
        )}
      </div>
      <ErrorBox messages={failure} className="mt-3" />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button disabled={!file || busy !== null} onClick={() => void start(true)} data-testid="import-check">
          {busy === 'check' ? t('imports.upload.sending') : t('imports.upload.check')}
        </Button>
        <Button
          variant="outline"
          disabled={!file || busy !== null}
          onClick={() => void start(false)}
          data-testid="import-now"
        >
          {busy === 'import' ? t('imports.upload.sending') : t('imports.upload.importNow')}
        </Button>
      </div>
    </Card>
  );
}

function Progress({ job }: { job: AdminImport }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label={t('imports.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={job.progress}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-all"
          style={{ width: `${job.progress}%` }}
        />
      </div>
      <p className="text-sm text-slate-700">
        {t('imports.processed', {
          count: job.total,
          done: count(job.processed, locale),
          total: count(job.total, locale),
        })}
      </p>
      {job.gives_way && <p className="text-sm text-slate-600">{t('imports.givesWay')}</p>}
    </div>
  );
}

/** One import: its progress while it runs, then its counts and its rows, refused first. */
function JobCard({ id, onStarted }: { id: number; onStarted(job: AdminImport): void }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const qc = useQueryClient();
  const [outcome, setOutcome] = useState<OutcomeFilter>('all');
  const [page, setPage] = useState(1);
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // A phone's last column is a third of its width: a row's changes (titles quoted) take a line of their own there.
  const wide = useMediaQuery('(min-width: 640px)');
  const q = useQuery(importQueryOptions(id, { outcome, page }, locale));
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton className="h-48" />;
  const { import: job, rows, meta } = q.data;
  const running = job.status === 'queued' || job.status === 'running';

  const runForReal = async () => {
    setBusy(true);
    setFailure([]);
    try {
      const { import: next } = await runCheckedImport(job.id);
      await qc.invalidateQueries({ queryKey: IMPORTS_KEY });
      onStarted(next);
    } catch (err) {
      setFailure(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      testId="import-job"
      title={t(job.dry_run ? 'imports.job.checkTitle' : 'imports.job.importTitle', { name: job.file_name })}
      action={
        <span className="text-sm text-slate-600" data-testid="import-status">
          {t(`imports.status.${job.status}`)}
        </span>
      }
    >
      <div className="flex flex-col gap-4">
        {running && <Progress job={job} />}
        {job.error && <ErrorBox messages={[job.error]} />}
        <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4" data-testid="import-counts">
          {IMPORT_OUTCOMES.map((o) => (
            <div key={o} className={`rounded-xl p-3 ${OUTCOME_TONE[o]}`}>
              <dt className="text-sm">{t(job.dry_run ? `imports.willBe.${o}` : `imports.were.${o}`)}</dt>
              <dd className="text-2xl font-bold" data-testid={`import-count-${o}`}>
                {count(job[o], locale)}
              </dd>
            </div>
          ))}
        </dl>
        <ChangedFieldsSummary job={job} />
        {job.dry_run && job.status === 'done' && (
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3">
            <p className="min-w-0 flex-1 text-sm text-slate-800">
              {job.refused
                ? t('imports.job.readyWithRefused', { count: job.refused, n: job.refused })
                : t('imports.job.ready')}
            </p>
            <Button onClick={() => void runForReal()} disabled={busy} data-testid="import-run">
              {t('imports.job.run')}
            </Button>
          </div>
        )}
        <ErrorBox messages={failure} />

        <div role="group" aria-label={t('imports.rows.filter')} className="flex flex-wrap gap-1">
          {(['all', ...IMPORT_OUTCOMES] as const).map((o) => (
            <button
              key={o}
              type="button"
              aria-pressed={outcome === o}
              onClick={() => {
                setOutcome(o);
                setPage(1);
              }}
              className={`rounded-full border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                outcome === o
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
              }`}
            >
              {t(`imports.rows.${o}`)}
            </button>
          ))}
        </div>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600">
            {running ? t('imports.rows.waiting') : t('imports.rows.none')}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="import-rows">
              <thead>
                <tr className="border-b border-slate-200 text-start text-slate-600">
                  <th scope="col" className="p-2 text-start font-semibold">
                    {t('imports.rows.row')}
                  </th>
                  <th scope="col" className="p-2 text-start font-semibold">
                    {t('imports.rows.outcome')}
                  </th>
                  <th scope="col" className="p-2 text-start font-semibold">
                    {t('imports.rows.product')}
                  </th>
                  <th scope="col" className="p-2 text-start font-semibold">
                    {t('imports.rows.reasons')}
                  </th>
                </tr>
              </thead>
              {rows.map((r) => (
                <tbody key={r.row_number} className="border-b border-slate-100" data-testid="import-row">
                  <tr className="align-top">
                    <td className="p-2 tabular-nums">{r.row_number}</td>
                    <td className="p-2">
                      <span
                        className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${OUTCOME_TONE[r.outcome]}`}
                      >
                        {t(job.dry_run ? `imports.willBe.${r.outcome}` : `imports.were.${r.outcome}`)}
                      </span>
                    </td>
                    <td className="p-2">
                      {r.product_id !== null && (
                        <Link to={`/products/${r.product_id}`} className="text-brand-700 underline">
                          #{r.product_id}
                        </Link>
                      )}
                    </td>
                    <td className="p-2">
                      {/* Each reason names its column and the rule (the API says it in the member's language). */}
                      <ul className="flex flex-col gap-0.5">
                        {Object.entries(r.reasons).flatMap(([field, messages]) =>
                          messages.map((m, i) => <li key={`${field}-${i}`}>{m}</li>),
                        )}
                      </ul>
                      {wide && <RowChanges changes={r.changes} />}
                    </td>
                  </tr>
                  {!wide && r.changes.length > 0 && (
                    <tr>
                      <td colSpan={4} className="px-2 pb-2">
                        <RowChanges changes={r.changes} />
                      </td>
                    </tr>
                  )}
                </tbody>
              ))}
            </table>
          </div>
        )}
        {(page > 1 || meta.next_page) && (
          <div className="flex items-center justify-between gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('imports.rows.previous')}
            </Button>
            <span className="text-sm text-slate-600">
              {t('imports.rows.page', {
                page: count(page, locale),
                pages: count(Math.max(1, Math.ceil(meta.total_entries / ROWS_PER_PAGE)), locale),
              })}
            </span>
            <Button variant="outline" size="sm" disabled={!meta.next_page} onClick={() => setPage(page + 1)}>
              {t('imports.rows.next')}
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}

/** Where an import of the history is: waiting, running (how far), finishing, done, or stopped and why. */
function RecentState({ job }: { job: AdminImport }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  if (job.status === 'running')
    return (
      <>
        {job.progress < 100
          ? t('imports.recent.running', { progress: count(job.progress, locale) })
          : t('imports.recent.finishing')}
      </>
    );
  if (job.status === 'done')
    return <span className="font-semibold text-emerald-800">{t('imports.status.done')}</span>;
  if (job.status === 'failed')
    return (
      <span className="font-semibold text-red-800">
        {t('imports.status.failed')}
        {job.error && `: ${job.error}`}
      </span>
    );
  return <>{t(`imports.status.${job.status}`)}</>;
}

function RecentImports({ current, onOpen }: { current: number | null; onOpen(id: number): void }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const q = useQuery(recentImportsQueryOptions(locale));
  return (
    <Card title={t('imports.recent.title')} testId="import-recent">
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Skeleton className="h-24" />
      ) : q.data.imports.length === 0 ? (
        <p className="text-sm text-slate-600">{t('imports.recent.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {q.data.imports.map((j) => (
            <li key={j.id} data-testid="import-recent-item" data-status={j.status}>
              <button
                type="button"
                onClick={() => onOpen(j.id)}
                aria-current={current === j.id ? 'true' : undefined}
                className={`flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-lg p-2 text-start hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 ${
                  current === j.id ? 'bg-brand-50' : ''
                }`}
              >
                <span className="min-w-0 flex-1 truncate font-semibold">{j.file_name}</span>
                <span className="text-xs text-slate-600" data-testid="import-recent-state">
                  {t(j.dry_run ? 'imports.recent.check' : 'imports.recent.import')} · <RecentState job={j} />
                </span>
                <span className="w-full text-xs text-slate-600">
                  {t('imports.recent.counts', {
                    added: count(j.added, locale),
                    changed: count(j.changed, locale),
                    refused: count(j.refused, locale),
                  })}{' '}
                  · {dateTime(j.created_at, locale)}
                  {j.staff && ` · ${staffName(j.staff.name, t)}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** What the file holds: the format, in the staff member's language. */
function FormatHelp() {
  const { t } = useTranslation('admin');
  return (
    <Card title={t('imports.help.title')}>
      <div className="flex flex-col gap-2 text-sm text-slate-800">
        <p>{t('imports.help.file', { max: IMPORT_MAX_MB })}</p>
        <p>
          {t('imports.help.columns')}{' '}
          <code className="break-words rounded bg-slate-100 px-1 text-xs" dir="ltr">
            {IMPORT_COLUMNS.join(', ')}
          </code>
        </p>
        <ul className="list-inside list-disc space-y-1">
          {(
            [
              'id',
              'names',
              'category',
              'prices',
              'flags',
              'specifications',
              'images',
              'variants',
              'export',
              'rows',
              'checked',
            ] as const
          ).map((k) => (
            <li key={k}>{t(`imports.help.${k}`)}</li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

export function Component() {
  const { t } = useTranslation('admin');
  useAdminTitle(t('imports.title'));
  const allowed = useCan('catalog');
  const [params, setParams] = useSearchParams();
  const jobId = Number(params.get('job')) || null;
  const [exportFailure, setExportFailure] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const open = (id: number) => setParams({ job: String(id) }, { replace: false });

  if (!allowed)
    return (
      <div className="mx-auto max-w-5xl">
        <h1 className="mb-4 text-xl font-bold sm:text-2xl">{t('imports.title')}</h1>
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-800">
          {t('errors.forbidden')}
        </p>
      </div>
    );

  const exportAll = async () => {
    setExporting(true);
    setExportFailure([]);
    try {
      await downloadAllProducts();
    } catch (err) {
      setExportFailure(errorMessages(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="me-auto text-xl font-bold sm:text-2xl">{t('imports.title')}</h1>
        <Button variant="ghost" size="sm" onClick={downloadTemplate} data-testid="import-template">
          {t('imports.template')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => void exportAll()} disabled={exporting}>
          {exporting ? t('imports.exporting') : t('imports.exportAll')}
        </Button>
        <Link to="/products" className={buttonClass('ghost', 'sm')}>
          {t('imports.exportFiltered')}
        </Link>
      </div>
      <ErrorBox messages={exportFailure} />
      <UploadCard onStarted={(job) => open(job.id)} />
      {jobId && <JobCard key={jobId} id={jobId} onStarted={(job) => open(job.id)} />}
      <RecentImports current={jobId} onOpen={open} />
      <FormatHelp />
    </div>
  );
}
