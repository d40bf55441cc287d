import { egpAmount } from '@store/contracts/admin-catalog';
import {
  adminPromotionBodySchema,
  adminPromotionUpdateSchema,
  PROMOTION_NAME_MAX,
  type AdminPromotion,
  type AdminPromotionProduct,
  type PromotionState,
} from '@store/contracts/admin-taxonomy';
import { SLUG_MAX } from '@store/contracts/text';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useLocaleStore } from '../../lib/locale-store';
import { Button, buttonClass } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { Card } from '../components/card';
import { CheckField } from '../components/check-field';
import { ListPage } from '../components/list-page';
import { controlClass, Field } from '../../ui/field';
import { ErrorBox, LoadError } from '../components/messages';
import { count, dateTime, money } from '../lib/format';
import { errorMessages, messageText } from '../../lib/form-errors';
import { useAdminTitle } from '../lib/use-admin-title';
import {
  candidatesQueryOptions,
  createPromotion,
  deletePromotion,
  promotionProductsQueryOptions,
  promotionsQueryOptions,
  setPromotionProducts,
  TAXONOMY_KEY,
  updatePromotion,
} from './api';
import {
  ConfirmDelete,
  Forbidden,
  issuesOf,
  NameFields,
  serverErrors,
  useCatalogRole,
  type FieldErrors,
} from './parts';

const stateTone: Record<PromotionState, string> = {
  running: 'bg-emerald-100 text-emerald-900',
  scheduled: 'bg-sky-100 text-sky-900',
  ended: 'bg-slate-200 text-slate-800',
  off: 'bg-amber-100 text-amber-900',
};

