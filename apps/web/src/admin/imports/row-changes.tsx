import type { AdminImport, ImportChange, ImportChangeField } from '@store/contracts/admin-imports';
import type { Locale } from '@store/contracts/constants';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../lib/locale-store';
import { count, money } from '../lib/format';

type Value = ImportChange['from'];

/**
 * A value before or after, as the field reads it: a price in EGP, a stock, a limit, a VAT rate, yes or no; kept on
 * one line (a phone's narrow column broke "1,000 ج.م" between the amount and its currency).
 */
const valueText = (field: ImportChangeField, v: Value, t: TFunction, locale: Locale) =>
  valueWords(field, v, t, locale).replace(/ /g, '\u00a0');

function valueWords(field: ImportChangeField, v: Value, t: TFunction, locale: Locale): string {
  if (typeof v === 'boolean') return t(v ? 'imports.changes.yes' : 'imports.changes.no');
  if (v === null || v === undefined)
    return t(field === 'maximum_number_per_order' ? 'imports.changes.noLimit' : 'imports.changes.none');
  if (field === 'price' || field === 'price_after_promotion') return money(v / 100);
  if (field === 'tax_class') return `${count(v / 100, locale)}%`;
  return count(v, locale);
}

/**
 * What a changed row changes: each field by its name, with its value before and after where it has one (a price,
 * the stock, a flag), so staff checking a file see a row that changes its title as well as its price.
 */
export function RowChanges({ changes }: { changes: ImportChange[] }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  if (!changes.length) return null;
  return (
    <ul
      className="flex flex-wrap gap-1"
      aria-label={t('imports.changes.title')}
      data-testid="import-row-changes"
    >
      {changes.map((c) => {
        const field = t(`imports.changes.fields.${c.field}`);
        return (
          <li
            key={c.field}
            data-testid="import-change"
            data-field={c.field}
            className="rounded-md bg-sky-50 px-1.5 py-0.5 text-sky-950 ring-1 ring-sky-200"
          >
            {'from' in c
              ? t('imports.changes.value', {
                  field,
                  from: valueText(c.field, c.from, t, locale),
                  to: valueText(c.field, c.to, t, locale),
                })
              : field}
          </li>
        );
      })}
    </ul>
  );
}

/** The changed rows counted by the field they change, most first: a surprise (titles in a price file) stands out. */
export function ChangedFieldsSummary({ job }: { job: AdminImport }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  if (!job.changed_fields.length) return null;
  return (
    <section className="rounded-xl border border-sky-200 p-3" data-testid="import-changed-fields">
      <h3 className="mb-2 text-sm font-semibold text-slate-800">
        {t(job.dry_run ? 'imports.changes.summaryWill' : 'imports.changes.summaryWere')}
      </h3>
      <ul className="flex flex-wrap gap-2 text-sm">
        {job.changed_fields.map((f) => (
          <li
            key={f.field}
            data-testid="import-changed-field"
            data-field={f.field}
            className="rounded-full bg-sky-100 px-3 py-1 text-sky-950"
          >
            {t(`imports.changes.fields.${f.field}`)}: <b className="tabular-nums">{count(f.rows, locale)}</b>
          </li>
        ))}
      </ul>
    </section>
  );
}
