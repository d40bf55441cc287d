import { WISHLIST_PAGE_SIZE } from '@store/contracts/constants';
import type { Product, ProductListResponse } from '@store/contracts/catalog';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { accountTexts } from '../../../i18n/account';
import { Link } from 'react-router';
import { api, ApiError } from '../../../lib/api-client';
import { price } from '../../../lib/format';
import { useLocaleStore } from '../../../lib/locale-store';
import { MessageDialog } from '../../../ui/message-dialog';
import { useCartActions, useCartQuantity } from '../../cart';
import { Thumbnail } from '../../../ui/thumbnail';

/** Wishlist: favorites 10 a page, remove with confirmation, add to cart. */
export default function WishlistTab() {
  const { t } = useNamespace('account', accountTexts);
  const locale = useLocaleStore((s) => s.locale);
  const [page, setPage] = useState(1);
  const [confirm, setConfirm] = useState<number | null>(null);
  const [error, setError] = useState<string[] | null>(null);
  const qc = useQueryClient();
  const cart = useCartActions();
  const { data, isPending, isPlaceholderData } = useQuery({
    queryKey: ['wishlist', locale, page],
    queryFn: () =>
      api<ProductListResponse>('users/products', {
        query: { favorites: true, page, per_page: WISHLIST_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(`users/products/${id}/favorites`, { method: 'DELETE' }),
    onSuccess: () => {
      // The product's cached answer still says favorite.
      void qc.invalidateQueries({ queryKey: ['product'], refetchType: 'none' });
      return qc.invalidateQueries({ queryKey: ['wishlist'] });
    },
    onError: () => setError([t('common:error')]),
  });
  // Removing the last favorite of a later page: show the page before.
  if (data && data.products.length === 0 && page > 1 && !isPlaceholderData) setPage(page - 1);
  if (isPending) return <p className="text-slate-500">{t('common:loading')}</p>;
  const products = data?.products ?? [];
  const showPages = page > 1 || !!data?.meta.next_page;
  return (
    <div>
      <h2 className="mb-4 text-lg font-bold">{t('tabs.wishlist')}</h2>
      {products.length === 0 && <p className="text-slate-600">{t('wishlist.empty')}</p>}
      <ul className="divide-y divide-slate-200">
        {products.map((p) => (
          <WishlistItem
            key={p.id}
            product={p}
            onAdd={() =>
              cart
                .add(p.id, 1)
                .catch((err: unknown) =>
                  setError(
                    err instanceof ApiError && err.messages.length ? err.messages : [t('common:error')],
                  ),
                )
            }
            onRemove={() => setConfirm(p.id)}
          />
        ))}
      </ul>
      {showPages && (
        <div className="mt-4 flex items-center justify-between">
          <button
            type="button"
            disabled={page === 1}
            onClick={() => setPage((p) => p - 1)}
            className="rounded-lg border px-3 py-1 disabled:opacity-40"
          >
            {t('pagination.previous')}
          </button>
          <span className="text-sm text-slate-600">{t('pagination.page', { page })}</span>
          <button
            type="button"
            disabled={!data?.meta.next_page}
            onClick={() => setPage((p) => p + 1)}
            className="rounded-lg border px-3 py-1 disabled:opacity-40"
          >
            {t('pagination.next')}
          </button>
        </div>
      )}
      <MessageDialog
        open={confirm !== null}
        title={t('wishlist.confirmTitle')}
        messages={[t('wishlist.confirm')]}
        actionLabel={t('wishlist.remove')}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm !== null) remove.mutate(confirm);
          setConfirm(null);
        }}
      />
      <MessageDialog
        open={!!error}
        title={t('common:error')}
        messages={error ?? []}
        onClose={() => setError(null)}
      />
    </div>
  );
}

/**
 * A favorite: picture, title, price, how many are in the cart, Add to cart (for a product sold in variants, Choose
 * options: its page, where one is chosen) and Remove.
 */
function WishlistItem({
  product: p,
  onAdd,
  onRemove,
}: {
  product: Product;
  onAdd(): Promise<void>;
  onRemove(): void;
}) {
  const { t } = useNamespace('account', accountTexts);
  const inCart = useCartQuantity(p.id);
  const [busy, setBusy] = useState(false);
  const image = p.images.find((i) => !i.is_3d_image) ?? p.images[0];
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3"
      data-testid="wishlist-item"
      data-product-id={p.id}
    >
      <Thumbnail
        src={image?.versions.thumbnail}
        px={64}
        className="size-16 shrink-0 rounded-lg bg-slate-100"
      />
      <div className="min-w-0 flex-1 basis-40">
        <Link to={`/products/${p.id}`} className="line-clamp-2 font-medium hover:text-brand-700">
          {p.title}
        </Link>
        <p className="text-sm font-bold text-brand-900">{price(p.checkout_price)}</p>
        {inCart > 0 && (
          <p className="text-sm text-emerald-700" data-testid="wishlist-in-cart">
            {t('wishlist.inCart', { n: inCart })}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2 max-sm:w-full max-sm:justify-end">
        {p.price_max != null ? (
          // A product sold in variants goes in the cart as one of them: its page chooses it (as its card does).
          <Link
            to={`/products/${p.id}`}
            data-testid="choose-options"
            className="rounded-lg border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t('wishlist.chooseOptions')}
          </Link>
        ) : (
          <button
            type="button"
            disabled={p.stock <= 0 || busy}
            onClick={() => {
              setBusy(true);
              void onAdd().finally(() => setBusy(false));
            }}
            className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white disabled:opacity-50"
          >
            {p.stock <= 0 ? t('wishlist.outOfStock') : t('wishlist.addToCart')}
          </button>
        )}
        <button
          type="button"
          onClick={onRemove}
          className="rounded-lg border border-red-700 px-3 py-2 text-sm font-semibold text-red-700"
        >
          {t('wishlist.remove')}
        </button>
      </div>
    </li>
  );
}
