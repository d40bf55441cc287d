import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { usePromotion } from '../api/get-promotions';
import { ProductList } from '../components/product-list';

/** /promotions/:slug: the products of one promotion, named after it; an unknown or malformed slug: the 404 page. */
export function Component() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const promotion = usePromotion(slug);
  const base = useMemo(() => ({ promotion_slug: slug }), [slug]);
  // 422: a slug no promotion can have (characters a slug never holds, an id past the database's range).
  const notFound =
    promotion.error instanceof ApiError && (promotion.error.status === 404 || promotion.error.status === 422);
  useEffect(() => {
    if (notFound) void navigate('/404', { replace: true });
  }, [notFound, navigate]);
  if (promotion.isError && !notFound) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4">
        <p>{t('common:error')}</p>
        <Button onClick={() => void promotion.refetch()}>{t('common:retry')}</Button>
      </div>
    );
  }
  if (!promotion.data) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner />
      </div>
    );
  }
  return <ProductList base={base} name={promotion.data.name} />;
}
