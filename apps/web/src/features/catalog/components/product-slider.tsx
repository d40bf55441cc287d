import type { Product } from '@store/contracts/catalog';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useLocaleStore } from '../../../lib/locale-store';
import { BelowFold } from '../../../ui/below-fold';
import { ChevronEndIcon, ChevronStartIcon } from '../../../ui/icons';
import { ProductCard } from './product-card';

/** How wide a card's picture is in the slider (half, a third, a quarter, a fifth of the page, less the gaps). */
const SIZES =
  '(min-width: 1400px) 235px, (min-width: 1280px) calc(20vw - 45px), (min-width: 768px) calc(25vw - 47px), (min-width: 640px) calc(33.4vw - 50px), calc(50vw - 48px)';

/** A titled row of product cards that slides (Embla), with previous/next buttons; right to left in Arabic. */
export function ProductSlider({
  title,
  products,
  testId,
}: {
  title: string;
  products: Product[];
  testId?: string;
}) {
  const locale = useLocaleStore((s) => s.locale);
  if (!products.length) return null;
  return (
    // Below the product's first screen: drawn and hydrated when it comes near (ui/below-fold.tsx).
    <BelowFold
      as="section"
      aria-label={title}
      className="mt-10 [--below-fold-size:440px] lg:[--below-fold-size:490px]"
      data-testid={testId}
    >
      {/* A new carousel per direction: Embla reads `direction` only when it starts. */}
      <Slider key={locale} title={title} products={products} rtl={locale === 'ar'} />
    </BelowFold>
  );
}

function Slider({ title, products, rtl }: { title: string; products: Product[]; rtl: boolean }) {
  const { t } = useTranslation('catalog');
  const [viewport, embla] = useEmblaCarousel({
    direction: rtl ? 'rtl' : 'ltr',
    align: 'start',
    slidesToScroll: 'auto',
    containScroll: 'trimSnaps',
  });
  const [can, setCan] = useState({ prev: false, next: false });
  const update = useCallback(() => {
    if (embla) setCan({ prev: embla.canScrollPrev(), next: embla.canScrollNext() });
  }, [embla]);
  useEffect(() => {
    if (!embla) return;
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla, update]);

  const arrow =
    'inline-flex size-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-40';
  return (
    <>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900">{title}</h2>
        <div className="flex gap-2">
          <button
            type="button"
            className={arrow}
            onClick={() => embla?.scrollPrev()}
            disabled={!can.prev}
            aria-label={t('slider.previous')}
          >
            <ChevronStartIcon size={20} />
          </button>
          <button
            type="button"
            className={arrow}
            onClick={() => embla?.scrollNext()}
            disabled={!can.next}
            aria-label={t('slider.next')}
          >
            <ChevronEndIcon size={20} />
          </button>
        </div>
      </div>
      <div ref={viewport} className="overflow-hidden" dir={rtl ? 'rtl' : 'ltr'}>
        <ul className="-ms-3 flex touch-pan-y">
          {products.map((p) => (
            <li
              key={p.id}
              className="min-w-0 shrink-0 grow-0 basis-1/2 ps-3 sm:basis-1/3 md:basis-1/4 xl:basis-1/5 3xl:basis-1/6"
            >
              <ProductCard product={p} sizes={SIZES} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
