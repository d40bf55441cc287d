import type { AdminVariantsBody, AdminVariantsResponse } from '@store/contracts/admin-variants';
import type { Locale } from '@store/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api-client';
import { errorMessages } from '../../lib/form-errors';
import { useLocaleStore } from '../../lib/locale-store';
import { Button } from '../../ui/button';
import { Field, TextAreaField } from '../../ui/field';
import { ErrorBox } from '../components/messages';
import { PRODUCTS_KEY } from './api';

interface OptionDraft {
  name_en: string;
  name_ar: string;
  /** One value a line: "Black | أسود" (English | Arabic). */
  values: string;
}
interface RowDraft {
  id?: number;
  sell: boolean;
  sku: string;
  price: string;
  promo: string;
  stock: string;
}

const parseValues = (text: string) =>
  text
    .split('\n')
    .map((l) => l.split('|').map((s) => s.trim()))
    .filter(([en]) => en)
    .map(([en, ar]) => ({ en: en!, ar: ar || en! }));
const keyOf = (values: string[]) => values.join('\u0000');

/**
 * A combination (its values' English texts, what identifies it) as the staff member reads it: each value in the
 * page's language ("أسود / 128 جيجا" in Arabic), as typed in the options.
 */
function combinationLabel(options: OptionDraft[], combination: string[], locale: Locale): string {
  return combination
    .map((en, i) => {
      if (locale === 'en') return en;
      const o = options[i];
      return (o && parseValues(o.values).find((v) => v.en === en)?.ar) || en;
    })
    .join(' / ');
}

/** Every combination of the options' values, in the options' order. */
function combinations(options: OptionDraft[]): string[][] {
  let out: string[][] = [[]];
  for (const o of options) {
    const values = parseValues(o.values).map((v) => v.en);
    out = out.flatMap((c) => values.map((v) => [...c, v]));
  }
  return options.length ? out : [];
}

const variantsQuery = (id: number) => ({
  queryKey: [...PRODUCTS_KEY, 'variants', id],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<AdminVariantsResponse>(`admin/products/${id}/variants`, { signal }),
  staleTime: 0,
  refetchOnWindowFocus: false,
});

/**
 * The product's options and variants (issue 49): options with their values in both languages, then a row for every
 * combination: sold or not (a combination not sold shows as unavailable in the shop), its SKU, price, promotion
 * price and stock. Saved together (PUT …/variants); each saved variant opens in the editor for its own pictures.
 */
