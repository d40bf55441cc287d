import { RELATED_PRODUCTS } from '@store/contracts/constants';
import { useEffect, type CSSProperties } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { productTexts } from '../../../i18n/product';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { Button } from '../../../ui/button';
import { Price } from '../../../ui/price';
import { Skeleton } from '../../../ui/skeleton';
import { useProduct } from '../api/get-product';
import { useProducts } from '../api/get-products';
import { AvailabilityBadge } from '../components/availability-badge';
import { DeliveryEstimate } from '../components/delivery-estimate';
import { FavoriteButton } from '../components/favorite-button';
import { ProductGallery } from '../components/product-gallery';
import { InstallmentTable } from '../components/installment-table';
import { MonthlyPrice } from '../components/monthly-price';
import type { ProductPurchase } from '../purchase-controls';
import { ProductSlider } from '../components/product-slider';
import { useVariantChoice, VariantPicker } from '../components/variant-picker';
import { RatingStars } from '../components/rating-stars';
import { installmentFigures } from '../installment-figures';
import { mainImage, pricesOf } from '../product-text';
import { chosenOptionValues, specificationRows } from '../variant-specifications';
import { recordRecentlyViewed, useRecentlyViewed } from '../recently-viewed';
import { usePageMeta } from '../use-page-meta';
import { BidiText } from '../../../ui/bidi-text';
import { BelowFold } from '../../../ui/below-fold';

/** The first sentence or so of a description, for the meta description. */
const summary = (text: string) => (text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text);

/**
 * /products/:productId (spec §2 product detail). An unknown product goes to the 404 page. `Purchase`: the cart's
 * counter and button, which the app loads with the page (app/routes.tsx; the catalog is below the cart).
 */
