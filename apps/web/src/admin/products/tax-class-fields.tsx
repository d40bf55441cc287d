import { TAX_CLASSES } from '@store/contracts/money';
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, SelectField } from '../../ui/field';
import { emptyToNull, type ProductForm } from './product-form';

/**
 * The product's tax class (issue 47): the VAT inside its price, standard 14%, exempt, or another rate typed in
 * percent (shown only then).
 */
export function TaxClassFields({
  register,
  control,
  err,
}: {
  register: UseFormRegister<ProductForm>;
  control: Control<ProductForm>;
  err: (name: 'tax_class' | 'vat_rate') => string | undefined;
}) {
  const { t } = useTranslation('admin');
  const taxClass = useWatch({ control, name: 'tax_class' });
  return (
    <>
      <SelectField
        label={t('products.fields.taxClass')}
        {...register('tax_class')}
        error={err('tax_class')}
        data-testid="tax-class"
      >
        {TAX_CLASSES.map((c) => (
          <option key={c} value={c}>
            {t(`products.fields.taxClasses.${c}`)}
          </option>
        ))}
      </SelectField>
      {taxClass === 'other' && (
        <Field
          label={t('products.fields.vatRate')}
          inputMode="decimal"
          dir="ltr"
          {...register('vat_rate', { setValueAs: emptyToNull })}
          error={err('vat_rate')}
          hint={t('products.fields.vatRateHint')}
          data-testid="vat-rate"
        />
      )}
    </>
  );
}
