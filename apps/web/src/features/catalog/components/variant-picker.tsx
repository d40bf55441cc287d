import type { Product, ProductDetail } from '@store/contracts/catalog';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useNamespace } from '../../../lib/i18n';
import { productTexts } from '../../../i18n/product';
import { BidiText } from '../../../ui/bidi-text';

const valuesOf = (v: Product) => (v.option_values ?? []).map((o) => o.value_en);
const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export interface VariantChoice {
  /** The variant chosen, or null: the product has none, or the combination chosen is not sold. */
  variant: Product | null;
  /** The value (English, as the variants name them) chosen of each option. */
  selection: string[];
  /** A combination chosen that no variant sells. */
  unavailable: boolean;
  choose: (option: number, value: string) => void;
}

/**
 * The variant the product page shows (issue 49): the one the address names (`?variant=`, so a shared or reloaded
 * address shows the same choice), else the first in stock. Choosing a value keeps the other options' values; a
 * combination no variant sells is kept on screen as unavailable (and the address loses its variant).
 */
export function useVariantChoice(product: ProductDetail | undefined): VariantChoice {
  const [params, setParams] = useSearchParams();
  const [wanted, setWanted] = useState<string[] | null>(null);
  const variants = product?.variants ?? [];
  const named = variants.find((v) => String(v.id) === params.get('variant'));
  const fallback = variants.find((v) => v.stock > 0) ?? variants[0];
  const selection = wanted ?? ((named ?? fallback) ? valuesOf((named ?? fallback)!) : []);
  const variant = variants.find((v) => same(valuesOf(v), selection)) ?? null;
  const choose = (option: number, value: string) => {
    const next = [...selection];
    next[option] = value;
    const match = variants.find((v) => same(valuesOf(v), next));
    setWanted(match ? null : next);
    setParams(
      (p) => {
        if (match) p.set('variant', String(match.id));
        else p.delete('variant');
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return { variant, selection, unavailable: variants.length > 0 && !variant, choose };
}

/** The product page's options: one row of values per option, the chosen one marked, combinations not sold struck. */
export function VariantPicker({ product, choice }: { product: ProductDetail; choice: VariantChoice }) {
  const { t } = useNamespace('product', productTexts);
  const options = product.options ?? [];
  const variants = product.variants ?? [];
  if (!options.length) return null;
  return (
    <div className="flex flex-col gap-3" data-testid="variant-picker">
      {options.map((option, i) => {
        const chosen = option.values.find((v) => v.value_en === choice.selection[i]);
        return (
          <fieldset key={option.name_en} className="min-w-0">
            <legend className="mb-2 text-sm text-slate-700">
              {option.name}:{' '}
              <strong className="text-slate-900">{chosen ? <BidiText text={chosen.value} /> : '—'}</strong>
            </legend>
            <div className="flex flex-wrap gap-2">
              {option.values.map((value) => {
                const combination = choice.selection.map((s, j) => (j === i ? value.value_en : s));
                const sold = variants.find((v) => same(valuesOf(v), combination));
                const selected = choice.selection[i] === value.value_en;
                return (
                  <button
                    key={value.value_en}
                    type="button"
                    aria-pressed={selected}
                    data-testid="variant-value"
                    data-value={value.value_en}
                    data-sold={sold ? (sold.stock > 0 ? 'in_stock' : 'out_of_stock') : 'none'}
                    onClick={() => choice.choose(i, value.value_en)}
                    className={`min-h-11 rounded-lg border px-3 text-sm font-semibold ${
                      selected
                        ? 'border-brand-700 bg-brand-50 text-brand-700 ring-1 ring-brand-700'
                        : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600'
                    } ${sold && sold.stock > 0 ? '' : 'text-slate-500 line-through'}`}
                  >
                    <BidiText text={value.value} />
                    {!sold && <span className="sr-only"> ({t('variants.notSold')})</span>}
                    {sold && sold.stock <= 0 && <span className="sr-only"> ({t('variants.soldOut')})</span>}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {choice.variant?.sku && (
        <p className="text-sm text-slate-600">
          {t('variants.sku')}: <span dir="ltr">{choice.variant.sku}</span>
        </p>
      )}
      {choice.unavailable && (
        <p
          role="status"
          data-testid="variant-unavailable"
          className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-800"
        >
          {t('variants.unavailable')}
        </p>
      )}
    </div>
  );
}