export function ProductPage({ Purchase }: { Purchase: ProductPurchase }) {
  const { productId = '' } = useParams();
  const id = /^\d+$/.test(productId) ? Number(productId) : NaN;
  const { t } = useNamespace('product', productTexts);
  const navigate = useNavigate();
  const { data: product, error, refetch } = useProduct(id);
  const notFound = Number.isNaN(id) || (error instanceof ApiError && error.status === 404);
  const choice = useVariantChoice(product);

  useEffect(() => {
    if (notFound) void navigate('/404', { replace: true });
  }, [notFound, navigate]);

  useEffect(() => {
    // A variant's own address shows its product with it chosen (issue 49).
    if (product?.variant_of)
      void navigate(`/products/${product.variant_of}?variant=${product.id}`, { replace: true });
    else if (product) recordRecentlyViewed(product);
  }, [product, navigate]);

  const related = useProducts(
    { category_id: product?.category.id, per_page: RELATED_PRODUCTS + 1 },
    { enabled: !!product },
  );
  const relatedProducts = (related.data?.products ?? [])
    .filter((p) => p.id !== product?.id)
    .slice(0, RELATED_PRODUCTS);
  const recent = useRecentlyViewed().filter((p) => p.id !== product?.id);

  useDocumentTitle(product?.title);
  usePageMeta(
    product && {
      title: product.title,
      description: summary(product.description || product.title),
      image: mainImage(product)?.versions.medium,
    },
  );

  if (error && !notFound) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4">
        <p>{t('common:error')}</p>
        <Button onClick={() => void refetch()}>{t('common:retry')}</Button>
      </div>
    );
  }
  if (!product) return <ProductSkeleton />;

  // What the page offers: the variant chosen (its price, stock, pictures), else the product itself.
  const shown = choice.variant ?? product;
  const { now, original } = pricesOf(shown);
  // The monthly line and the banks' table follow the variant chosen, as its price does.
  const figures = installmentFigures(product, choice.variant);
  // The specifications too: the chosen variant's colour, storage... in place of the product's own rows.
  const specs = specificationRows(
    product.specifications,
    chosenOptionValues(product, choice.variant, choice.selection),
  );
  const crumbs = [
    ...product.category.path.map((c) => ({ label: c.name, to: `/products?category_id=${c.id}` })),
    { label: product.title },
  ];

  return (
    <div
      className="mx-auto w-full max-w-[1400px] px-4 py-4 sm:px-6"
      data-testid="product-page"
      data-product-id={product.id}
    >
      <Breadcrumbs items={crumbs} />
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <ProductGallery
          key={shown.id}
          images={shown.images.length ? shown.images : product.images}
          title={shown.title}
        />
        <div className="flex min-w-0 flex-col gap-4">
          <div>
            <Link
              to={`/products?brand_id=${product.brand.id}`}
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              {product.brand.name}
            </Link>
            <h1 className="mt-1 text-2xl leading-snug font-bold text-slate-900 sm:text-3xl">
              <BidiText text={product.title} />
            </h1>
            <RatingStars rating={product.rating} className="mt-2 text-sm" testId="product-page-rating" />
            {(product.model || product.series) && (
              <p className="mt-2 text-sm text-slate-600">
                {product.model && (
                  <span>
                    {t('model')}: <span dir="ltr">{product.model}</span>
                  </span>
                )}
                {product.model && product.series && <span aria-hidden="true"> · </span>}
                {product.series && (
                  <span>
                    {t('series')}: <span dir="ltr">{product.series}</span>
                  </span>
                )}
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Price value={now} original={original} className="text-2xl" />
            {original !== null && (
              <span className="rounded-md bg-red-700 px-2 py-0.5 text-sm font-bold text-white">
                {t('save', { percent: Math.round(((original - now) / original) * 100) })}
              </span>
            )}
          </div>
          <MonthlyPrice amount={figures.monthlyFrom} className="text-sm" testId="product-monthly" />
          <VariantPicker product={product} choice={choice} />
          {!choice.unavailable && (
            <AvailabilityBadge stock={shown.stock} className="text-sm" testId="product-availability" />
          )}
          <DeliveryEstimate amount={shown.checkout_price} />
          <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <div className="min-w-0 flex-1">
              {!choice.unavailable && <Purchase key={shown.id} product={shown} title={shown.title} />}
            </div>
            <FavoriteButton
              key={product.id}
              productId={product.id}
              initial={product.favorite}
              title={product.title}
            />
          </div>
          {product.maximum_number_per_order != null && (
            <p className="text-sm text-slate-600">{t('perOrder', { n: product.maximum_number_per_order })}</p>
          )}
          {product.description && (
            <section aria-labelledby="desc-title">
              <h2 id="desc-title" className="mb-2 text-lg font-bold">
                {t('description')}
              </h2>
              <p className="leading-7 whitespace-pre-line text-slate-700">{product.description}</p>
            </section>
          )}
        </div>
      </div>

      {specs.length > 0 && (
        // Below the first screen: drawn and hydrated when it comes near (ui/below-fold.tsx), its place held
        // meanwhile at the height of its rows.
        <BelowFold
          as="section"
          aria-labelledby="specs-title"
          className="mt-10 [--below-fold-size:calc(var(--rows)*45px_+_50px)]"
          style={{ '--rows': specs.length } as CSSProperties}
        >
          <h2 id="specs-title" className="mb-3 text-xl font-bold">
            {t('specifications')}
          </h2>
          <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-start text-sm" data-testid="specifications">
              <tbody>
                {specs.map((s) => (
                  <tr
                    key={s.id}
                    className="border-b border-slate-100 last:border-0 even:bg-slate-50"
                    data-option={s.option || undefined}
                  >
                    <th
                      scope="row"
                      className="w-2/5 px-4 py-3 text-start font-semibold text-slate-800 sm:w-1/3"
                    >
                      <BidiText text={s.key} />
                    </th>
                    <td className="px-4 py-3 text-slate-700">
                      <BidiText text={s.value} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </BelowFold>
      )}

      <InstallmentTable banks={figures.installments} />

      <ProductSlider title={t('related')} products={relatedProducts} testId="related-products" />
      <ProductSlider title={t('recentlyViewed')} products={recent} testId="recently-viewed" />
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div
      className="mx-auto grid w-full max-w-[1400px] gap-8 px-4 py-8 sm:px-6 lg:grid-cols-2"
      aria-busy="true"
    >
      <Skeleton className="aspect-square w-full" />
      <div className="space-y-4">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-9 w-4/5" />
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}
