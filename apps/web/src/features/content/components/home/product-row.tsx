import type { Product } from '@store/contracts/catalog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { ProductCard } from '../../../catalog';
import { usePrefersReducedMotion } from '../../../../lib/use-media-query';
import { ChevronEndIcon, ChevronStartIcon } from '../../../../ui/icons';
import { Skeleton } from '../../../../ui/skeleton';
import { SLIDER_FETCH } from './slider-size';

const item = 'w-[44%] shrink-0 snap-start xs:w-[46%] sm:w-52 lg:w-56';
/** How wide a card's picture is in the row (`item`, less the card's padding and border). */
const SIZES =
  '(min-width: 1024px) 198px, (min-width: 640px) 182px, (min-width: 375px) calc(46vw - 40px), calc(44vw - 40px)';
/**
 * Products per home slider (spec §2): 4 up to 768 px wide, 10 from 1650 px, 8 between. Said by CSS, not by a media
 * query in script: the server renders the row without knowing the screen, and a phone would otherwise hydrate 8
 * cards and then take 4 away.
 */
const shownAt = (index: number) =>
  index < 4 ? '' : index < 8 ? 'max-[769px]:hidden' : 'hidden min-[1650px]:block';

/**
 * Products in one horizontal row that scrolls (swipe, trackpad, or the previous/next buttons), snapping to cards.
 * Works the same right to left: "next" always moves toward the end of the line.
 */
export function ProductRow({
  products,
  label,
  loading,
  placeholders = 4,
  slider = false,
}: {
  products: Product[] | undefined;
  label: string;
  loading?: boolean;
  placeholders?: number;
  /** A home slider: at most SLIDER_FETCH products, of which the screen's width shows 4, 8 or 10. */
  slider?: boolean;
}) {
  const limit = slider ? SLIDER_FETCH : undefined;
  const { t } = useTranslation('home');
  const row = useRef<HTMLUListElement>(null);
  const reduced = usePrefersReducedMotion();
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const el = row.current;
    if (!el) return;
    const pos = Math.abs(el.scrollLeft);
    setEdges({ start: pos < 4, end: pos + el.clientWidth >= el.scrollWidth - 4 });
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, products]);

  const move = (step: 1 | -1) => {
    const el = row.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    el.scrollBy({
      left: step * (rtl ? -1 : 1) * el.clientWidth * 0.9,
      behavior: reduced ? 'auto' : 'smooth',
    });
  };

  if (loading && !products?.length)
    return (
      <ul className="flex gap-3 overflow-hidden" aria-busy="true">
        {Array.from({ length: placeholders }, (_, i) => (
          <li key={i} className={item}>
            <Skeleton className="aspect-[3/5] w-full" />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="relative">
      <ul
        ref={row}
        onScroll={measure}
        aria-label={label}
        className="flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-smooth pb-3 motion-reduce:scroll-auto [scrollbar-width:thin]"
      >
        {(products ?? []).slice(0, limit).map((p, i) => (
          <li key={p.id} className={limit === undefined ? item : `${item} ${shownAt(i)}`}>
            <ProductCard product={p} sizes={SIZES} />
          </li>
        ))}
      </ul>
      <ScrollButton side="start" hidden={edges.start} label={t('slider.previous')} onClick={() => move(-1)} />
      <ScrollButton side="end" hidden={edges.end} label={t('slider.next')} onClick={() => move(1)} />
    </div>
  );
}

function ScrollButton({
  side,
  hidden,
  label,
  onClick,
}: {
  side: 'start' | 'end';
  hidden: boolean;
  label: string;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      tabIndex={-1}
      className={`absolute top-1/3 z-10 hidden size-11 items-center justify-center rounded-full border border-slate-200 bg-white/95 text-slate-800 shadow-md hover:bg-brand-50 ${side === 'start' ? '-start-3' : '-end-3'} ${hidden ? '' : 'sm:flex'}`}
    >
      {side === 'start' ? <ChevronStartIcon /> : <ChevronEndIcon />}
    </button>
  );
}
