import { adminProductsBulkSchema, type BulkAction } from '@store/contracts/admin-catalog';
import type { Locale } from '@store/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field, SelectField } from '../../ui/field';
import { ErrorBox } from '../components/messages';
import { count } from '../lib/format';
import { errorMessages, messageText } from '../../lib/form-errors';
import { ApiError } from '../../lib/api-client';
import { issueKey } from './product-form';
import { bulkProducts, categoriesQueryOptions, choiceName, promotionsQueryOptions } from './api';

interface Props {
  action: BulkAction;
  ids: number[];
  locale: Locale;
  onClose(): void;
  /** After a change: how many products it changed. */
  onDone(changed: number): void;
}

/**
 * One bulk action on the selected products, confirmed first with how many it touches: a category to move them to,
 * a promotion and a % off, or a % change of the price. The server changes all or none.
 */
export function BulkDialog({ action, ids, locale, onClose, onDone }: Props) {
  const { t } = useTranslation('admin');
  const needsCategory = action === 'move';
  const needsPromotion = action === 'promote';
  const needsPercent = action === 'promote' || action === 'price_percent';
  const categories = useQuery({ ...categoriesQueryOptions(), enabled: needsCategory });
  const promotions = useQuery({ ...promotionsQueryOptions(), enabled: needsPromotion });
  const [categoryId, setCategoryId] = useState('');
  const [promotionId, setPromotionId] = useState('');
  const [percent, setPercent] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setFailure([]);
    const body = {
      ids,
      action,
      category_id: needsCategory ? categoryId || undefined : undefined,
      promotion_id: needsPromotion ? promotionId || undefined : undefined,
      percent: needsPercent ? percent.trim() || undefined : undefined,
    };
    // The contract's own rules first (a missing category, a % out of range), in the staff member's language.
    const parsed = adminProductsBulkSchema.safeParse(body);
    if (!parsed.success) {
      const errs: Record<string, string> = {};
      for (const i of parsed.error.issues) {
        const field = String(i.path[0] ?? '');
        errs[field] ??= messageText(
          issueKey(
            i.message,
            body[field as keyof typeof body],
            field === 'percent' ? 'must_be_number' : 'invalid_value',
          ),
        )!;
      }
      setFieldErrors(errs);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const { changed } = await bulkProducts(parsed.data);
      onDone(changed);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length) {
        const errs: Record<string, string> = {};
        const rest: string[] = [];
        for (const [k, v] of Object.entries(err.fieldErrors)) {
          if (['category_id', 'promotion_id', 'percent'].includes(k)) errs[k] = v.join(' ');
          else rest.push(...v);
        }
        setFieldErrors(errs);
        setFailure(rest);
      } else setFailure(errorMessages(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={t(`products.bulk.${action}`)}
      description={t('products.bulk.confirm', { count: ids.length, n: count(ids.length, locale) })}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="flex flex-col gap-3"
        data-testid="bulk-dialog"
      >
        {needsCategory && (
          <SelectField
            label={t('products.fields.category')}
            value={categoryId}
            onChange={(e) => setCategoryId(e.target.value)}
            error={fieldErrors.category_id}
            data-testid="bulk-category"
          >
            <option value="">{t('products.choose')}</option>
            {categories.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {choiceName(c, locale)}
              </option>
            ))}
          </SelectField>
        )}
        {needsPromotion && (
          <SelectField
            label={t('products.fields.promotion')}
            value={promotionId}
            onChange={(e) => setPromotionId(e.target.value)}
            error={fieldErrors.promotion_id}
            data-testid="bulk-promotion"
          >
            <option value="">{t('products.choose')}</option>
            {promotions.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {choiceName(p, locale)}
              </option>
            ))}
          </SelectField>
        )}
        {needsPercent && (
          <Field
            label={t(action === 'promote' ? 'products.bulk.percentOff' : 'products.bulk.percentChange')}
            hint={t(
              action === 'promote' ? 'products.bulk.percentOffHint' : 'products.bulk.percentChangeHint',
            )}
            inputMode="decimal"
            dir="ltr"
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
            error={fieldErrors.percent}
            data-testid="bulk-percent"
          />
        )}
        <ErrorBox messages={failure} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('products.cancel')}
          </Button>
          <Button type="submit" disabled={busy} data-testid="bulk-confirm">
            {t('products.bulk.apply', { count: ids.length, n: count(ids.length, locale) })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