function StateBadge({ state }: { state: PromotionState }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${stateTone[state]}`}>
      {t(`taxonomy.promotions.states.${state}`)}
    </span>
  );
}

/** An ISO time as a `datetime-local` value in the browser's time zone, and back. */
const pad = (n: number) => String(n).padStart(2, '0');
function toLocalInput(value: string | null) {
  if (!value) return '';
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function fromLocalInput(value: string) {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}
/** A page address from an English name: "Summer Sale 2026" → "summer-sale-2026". */
const slugFrom = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX);

/** The promotion's own fields: both names, its address, dates and switch. */
function PromotionForm({ promotion }: { promotion: AdminPromotion | null }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [nameAr, setNameAr] = useState(promotion?.name_ar ?? '');
  const [nameEn, setNameEn] = useState(promotion?.name_en ?? '');
  const [slug, setSlug] = useState(promotion?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(!!promotion);
  const [starts, setStarts] = useState(toLocalInput(promotion?.starts_at ?? null));
  const [ends, setEnds] = useState(toLocalInput(promotion?.ends_at ?? null));
  const [active, setActive] = useState(promotion?.active ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setFailure([]);
    setStatus(null);
    const fields = {
      name_ar: nameAr,
      name_en: nameEn,
      slug,
      starts_at: fromLocalInput(starts),
      ends_at: fromLocalInput(ends),
      active,
    };
    let run: () => Promise<{ promotion: AdminPromotion }>;
    if (promotion) {
      const r = adminPromotionUpdateSchema.safeParse({ ...fields, updated_at: promotion.updated_at });
      if (!r.success) return setErrors(issuesOf(r.error));
      run = () => updatePromotion(promotion.id, r.data);
    } else {
      const r = adminPromotionBodySchema.safeParse(fields);
      if (!r.success) return setErrors(issuesOf(r.error));
      run = () => createPromotion(r.data);
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await run();
      await qc.invalidateQueries({ queryKey: TAXONOMY_KEY });
      if (!promotion) void navigate(`/promotions/${saved.promotion.id}`, { replace: true });
      else setStatus(t('taxonomy.saved'));
    } catch (err) {
      const e = serverErrors(err, ['name_ar', 'name_en', 'slug', 'starts_at', 'ends_at']);
      setErrors(e.fields);
      setFailure(e.rest);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="promotion-form"
    >
      <NameFields
        ar={{ value: nameAr, onChange: (e) => setNameAr(e.target.value) }}
        en={{
          value: nameEn,
          onChange: (e) => {
            setNameEn(e.target.value);
            if (!slugTouched) setSlug(slugFrom(e.target.value));
          },
        }}
        errors={errors}
        max={PROMOTION_NAME_MAX}
      />
      <Field
        label={t('taxonomy.promotions.slug')}
        dir="ltr"
        maxLength={SLUG_MAX}
        value={slug}
        onChange={(e) => {
          setSlug(e.target.value);
          setSlugTouched(true);
        }}
        hint={t('taxonomy.promotions.slugHint', { slug: slug || '…' })}
        error={errors.slug}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          type="datetime-local"
          label={t('taxonomy.promotions.startsAt')}
          value={starts}
          onChange={(e) => setStarts(e.target.value)}
          error={errors.starts_at}
          hint={t('taxonomy.promotions.emptyStart')}
        />
        <Field
          type="datetime-local"
          label={t('taxonomy.promotions.endsAt')}
          value={ends}
          onChange={(e) => setEnds(e.target.value)}
          error={errors.ends_at}
          hint={t('taxonomy.promotions.emptyEnd')}
        />
      </div>
      <CheckField
        label={t('taxonomy.activeLabel')}
        checked={active}
        onChange={(e) => setActive(e.target.checked)}
      />
      <div aria-live="polite">
        <ErrorBox messages={failure} />
        {status && <p className="text-sm text-emerald-800">{status}</p>}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy} data-testid="promotion-save">
          {t('taxonomy.save')}
        </Button>
      </div>
    </form>
  );
}

/** A price typed for the promotion, checked as the API checks it: an amount in EGP below the product's price. */
function promoPriceError(value: string, price: number): string | null {
  const r = egpAmount.safeParse(value);
  if (!r.success) return messageText(r.error.issues[0]?.message) ?? null;
  if (r.data >= price) return messageText('promotion_price_not_below')!;
  return null;
}

/** One product row: its prices, the promotion price to set (add or change), and add / save / remove. */
function ProductRow({
  product,
  promotionId,
  inThis,
  onChanged,
}: {
  product: AdminPromotionProduct;
  promotionId: number;
  inThis: boolean;
  onChanged(message: string): void;
}) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const [price, setPrice] = useState(
    inThis && product.price_after_promotion !== null ? String(product.price_after_promotion) : '',
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = locale === 'ar' ? product.title_ar : product.title_en;
  const save = async () => {
    const local = promoPriceError(price, product.price);
    setError(local);
    if (local) return;
    setBusy(true);
    try {
      await setPromotionProducts(promotionId, {
        items: [{ product_id: product.id, price_after_promotion: price.trim() }],
      });
      onChanged(inThis ? t('taxonomy.saved') : t('taxonomy.promotions.added', { title }));
    } catch (err) {
      const e = serverErrors(err, ['items.0.price_after_promotion', 'items.0.product_id']);
      setError([...Object.values(e.fields), ...e.rest].join(' '));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await setPromotionProducts(promotionId, { remove: [product.id] });
      onChanged(t('taxonomy.promotions.removed', { title }));
    } catch (err) {
      setError(errorMessages(err).join(' '));
      setBusy(false);
    }
  };
  const inputId = `promo-price-${inThis ? 'in' : 'add'}-${product.id}`;
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start"
      data-testid={`${inThis ? 'promo-product' : 'candidate'}-${product.id}`}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {product.image ? (
          <img
            src={product.image}
            alt=""
            width={40}
            height={40}
            className="size-10 rounded-md object-contain"
          />
        ) : (
          <span className="size-10 shrink-0 rounded-md bg-slate-100" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <p className="truncate font-semibold">
            <bdi>{title}</bdi>
          </p>
          <p className="text-xs text-slate-600">
            #{product.id} · {t('taxonomy.promotions.price', { price: money(product.price) })}
            {!inThis && product.promotion && (
              <>
                {' · '}
                {t('taxonomy.promotions.inOther', { name: product.promotion.name })}
              </>
            )}
            {!product.active && <> · {t('taxonomy.hidden')}</>}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-1 sm:w-44">
        <label htmlFor={inputId} className="text-xs font-medium text-slate-700">
          {t('taxonomy.promotions.priceAfter')}
        </label>
        <input
          id={inputId}
          inputMode="decimal"
          dir="ltr"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={`${controlClass} h-9`}
          data-testid={`${inputId}`}
        />
        {error && (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex gap-1 sm:pt-5">
        <Button size="sm" disabled={busy} onClick={() => void save()} data-testid={`${inputId}-save`}>
          {inThis ? t('taxonomy.save') : t('taxonomy.promotions.add')}
        </Button>
        {inThis && (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-800"
            disabled={busy}
            onClick={() => void remove()}
          >
            {t('taxonomy.promotions.remove')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The products in a promotion, and a search to add more. */
function PromotionProducts({ promotion }: { promotion: AdminPromotion }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const qc = useQueryClient();
  const products = useQuery(promotionProductsQueryOptions(promotion.id, locale));
  const [typed, setTyped] = useState('');
  const query = useDebouncedValue(typed.trim(), 300);
  const found = useQuery(candidatesQueryOptions(promotion.id, query, locale));
  const [status, setStatus] = useState<string | null>(null);
  const changed = async (message: string) => {
    setStatus(message);
    await qc.invalidateQueries({ queryKey: TAXONOMY_KEY });
  };
  const inIds = new Set(products.data?.products.map((p) => p.id));
  return (
    <>
      <Card title={t('taxonomy.promotions.productsTitle')} testId="promotion-products">
        <p aria-live="polite" className="mb-2 text-sm text-emerald-800">
          {status}
        </p>
        {products.isError ? (
          <LoadError error={products.error} onRetry={() => void products.refetch()} />
        ) : !products.data ? (
          <Skeleton className="h-24" />
        ) : products.data.products.length === 0 ? (
          <p className="text-slate-700">{t('taxonomy.promotions.noProducts')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {products.data.products.map((p) => (
              <ProductRow
                key={`${p.id}-${p.price_after_promotion}`}
                product={p}
                promotionId={promotion.id}
                inThis
                onChanged={(m) => void changed(m)}
              />
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('taxonomy.promotions.addTitle')}>
        <label htmlFor="promo-search" className="text-sm font-medium text-slate-700">
          {t('taxonomy.promotions.search')}
        </label>
        <input
          id="promo-search"
          type="search"
          maxLength={100}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('taxonomy.promotions.searchPlaceholder')}
          className={`${controlClass} mt-1 h-11`}
        />
        {query &&
          (found.isError ? (
            <LoadError error={found.error} onRetry={() => void found.refetch()} />
          ) : !found.data ? (
            <Skeleton className="mt-3 h-20" />
          ) : found.data.products.filter((p) => !inIds.has(p.id)).length === 0 ? (
            <p className="mt-3 text-slate-700">{t('taxonomy.promotions.noResults')}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100" data-testid="candidates">
              {found.data.products
                .filter((p) => !inIds.has(p.id))
                .map((p) => (
                  <ProductRow
                    key={p.id}
                    product={p}
                    promotionId={promotion.id}
                    inThis={false}
                    onChanged={(m) => void changed(m)}
                  />
                ))}
            </ul>
          ))}
      </Card>
    </>
  );
}

/** /promotions/:id (or /promotions/new): the promotion's fields, its products, a link to its page in the store. */
function PromotionEditor({ id }: { id: number | null }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const list = useQuery(promotionsQueryOptions());
  const [deleting, setDeleting] = useState(false);
  const promotion = id === null ? null : (list.data?.promotions.find((p) => p.id === id) ?? null);
  const title =
    id === null
      ? t('taxonomy.promotions.newTitle')
      : promotion
        ? locale === 'ar'
          ? promotion.name_ar
          : promotion.name_en
        : t('taxonomy.promotions.title');
  useAdminTitle(title);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Link to="/promotions" className="text-sm font-semibold text-brand-700 hover:underline">
        {t('taxonomy.promotions.back')}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold sm:text-2xl">
          <bdi>{title}</bdi>
        </h1>
        {promotion && (
          <div className="flex flex-wrap items-center gap-2">
            <StateBadge state={promotion.state} />
            <a
              href={`/promotions/${encodeURIComponent(promotion.slug)}`}
              target="_blank"
              rel="noreferrer"
              className={buttonClass('outline', 'sm')}
              data-testid="promotion-store-link"
            >
              {t('taxonomy.promotions.viewInStore')}
            </a>
            <Button size="sm" variant="ghost" className="text-red-800" onClick={() => setDeleting(true)}>
              {t('taxonomy.delete')}
            </Button>
          </div>
        )}
      </div>
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : id !== null && !list.data ? (
        <Skeleton className="h-64" />
      ) : id !== null && !promotion ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-800">
          {messageText('promotion_not_found')}
        </p>
      ) : (
        <>
          <Card>
            <PromotionForm key={promotion?.id ?? 'new'} promotion={promotion} />
          </Card>
          {promotion && <PromotionProducts promotion={promotion} />}
        </>
      )}
      {deleting && promotion && (
        <ConfirmDelete
          title={t('taxonomy.deleteTitle', { name: title })}
          onConfirm={async () => {
            await deletePromotion(promotion.id);
            await qc.invalidateQueries({ queryKey: TAXONOMY_KEY });
            // The API answers 204 with no body: the list says it, in the user's language.
            void navigate('/promotions', {
              replace: true,
              state: { notice: t('taxonomy.deleted', { name: title }) },
            });
          }}
          onClose={() => setDeleting(false)}
        />
      )}
    </div>
  );
}

/** Promotions (owners and catalog staff): the list with their state and products; /promotions/:id edits one. */
export function Component() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const allowed = useCatalogRole();
  if (!allowed) return <Forbidden title={t('taxonomy.promotions.title')} />;
  if (id === undefined) return <PromotionList />;
  const n = Number(id);
  return <PromotionEditor key={id} id={id === 'new' || !Number.isInteger(n) ? null : n} />;
}

/** Every promotion, newest first: names, state by the clock, products, address and dates. */
function PromotionList() {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const q = useQuery(promotionsQueryOptions());
  useAdminTitle(t('taxonomy.promotions.title'));
  // A sentence the editor left on its way here (the promotion was deleted).
  const state: unknown = useLocation().state;
  const notice =
    state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string'
      ? state.notice
      : null;
  return (
    <ListPage
      title={t('taxonomy.promotions.title')}
      actions={
        <Link to="/promotions/new" className={buttonClass('primary', 'md')} data-testid="promotion-new">
          {t('taxonomy.promotions.new')}
        </Link>
      }
      notice={notice}
      noticeTestId="promotions-notice"
      read={q}
      empty={(d) => (d.promotions.length === 0 ? t('taxonomy.promotions.empty') : null)}
    >
      {(d) => (
        <ul className="flex flex-col gap-2" data-testid="promotions-list">
          {d.promotions.map((p) => (
            <li key={p.id} className="rounded-2xl border border-slate-200 bg-white p-3 sm:p-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Link to={`/promotions/${p.id}`} className="font-semibold text-brand-800 hover:underline">
                  <bdi lang="ar">{p.name_ar}</bdi>
                  <span className="mx-2 text-slate-400" aria-hidden="true">
                    ·
                  </span>
                  <bdi lang="en" dir="ltr">
                    {p.name_en}
                  </bdi>
                </Link>
                <StateBadge state={p.state} />
                <span className="ms-auto text-sm text-slate-700">
                  {t('taxonomy.promotions.productsCount', {
                    count: p.products_count,
                    n: count(p.products_count, locale),
                  })}
                </span>
              </div>
              <p className="mt-1 text-xs text-slate-600">
                <bdi dir="ltr">/promotions/{p.slug}</bdi>
                {' · '}
                {p.starts_at ? dateTime(p.starts_at, locale) : t('taxonomy.promotions.noStart')}
                {' – '}
                {p.ends_at ? dateTime(p.ends_at, locale) : t('taxonomy.promotions.noEnd')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}
