import {
  PER_ORDER_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_MODEL_MAX,
  PRODUCT_SKU_MAX,
  PRODUCT_TITLE_MAX,
  type AdminProduct,
  type AdminProductBody,
  type AdminProductImage,
} from '@store/contracts/admin-catalog';
import { LOW_STOCK_AT } from '@store/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch, type Control, type FieldValues, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { messageText } from '../../lib/form-messages';
import { useLocaleStore } from '../../lib/locale-store';
import { Button, buttonClass } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Skeleton } from '../../ui/skeleton';
import { useCan } from '../auth/store';
import { Card } from '../components/card';
import { Field, SelectField, TextAreaField } from '../../ui/field';
import { TaxClassFields } from './tax-class-fields';
import { ErrorBox, LoadError, Forbidden } from '../components/messages';
import { count, dateTime } from '../lib/format';
import { applyServerErrors, errorMessages } from '../../lib/form-errors';
import { useAdminTitle } from '../lib/use-admin-title';
import {
  brandsQueryOptions,
  categoriesQueryOptions,
  choiceName,
  createProduct,
  deleteProduct,
  PRODUCTS_KEY,
  productQueryOptions,
  promotionsQueryOptions,
  updateProduct,
  type Choice,
} from './api';
import { ImagesEditor } from './images-editor';
import {
  emptyForm,
  emptyToNull,
  FORM_FIELDS,
  productResolver,
  toForm,
  type ProductForm,
} from './product-form';
import { SpecsEditor } from './specs-editor';
import { VariantPage } from './variant-page';
import { VariantsEditor } from './variants-editor';

/** The server's field errors on the form, the specifications' rows (`specifications.0.key_ar`) included. */
function serverErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, specs: number) {
  const fields: string[] = [...FORM_FIELDS];
  for (let i = 0; i < specs; i++)
    for (const p of ['key_en', 'key_ar', 'value_en', 'value_ar']) fields.push(`specifications.${i}.${p}`);
  return applyServerErrors(err, setError as UseFormSetError<FieldValues>, fields);
}

/** The fields a product's images do not touch: equal means only its images moved on since it was read. */
const sameFields = (a: AdminProduct, b: AdminProduct) =>
  JSON.stringify({ ...toForm(a) }) === JSON.stringify({ ...toForm(b) });

