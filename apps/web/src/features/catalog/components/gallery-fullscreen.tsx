import * as RadixDialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { productTexts } from '../../../i18n/product';
import { ChevronEndIcon, ChevronStartIcon, CloseIcon } from '../../../ui/icons';
import { Stage, Thumbs, type Image } from './gallery-parts';

/**
 * The gallery's fullscreen view (Radix Dialog: focus trap, Escape, scroll lock). Its own chunk, with Radix's (about
 * 13 KB gzipped): a product page hydrates without them and fetches them the first time a shopper opens it.
 */
export function GalleryFullscreen({
  images,
  index,
  title,
  open,
  onOpenChange,
  onPick,
  onStep,
  returnFocusTo,
}: {
  images: Image[];
  index: number;
  title: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onPick(i: number): void;
  onStep(d: number): void;
  /** What takes the focus back when the view closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t } = useNamespace('product', productTexts);
  const current = images[index]!;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-slate-950/95" />
        <RadixDialog.Content
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
          data-testid="fullscreen"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusTo.current?.focus();
          }}
          onKeyDown={(e) => {
            const rtl = document.documentElement.dir === 'rtl';
            if (e.key === 'ArrowRight') onStep(rtl ? -1 : 1);
            if (e.key === 'ArrowLeft') onStep(rtl ? 1 : -1);
          }}
        >
          <div className="flex items-center justify-between gap-4 p-3">
            <RadixDialog.Title className="line-clamp-1 text-base font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Description className="sr-only">
              {t('gallery.fullscreenHint')}
            </RadixDialog.Description>
            <span className="shrink-0 text-sm tabular-nums text-slate-300">
              {index + 1} / {images.length}
            </span>
            <RadixDialog.Close
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
              aria-label={t('common:close')}
            >
              <CloseIcon size={26} />
            </RadixDialog.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-16">
            <div className="flex size-full items-center justify-center bg-white/0">
              <Stage image={current} title={title} n={index + 1} total={images.length} large />
            </div>
            {images.length > 1 && (
              <>
                <button
                  type="button"
                  onClick={() => onStep(-1)}
                  aria-label={t('gallery.previous')}
                  className="absolute start-2 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
                >
                  <ChevronStartIcon size={26} />
                </button>
                <button
                  type="button"
                  onClick={() => onStep(1)}
                  aria-label={t('gallery.next')}
                  className="absolute end-2 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
                >
                  <ChevronEndIcon size={26} />
                </button>
              </>
            )}
          </div>
          <div className="flex justify-center p-3">
            <Thumbs images={images} index={index} onPick={onPick} title={title} dark />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
