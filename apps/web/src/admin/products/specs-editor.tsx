import { SPEC_KEY_MAX, SPEC_VALUE_MAX, SPECS_MAX } from '@store/contracts/admin-catalog';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../lib/form-messages';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import type { ProductForm } from './product-form';

type Part = 'key_ar' | 'value_ar' | 'key_en' | 'value_en';
const PARTS: { name: Part; lang: 'ar' | 'en'; max: number }[] = [
  { name: 'key_ar', lang: 'ar', max: SPEC_KEY_MAX },
  { name: 'value_ar', lang: 'ar', max: SPEC_VALUE_MAX },
  { name: 'key_en', lang: 'en', max: SPEC_KEY_MAX },
  { name: 'value_en', lang: 'en', max: SPEC_VALUE_MAX },
];

/**
 * The product's specifications as rows, in the order the store shows them: a name and a value in Arabic and in
 * English per row; add, remove, move up and down (buttons, so the keyboard does it too).
 */
export function SpecsEditor({
  control,
  register,
  errors,
}: {
  control: Control<ProductForm, unknown, unknown>;
  register: UseFormRegister<ProductForm>;
  errors: FieldErrors<ProductForm>;
}) {
  const { t } = useTranslation('admin');
  const { fields, append, remove, move } = useFieldArray({ control, name: 'specifications' });
  const listError = messageText(errors.specifications?.message ?? errors.specifications?.root?.message);
  return (
    <div className="flex flex-col gap-3" data-testid="specs-editor">
      {fields.length === 0 && <p className="text-sm text-slate-600">{t('products.specs.none')}</p>}
      <ol className="flex flex-col gap-3">
        {fields.map((f, i) => {
          const rowErrors = errors.specifications?.[i];
          return (
            <li
              key={f.id}
              className="rounded-xl border border-slate-200 bg-slate-50 p-3"
              data-testid="spec-row"
              aria-label={t('products.specs.row', { n: i + 1 })}
            >
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
                {PARTS.map((p) => (
                  <Field
                    key={p.name}
                    label={t(`products.specs.${p.name}`)}
                    lang={p.lang}
                    dir={p.lang === 'ar' ? 'rtl' : 'ltr'}
                    maxLength={p.max}
                    {...register(`specifications.${i}.${p.name}`)}
                    error={messageText(rowErrors?.[p.name]?.message)}
                    data-testid={`spec-${i}-${p.name}`}
                  />
                ))}
              </div>
              <div className="mt-2 flex flex-wrap justify-end gap-2">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={t('products.specs.upOf', { n: i + 1 })}
                >
                  {t('products.specs.up')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === fields.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={t('products.specs.downOf', { n: i + 1 })}
                >
                  {t('products.specs.down')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-800"
                  onClick={() => remove(i)}
                  aria-label={t('products.specs.removeOf', { n: i + 1 })}
                  data-testid={`spec-remove-${i}`}
                >
                  {t('products.specs.remove')}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {listError && (
        <p role="alert" className="text-sm text-red-700">
          {listError}
        </p>
      )}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={fields.length >= SPECS_MAX}
          onClick={() => append({ key_ar: '', value_ar: '', key_en: '', value_en: '' })}
          data-testid="spec-add"
        >
          {t('products.specs.add')}
        </Button>
      </div>
    </div>
  );
}