/** A pair of inputs, Arabic and English side by side (stacked on a phone). */
function Pair({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-3 md:grid-cols-2">{children}</div>;
}

/** A select's choices; a saved value the list does not hold (a hidden category, an ended promotion) stays shown. */
const Options = memo(function Options({
  list,
  locale,
  control,
  name,
}: {
  list: Choice[] | undefined;
  locale: 'ar' | 'en';
  control: Control<ProductForm, unknown, AdminProductBody>;
  name: 'category_id' | 'brand_id' | 'promotion_id';
}) {
  const value = useWatch({ control, name });
  const current = value === null || value === undefined ? '' : String(value);
  const known = list?.some((c) => String(c.id) === current);
  return (
    <>
      {current && !known && <option value={current}>#{current}</option>}
      {list?.map((c) => (
        <option key={c.id} value={c.id}>
          {choiceName(c, locale)}
        </option>
      ))}
    </>
  );
});

/** A warning while the stock typed is at or under LOW_STOCK_AT. */
function StockWarning({ control }: { control: Control<ProductForm, unknown, AdminProductBody> }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const stock = useWatch({ control, name: 'stock' });
  const n =
    typeof stock === 'number' ? stock : /^\d+$/.test(String(stock ?? '').trim()) ? Number(stock) : null;
  if (n === null || n > LOW_STOCK_AT) return null;
  return (
    <p
      role="status"
      className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="low-stock-warning"
    >
      {n === 0
        ? t('products.editor.outOfStock')
        : t('products.editor.lowStock', { n: count(LOW_STOCK_AT, locale) })}
    </p>
  );
}

/** A product's editor (new or saved): every field in both languages, specifications, images, save and delete. */
export function Component() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const { id: idParam } = useParams();
  const id = idParam && /^\d{1,10}$/.test(idParam) ? Number(idParam) : null;
  const isNew = id === null;
  const allowed = useCan('catalog');
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const q = useQuery({ ...productQueryOptions(id ?? 0), enabled: allowed && !isNew });
  const categories = useQuery({ ...categoriesQueryOptions(), enabled: allowed });
  const brands = useQuery({ ...brandsQueryOptions(), enabled: allowed });
  const promotions = useQuery({ ...promotionsQueryOptions(), enabled: allowed });

  /** The product as the server last gave it: its `updated_at` goes with the next save. */
  const [base, setBase] = useState<AdminProduct | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  /** A save refused as stale (409): what was typed is still in the form, not saved. */
  const [conflict, setConflict] = useState(false);
  const [saved, setSaved] = useState<string | null>(
    (location.state as { created?: boolean } | null)?.created ? t('products.editor.created') : null,
  );
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const form = useForm<ProductForm, unknown, AdminProductBody>({
    resolver: productResolver,
    defaultValues: emptyForm(),
  });
  const { register, handleSubmit, formState, setError, reset, getValues, setValue, control, clearErrors } =
    form;
  const e = formState.errors;
  const err = (name: (typeof FORM_FIELDS)[number]) => messageText(e[name]?.message);

  // The product read (first, or again after "reload"): the form starts from it.
  useEffect(() => {
    if (!q.data || isNew) return;
    if (base && base.id === q.data.product.id && base.updated_at === q.data.product.updated_at) return;
    setBase(q.data.product);
    reset(toForm(q.data.product));
    // Only a new answer of the server resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q.data, isNew]);

  // A select shows the value the form holds only while that value is one of its options. A list that arrives after
  // the form was reset replaces the option that stood in for the saved value, and the select would fall back to
  // "Choose" (issue 43 item 9): each select is set again to what the form holds (saved, or chosen since).
  useLayoutEffect(() => {
    for (const name of ['category_id', 'brand_id', 'promotion_id'] as const)
      setValue(name, getValues(name), { shouldDirty: false, shouldValidate: false });
  }, [categories.data, brands.data, promotions.data, base, getValues, setValue]);

  const title = isNew
    ? t('products.editor.newTitle')
    : base
      ? (locale === 'ar' ? base.title_ar : base.title_en) || t('products.editor.editTitle')
      : t('products.editor.editTitle');
  useAdminTitle(title);

  if (!allowed) return <Forbidden title={t('products.title')} />;

  if (!isNew && q.isError)
    return (
      <div className="mx-auto max-w-5xl">
        <h1 className="mb-4 text-xl font-bold sm:text-2xl">{t('products.editor.editTitle')}</h1>
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  if (!isNew && !base) return <Skeleton className="mx-auto h-96 max-w-5xl" />;
  // A variant is edited with its product (its pictures on a page of its own), never as a product of its own.
  if (base?.variant_of) return <VariantPage variant={base} />;

  const onSubmit = handleSubmit(async (values) => {
    setFailure([]);
    setConflict(false);
    setSaved(null);
    try {
      if (isNew) {
        const { product } = await createProduct(values);
        qc.setQueryData(productQueryOptions(product.id).queryKey, { product });
        void qc.invalidateQueries({ queryKey: [...PRODUCTS_KEY, 'list'] });
        setSaved(t('products.editor.created'));
        navigate(`/products/${product.id}`, { replace: true, state: { created: true } });
        return;
      }
      const { product } = await updateProduct(id, { ...values, updated_at: base!.updated_at });
      setBase(product);
      reset(toForm(product));
      qc.setQueryData(productQueryOptions(product.id).queryKey, { product });
      void qc.invalidateQueries({ queryKey: [...PRODUCTS_KEY, 'list'] });
      setSaved(t('products.editor.saved', { time: dateTime(product.updated_at, locale) }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(true);
      else setFailure(serverErrors(error, setError, getValues('specifications')?.length ?? 0));
    }
  });

  /** After a 409: the product as it is now replaces what was typed (the button says so). */
  const reload = async () => {
    const r = await q.refetch();
    if (r.data) {
      setBase(r.data.product);
      reset(toForm(r.data.product));
      clearErrors();
      setConflict(false);
      setSaved(null);
    }
  };

  /** Images changed: the product's `updated_at` may have moved with them; nothing else has, so the edit goes on. */
  const onImages = async (images: AdminProductImage[]) => {
    if (!base) return;
    setBase({ ...base, images });
    const r = await q.refetch();
    if (r.data && sameFields(r.data.product, base)) setBase(r.data.product);
  };

  const onDelete = async () => {
    if (!base) return;
    setDeleting(true);
    setFailure([]);
    try {
      const answer = await deleteProduct(base.id);
      setConfirmDelete(false);
      void qc.invalidateQueries({ queryKey: [...PRODUCTS_KEY, 'list'] });
      if (answer.hidden) {
        setSaved(answer.message ?? t('products.editor.hiddenInstead'));
        const r = await q.refetch();
        if (r.data) {
          setBase(r.data.product);
          reset(toForm(r.data.product));
        }
      } else navigate('/products', { replace: true });
    } catch (error) {
      setConfirmDelete(false);
      setFailure(errorMessages(error));
    } finally {
      setDeleting(false);
    }
  };

  const storeHref = (lng: 'ar' | 'en') => `/products/${id}${lng === 'en' ? '?lang=en' : ''}`;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <Link to="/products" className="text-sm font-semibold text-brand-700 hover:underline">
            {t('products.editor.back')}
          </Link>
          <h1 className="text-xl font-bold sm:text-2xl" data-testid="product-title">
            <bdi>{title}</bdi>
          </h1>
          {base && (
            <p className="text-xs text-slate-600">
              #{base.id} · {t('products.editor.updatedAt', { time: dateTime(base.updated_at, locale) })}
              {!base.active && <> · {t('products.status.hidden')}</>}
            </p>
          )}
        </div>
        {base && (
          <div className="flex flex-wrap gap-2">
            <a
              href={storeHref(locale)}
              target="_blank"
              rel="noopener"
              className={buttonClass('outline', 'sm')}
              data-testid="view-in-store"
            >
              {t('products.editor.viewInStore')}
            </a>
            <a
              href={storeHref(locale === 'ar' ? 'en' : 'ar')}
              target="_blank"
              rel="noopener"
              className={buttonClass('ghost', 'sm')}
              lang={locale === 'ar' ? 'en' : 'ar'}
            >
              {t('products.editor.viewInStoreOther')}
            </a>
          </div>
        )}
      </div>

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="product-form">
        <Card title={t('products.editor.texts')}>
          <div className="flex flex-col gap-3">
            <Pair>
              <Field
                label={t('products.fields.titleAr')}
                lang="ar"
                dir="rtl"
                maxLength={PRODUCT_TITLE_MAX}
                {...register('title_ar')}
                error={err('title_ar')}
                data-testid="title-ar"
              />
              <Field
                label={t('products.fields.titleEn')}
                lang="en"
                dir="ltr"
                maxLength={PRODUCT_TITLE_MAX}
                {...register('title_en')}
                error={err('title_en')}
                data-testid="title-en"
              />
            </Pair>
            <Pair>
              <TextAreaField
                label={t('products.fields.descriptionAr')}
                lang="ar"
                dir="rtl"
                rows={6}
                maxLength={PRODUCT_DESCRIPTION_MAX}
                {...register('description_ar')}
                error={err('description_ar')}
                data-testid="description-ar"
              />
              <TextAreaField
                label={t('products.fields.descriptionEn')}
                lang="en"
                dir="ltr"
                rows={6}
                maxLength={PRODUCT_DESCRIPTION_MAX}
                {...register('description_en')}
                error={err('description_en')}
                data-testid="description-en"
              />
            </Pair>
          </div>
        </Card>

        <Card title={t('products.editor.details')}>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <SelectField
              label={t('products.fields.category')}
              {...register('category_id')}
              error={err('category_id')}
              data-testid="category"
            >
              <option value="">{t('products.choose')}</option>
              <Options list={categories.data} locale={locale} control={control} name="category_id" />
            </SelectField>
            <SelectField
              label={t('products.fields.brand')}
              {...register('brand_id')}
              error={err('brand_id')}
              data-testid="brand"
            >
              <option value="">{t('products.choose')}</option>
              <Options list={brands.data} locale={locale} control={control} name="brand_id" />
            </SelectField>
            <Field
              label={t('products.fields.sku')}
              dir="ltr"
              maxLength={PRODUCT_SKU_MAX}
              {...register('sku', { setValueAs: emptyToNull })}
              error={err('sku')}
              data-testid="sku"
            />
            <Field
              label={t('products.fields.model')}
              dir="auto"
              maxLength={PRODUCT_MODEL_MAX}
              {...register('model', { setValueAs: emptyToNull })}
              error={err('model')}
              data-testid="model"
            />
            <Field
              label={t('products.fields.series')}
              dir="auto"
              maxLength={PRODUCT_MODEL_MAX}
              {...register('series', { setValueAs: emptyToNull })}
              error={err('series')}
              data-testid="series"
            />
          </div>
        </Card>

        <Card title={t('products.editor.priceStock')}>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Field
              label={t('products.fields.price')}
              inputMode="decimal"
              dir="ltr"
              {...register('price')}
              error={err('price')}
              // Sold in variants: the lowest variant's price, set on each variant below (the API refuses others).
              readOnly={base?.has_variants}
              className={base?.has_variants ? 'bg-slate-100!' : ''}
              hint={t(base?.has_variants ? 'products.fields.onVariantsHint' : 'products.fields.priceHint')}
              data-testid="price"
            />
            <SelectField
              label={t('products.fields.promotion')}
              {...register('promotion_id', { setValueAs: emptyToNull })}
              error={err('promotion_id')}
              data-testid="promotion"
            >
              <option value="">{t('products.fields.noPromotion')}</option>
              <Options list={promotions.data} locale={locale} control={control} name="promotion_id" />
            </SelectField>
            <Field
              label={t('products.fields.promotionPrice')}
              inputMode="decimal"
              dir="ltr"
              {...register('price_after_promotion', { setValueAs: emptyToNull })}
              error={err('price_after_promotion')}
              hint={t('products.fields.promotionPriceHint')}
              data-testid="promotion-price"
            />
            <Field
              label={t('products.fields.stock')}
              inputMode="numeric"
              dir="ltr"
              {...register('stock')}
              error={err('stock')}
              readOnly={base?.has_variants}
              className={base?.has_variants ? 'bg-slate-100!' : ''}
              hint={base?.has_variants ? t('products.fields.onVariantsHint') : undefined}
              data-testid="stock"
            />
            <Field
              label={t('products.fields.maxPerOrder')}
              inputMode="numeric"
              dir="ltr"
              {...register('maximum_number_per_order', { setValueAs: emptyToNull })}
              error={err('maximum_number_per_order')}
              hint={t('products.fields.maxPerOrderHint', { max: count(PER_ORDER_MAX, locale) })}
              data-testid="max-per-order"
            />
            <TaxClassFields register={register} control={control} err={err} />
          </div>
          <StockWarning control={control} />
          <div className="mt-4 flex flex-wrap gap-x-6 gap-y-3">
            {(
              [
                ['active', 'products.fields.active'],
                ['featured', 'products.fields.featured'],
                ['special_offer', 'products.fields.specialOffer'],
              ] as const
            ).map(([name, label]) => (
              <label key={name} className="flex items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  className="size-5 accent-brand-700"
                  {...register(name)}
                  data-testid={`flag-${name}`}
                />
                {t(label)}
              </label>
            ))}
          </div>
        </Card>

        <Card title={t('products.specs.title')}>
          <SpecsEditor control={control} register={register} errors={e} />
        </Card>

        <div
          className="sticky bottom-0 z-10 -mx-3 flex flex-col gap-2 border-t border-slate-200 bg-slate-50/95 px-3 py-3 sm:mx-0 sm:rounded-2xl sm:border"
          aria-live="polite"
        >
          {conflict && (
            <div
              role="alert"
              className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              data-testid="product-conflict"
            >
              <p className="min-w-0 flex-1">{t('products.editor.conflict')}</p>
              <Button size="sm" variant="outline" onClick={() => void reload()} data-testid="product-reload">
                {t('products.editor.reload')}
              </Button>
            </div>
          )}
          <ErrorBox messages={failure} />
          {Object.keys(e).length > 0 && !failure.length && (
            <p role="alert" className="text-sm text-red-700">
              {t('products.editor.fixErrors')}
            </p>
          )}
          {saved && (
            <p role="status" className="text-sm font-semibold text-emerald-800" data-testid="product-saved">
              {saved}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={formState.isSubmitting} data-testid="product-save">
              {formState.isSubmitting ? t('products.editor.saving') : t('products.editor.save')}
            </Button>
            {base && (
              <Button
                variant="ghost"
                className="ms-auto text-red-800"
                onClick={() => setConfirmDelete(true)}
                data-testid="product-delete"
              >
                {t('products.editor.delete')}
              </Button>
            )}
          </div>
        </div>
      </form>

      <Card title={t('products.images.title')}>
        {base ? (
          <ImagesEditor productId={base.id} images={base.images} onChanged={(i) => void onImages(i)} />
        ) : (
          <p className="text-sm text-slate-700" data-testid="images-after-save">
            {t('products.images.afterSave')}
          </p>
        )}
      </Card>

      {base && (
        <Card title={t('products.variants.title')}>
          <VariantsEditor productId={base.id} />
        </Card>
      )}

      <Dialog
        open={confirmDelete}
        onOpenChange={(o) => !o && !deleting && setConfirmDelete(false)}
        title={t('products.editor.deleteTitle')}
      >
        <p className="mb-4 text-slate-800">
          {base?.in_orders ? t('products.editor.deleteInOrders') : t('products.editor.deleteConfirm')}
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirmDelete(false)} disabled={deleting}>
            {t('products.cancel')}
          </Button>
          <Button
            onClick={() => void onDelete()}
            disabled={deleting}
            className="bg-red-700 hover:bg-red-800"
            data-testid="product-delete-confirm"
          >
            {base?.in_orders ? t('products.editor.hide') : t('products.editor.delete')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
