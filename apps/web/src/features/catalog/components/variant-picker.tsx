import type { Product, ProductDetail } from '@store/contracts/catalog';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { andList } from '../../../lib/format';
import { useNamespace } from '../../../lib/i18n';
import { productTexts } from '../../../i18n/product';
import { BidiText } from '../../../ui/bidi-text';

const valuesOf = (v: Product) => (v.option_values ?? []).map((o) => o.value_en);
const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The shopper chose `value` of option `option`, which no variant sells with the other values they had (`from`). */
export interface VariantSwitch {
  option: number;
  value: string;
  /** The values chosen before; those of other options that differ from the selection now are the ones changed. */
  from: string[];
}

export interface VariantChoice {
  /** The variant chosen, or null: the product has none, or the combination chosen is not sold. */
  variant: Product | null;
  /** The value (English, as the variants name them) chosen of each option. */
  selection: string[];
  /** A combination chosen that no variant sells. */
  unavailable: boolean;
  /** The last choice changed other options' values to reach a variant (the picker says so), else null. */
  switched: VariantSwitch | null;
  choose: (option: number, value: string) => void;
}

/**
 * The variant a choice of `value` for option `option` leads to, from `selection`: the one with the other values
 * kept, else the nearest with that value: the most other values kept, then one in stock, then the earlier options'
 * values kept, then the catalog's order. None when no variant has the value.
 */
export function variantFor(
  variants: Product[],
  selection: string[],
  option: number,
  value: string,
): Product | undefined {
  let best: Product | undefined;
  let bestScore: number[] = [];
  for (const v of variants) {
    const values = valuesOf(v);
    if (values[option] !== value) continue;
    const kept = selection.map((s, j) => (j !== option && values[j] === s ? 1 : 0));
    const score = [kept.reduce((a: number, k) => a + k, 0), v.stock > 0 ? 1 : 0, ...kept];
    const i = score.findIndex((x, k) => x !== bestScore[k]);
    if (!best || (i >= 0 && score[i]! > bestScore[i]!)) {
      best = v;
      bestScore = score;
    }
  }
  return best;
}

/** What the hook keeps between renders, for one product (another product's page starts afresh). */
interface Local {
  product: number;
  /** A value chosen that no variant has at all: the combination is shown as unavailable. */
  held: string[] | null;
  switched: VariantSwitch | null;
}

/**
 * The variant the product page shows (issue 49): the one the address names (`?variant=`, so a shared or reloaded
 * address shows the same choice), else the first in stock. Choosing a value keeps the other options' values when a
 * variant sells them together (a sold-out one too: its page offers the back-in-stock alert); otherwise the other
 * options change to the nearest variant with that value (`variantFor`), as big shops do, rather than leaving the
 * shopper on a combination nobody sells. Only a value no variant has at all is kept on screen as unavailable (and
 * the address loses its variant).
 */
export function useVariantChoice(product: ProductDetail | undefined): VariantChoice {
  const [params, setParams] = useSearchParams();
  const [local, setLocal] = useState<Local | null>(null);
  const mine = local && product && local.product === product.id ? local : null;
  const variants = product?.variants ?? [];
  const named = variants.find((v) => String(v.id) === params.get('variant'));
  const fallback = variants.find((v) => v.stock > 0) ?? variants[0];
  const selection = mine?.held ?? ((named ?? fallback) ? valuesOf((named ?? fallback)!) : []);
  const variant = variants.find((v) => same(valuesOf(v), selection)) ?? null;
  // The note about a switch stays while the selection is what it led to (not once back or forward changed it).
  const last = mine?.switched;
  const switched =
    last &&
    selection[last.option] === last.value &&
    selection.some((s, j) => j !== last.option && s !== last.from[j])
      ? last
      : null;
  const choose = (option: number, value: string) => {
    if (!product) return;
    const next = [...selection];
    next[option] = value;
    const match = variantFor(variants, selection, option, value);
    const moved = !!match && !same(valuesOf(match), next);
    setLocal({
      product: product.id,
      held: match ? null : next,
      switched: moved ? { option, value, from: selection } : null,
    });
    setParams(
      (p) => {
        if (match) p.set('variant', String(match.id));
        else p.delete('variant');
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return { variant, selection, unavailable: variants.length > 0 && !variant, switched, choose };
}

/**
 * The product page's options: one row of values per option, the chosen one marked. A value no variant sells with the
 * other values chosen looks unavailable (struck, greyed, a dashed border) and says so in its name, yet stays a button:
 * choosing it moves the other options to a variant that has it, and a note says what changed. A sold-out variant's
 * value is struck too, and chosen as any other (its page shows its price and the back-in-stock alert).
 */
export function VariantPicker({ product, choice }: { product: ProductDetail; choice: VariantChoice }) {
  const { t, i18n } = useNamespace('product', productTexts);
  const options = product.options ?? [];
  const variants = product.variants ?? [];
  if (!options.length) return null;
  /** A value's name in the page's language (the English one if the option lacks it). */
  const label = (option: number, value: string | undefined) =>
    options[option]?.values.find((v) => v.value_en === value)?.value ?? value ?? '';
  /** The values chosen of the options but `option`, as a list: "256 GB" / "Black and 256 GB". */
  const others = (values: string[], except: number) =>
    andList(
      values.flatMap((v, j) => (j === except ? [] : [label(j, v)])),
      i18n.language,
    );
  const switched = choice.switched;
  const changed = switched
    ? choice.selection.flatMap((s, j) => (j !== switched.option && s !== switched.from[j] ? [j] : []))
    : [];
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
                // Not sold with the other values chosen, but with others: choosing it changes them.
                const elsewhere = !sold && variants.some((v) => valuesOf(v)[i] === value.value_en);
                const look = !sold
                  ? 'border-dashed text-slate-500 line-through'
                  : sold.stock <= 0
                    ? 'text-slate-500 line-through'
                    : selected
                      ? 'text-brand-700'
                      : 'text-slate-800';
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
                        ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700'
                        : 'border-slate-300 bg-white hover:border-brand-600'
                    } ${look}`}
                  >
                    <BidiText text={value.value} />
                    {!sold && (
                      <span className="sr-only">{` (${
                        elsewhere
                          ? t('variants.notWith', { values: others(choice.selection, i) })
                          : t('variants.notSold')
                      })`}</span>
                    )}
                    {sold && sold.stock <= 0 && <span className="sr-only"> ({t('variants.soldOut')})</span>}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {switched && changed.length > 0 && (
        <p
          role="status"
          data-testid="variant-switched"
          className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-slate-800"
        >
          {t('variants.switched', {
            value: label(switched.option, switched.value),
            from: andList(
              changed.map((j) => label(j, switched.from[j])),
              i18n.language,
            ),
            to: andList(
              changed.map((j) => label(j, choice.selection[j])),
              i18n.language,
            ),
          })}
        </p>
      )}
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