export function VariantsEditor({ productId }: { productId: number }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const qc = useQueryClient();
  const q = useQuery(variantsQuery(productId));
  const [options, setOptions] = useState<OptionDraft[]>([]);
  const [rows, setRows] = useState<Map<string, RowDraft>>(new Map());
  const [failure, setFailure] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = (data: AdminVariantsResponse) => {
    setOptions(
      data.options.map((o) => ({
        name_en: o.name_en,
        name_ar: o.name_ar,
        values: o.values.map((v) => `${v.en} | ${v.ar}`).join('\n'),
      })),
    );
    setRows(
      new Map(
        data.variants.map((v) => [
          keyOf(v.values.map((x) => x.en)),
          {
            id: v.id,
            sell: true,
            sku: v.sku ?? '',
            price: String(v.price),
            promo: v.price_after_promotion == null ? '' : String(v.price_after_promotion),
            stock: String(v.stock),
          },
        ]),
      ),
    );
  };
  useEffect(() => {
    if (q.data) load(q.data);
  }, [q.data]);

  const combos = combinations(options);
  const rowOf = (values: string[]): RowDraft =>
    rows.get(keyOf(values)) ?? { sell: false, sku: '', price: '', promo: '', stock: '0' };
  const setRow = (values: string[], patch: Partial<RowDraft>) => {
    setSaved(false);
    setRows((m) => new Map(m).set(keyOf(values), { ...rowOf(values), ...patch }));
  };
  const setOption = (i: number, patch: Partial<OptionDraft>) => {
    setSaved(false);
    setOptions((o) => o.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  };

  const save = async () => {
    setBusy(true);
    setFailure([]);
    const body: AdminVariantsBody = {
      options: options.map((o) => ({
        name_en: o.name_en,
        name_ar: o.name_ar,
        values: parseValues(o.values),
      })),
      variants: combos
        .filter((c) => rowOf(c).sell)
        .map((c) => {
          const r = rowOf(c);
          return {
            ...(r.id ? { id: r.id } : {}),
            values: c,
            sku: r.sku || null,
            price: Number(r.price),
            price_after_promotion: r.promo ? Number(r.promo) : null,
            stock: Number(r.stock),
          };
        }),
    };
    try {
      const answer = await api<AdminVariantsResponse>(`admin/products/${productId}/variants`, {
        method: 'PUT',
        body,
      });
      load(answer);
      qc.setQueryData(variantsQuery(productId).queryKey, answer);
      await qc.invalidateQueries({ queryKey: [...PRODUCTS_KEY, 'one', productId] });
      setSaved(true);
    } catch (e) {
      setFailure(errorMessages(e));
    } finally {
      setBusy(false);
    }
  };

  if (q.isPending) return <p className="text-sm text-slate-600">…</p>;
  return (
    <div className="flex flex-col gap-4" data-testid="variants-editor">
      <p className="text-sm text-slate-700">{t('products.variants.hint')}</p>
      {options.map((o, i) => (
        <fieldset
          key={i}
          className="rounded-xl border border-slate-200 bg-slate-50 p-3"
          data-testid="variant-option"
        >
          <legend className="px-1 text-sm font-semibold">
            {t('products.variants.option', { n: i + 1 })}
          </legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <Field
              label={t('products.variants.nameAr')}
              lang="ar"
              dir="rtl"
              value={o.name_ar}
              onChange={(e) => setOption(i, { name_ar: e.target.value })}
              data-testid={`option-${i}-name_ar`}
            />
            <Field
              label={t('products.variants.nameEn')}
              lang="en"
              dir="ltr"
              value={o.name_en}
              onChange={(e) => setOption(i, { name_en: e.target.value })}
              data-testid={`option-${i}-name_en`}
            />
          </div>
          <TextAreaField
            wrapClassName="mt-2"
            label={t('products.variants.values')}
            hint={t('products.variants.valuesHint')}
            rows={3}
            value={o.values}
            onChange={(e) => setOption(i, { values: e.target.value })}
            data-testid={`option-${i}-values`}
          />
          <div className="mt-2 flex justify-end">
            <Button
              size="sm"
              variant="ghost"
              className="text-red-800"
              onClick={() => setOptions((x) => x.filter((_, j) => j !== i))}
            >
              {t('products.variants.removeOption')}
            </Button>
          </div>
        </fieldset>
      ))}
      <div>
        <Button
          size="sm"
          variant="outline"
          disabled={options.length >= 3}
          onClick={() => setOptions((x) => [...x, { name_en: '', name_ar: '', values: '' }])}
          data-testid="option-add"
        >
          {t('products.variants.addOption')}
        </Button>
      </div>
      {combos.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-start text-sm" data-testid="variant-rows">
            <thead>
              <tr className="text-slate-600">
                <th className="p-2 text-start">{t('products.variants.combination')}</th>
                <th className="p-2 text-start">{t('products.variants.sell')}</th>
                <th className="p-2 text-start">{t('products.variants.sku')}</th>
                <th className="p-2 text-start">{t('products.variants.price')}</th>
                <th className="p-2 text-start">{t('products.variants.promo')}</th>
                <th className="p-2 text-start">{t('products.variants.stock')}</th>
              </tr>
            </thead>
            <tbody>
              {combos.map((c) => {
                const r = rowOf(c);
                const label = combinationLabel(options, c, locale);
                return (
                  <tr
                    key={keyOf(c)}
                    className="border-t border-slate-100"
                    data-testid="variant-row"
                    // The combination's English values, whatever the page's language (what tests find it by).
                    data-values={c.join(' / ')}
                  >
                    <td className="p-2 font-semibold">
                      {r.id ? (
                        <Link
                          to={`/products/${r.id}`}
                          className="text-brand-700 underline"
                          data-testid="variant-link"
                        >
                          {label}
                        </Link>
                      ) : (
                        label
                      )}
                    </td>
                    <td className="p-2">
                      <input
                        type="checkbox"
                        className="size-5"
                        checked={r.sell}
                        aria-label={t('products.variants.sellOf', { name: label })}
                        onChange={(e) => setRow(c, { sell: e.target.checked })}
                      />
                    </td>
                    {(['sku', 'price', 'promo', 'stock'] as const).map((k) => (
                      <td key={k} className="p-2">
                        <input
                          className="h-10 w-full min-w-20 rounded-md border border-slate-300 px-2"
                          dir="ltr"
                          inputMode={k === 'sku' ? 'text' : 'decimal'}
                          aria-label={`${t(`products.variants.${k}`)}: ${label}`}
                          value={r[k]}
                          disabled={!r.sell}
                          onChange={(e) => setRow(c, { [k]: e.target.value })}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ErrorBox messages={failure} />
      {saved && (
        <p role="status" className="text-sm font-semibold text-emerald-800" data-testid="variants-saved">
          {t('products.variants.saved')}
        </p>
      )}
      <div>
        <Button onClick={() => void save()} disabled={busy} data-testid="variants-save">
          {t('products.variants.save')}
        </Button>
      </div>
    </div>
  );
}
