import type { AdminProduct } from '@store/contracts/admin-catalog';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocaleStore } from '../../lib/locale-store';
import { buttonClass } from '../../ui/button';
import { Card } from '../components/card';
import { productQueryOptions } from './api';
import { ImagesEditor } from './images-editor';

/**
 * A variant opened by its own number (issue 49, decision 034): not a product of its own. Its name, SKU, price and
 * stock are its product's variants' (the API refuses saving it alone, 422 product_is_variant); here are only its
 * own pictures and 3D model, and the way to its product.
 */
export function VariantPage({ variant }: { variant: AdminProduct }) {
  const { t } = useTranslation('admin');
  const locale = useLocaleStore((s) => s.locale);
  const productId = variant.variant_of!;
  const parent = useQuery(productQueryOptions(productId));
  const [images, setImages] = useState(variant.images);
  const name = (p: AdminProduct) => (locale === 'ar' ? p.title_ar : p.title_en);
  const product = parent.data ? name(parent.data.product) : `#${productId}`;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4" data-testid="variant-page">
      <div className="min-w-0">
        <Link
          to={`/products/${productId}`}
          className="text-sm font-semibold text-brand-700 hover:underline"
          data-testid="variant-back"
        >
          <bdi>{product}</bdi>
        </Link>
        <h1 className="text-xl font-bold sm:text-2xl" data-testid="product-title">
          <bdi>{name(variant)}</bdi>
        </h1>
        <p className="text-xs text-slate-600">
          #{variant.id}
          {variant.sku && (
            <>
              {' · '}
              {t('stock.sku')} <bdi dir="ltr">{variant.sku}</bdi>
            </>
          )}
        </p>
      </div>
      <div
        className="flex flex-col gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-4 sm:flex-row sm:items-center"
        data-testid="variant-of"
      >
        <p className="flex-1 text-sm text-slate-800">{t('products.variants.variantPage', { product })}</p>
        <Link
          to={`/products/${productId}`}
          className={buttonClass('outline', 'sm')}
          data-testid="open-product"
        >
          {t('products.variants.openProduct')}
        </Link>
      </div>
      <Card title={t('products.images.title')}>
        <ImagesEditor productId={variant.id} images={images} onChanged={setImages} />
      </Card>
    </div>
  );
}
