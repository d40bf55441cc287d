import type { AdminImport, ImportChange, ImportChangeField } from '@store/contracts/admin-imports';
import type { Locale } from '@store/contracts/constants';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../lib/locale-store';
import { count, money } from '../lib/format';

type Value = ImportChange['from'];

/** A text longer than this many characters is clipped, with its whole value in its title. */
const CLIP_AT = 80;

/**
 * A value before or after, as the field reads it: a price in EGP, a stock, a limit, a VAT rate, yes or no; kept on
 * one line (a phone's narrow column broke "1,000 ج.م" between the amount and its currency).
 */
const valueText = (field: ImportChangeField, v: Value, t: TFunction, locale: Locale) =>
  valueWords(field, v, t, locale).replace(/ /g, '\u00a0');

function valueWords(field: ImportChangeField, v: Value, t: TFunction, locale: Locale): string {
  if (typeof v === 'boolean') return t(v ? 'imports.changes.yes' : 'imports.changes.no');
  if (v === null || v === undefined || v === '')
    return t(field === 'maximum_number_per_order' ? 'imports.changes.noLimit' : 'imports.changes.none');
  if (typeof v === 'string') return v;
  if (field === 'price' || field === 'price_after_promotion') return money(v / 100);
  if (field === 'tax_class') return `${count(v / 100, locale)}%`;
  return count(v, locale);
}

/**
 * One value, isolated from the sentence around it (an English title inside an Arabic line keeps its own order): a
 * text as it is, wrapping, clipped past CLIP_AT characters with its whole value in its title; a number or flag as
 * valueText reads it.
 */
function ChangeValue({ field, v }: { field: ImportChangeField; v: Value }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  if (typeof v !== 'string' || v === '') return <bdi>{valueText(field, v, t, locale)}</bdi>;
  const chars = Array.from(v);
  const clipped = chars.length > CLIP_AT;
  return (
    <bdi className="font-medium" title={clipped ? v : undefined} data-testid="import-change-text">
      {clipped ? `${chars.slice(0, CLIP_AT - 1).join('')}…` : v}
    </bdi>
  );
}

/** Stand-ins for the two values in the translated sentence, replaced by their elements wherever it puts them. */
const FROM = '\ue000';
const TO = '\ue001';

/**
 * What a changed row changes: each field by its name, with its value before and after where it has one (a price,
 * the stock, a flag, a title, the category's name), so staff checking a file see a row that changes its title as
 * well as its price, and to what.
 */
export function RowChanges({ changes }: { changes: ImportChange[] }) {
  const { t } = useTranslation('admin');
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
            className="max-w-full rounded-md bg-sky-50 px-1.5 py-0.5 text-sky-950 ring-1 ring-sky-200 [overflow-wrap:anywhere]"
          >
            {'from' in c
              ? t('imports.changes.value', { field, from: FROM, to: TO })
                  .split(/([\ue000\ue001])/)
                  .map((part, i) =>
                    part === FROM ? (
                      <ChangeValue key={i} field={c.field} v={c.from} />
                    ) : part === TO ? (
                      <ChangeValue key={i} field={c.field} v={c.to} />
                    ) : (
                      part
                    ),
                  )
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
