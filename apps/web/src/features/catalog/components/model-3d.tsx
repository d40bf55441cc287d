import { useEffect, useRef, useState } from 'react';
import { useNamespace } from '../../../lib/i18n';
import { productTexts } from '../../../i18n/product';
import { Spinner } from '../../../ui/spinner';

/**
 * A 3D model (glTF) in Google's <model-viewer>. The viewer (three.js, heavy) is imported only when this mounts,
 * that is when the shopper opens a 3D image; the element is made by hand so no global JSX types are needed.
 */
export function Model3D({ src, poster, alt }: { src: string; poster?: string; alt: string }) {
  const { t } = useNamespace('product', productTexts);
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let el: HTMLElement | null = null;
    import('@google/model-viewer')
      .then(() => {
        if (cancelled || !box.current) return;
        el = document.createElement('model-viewer');
        el.setAttribute('src', src);
        if (poster) el.setAttribute('poster', poster);
        el.setAttribute('alt', alt);
        el.setAttribute('camera-controls', '');
        el.setAttribute('auto-rotate', '');
        el.setAttribute('touch-action', 'pan-y');
        el.setAttribute('shadow-intensity', '1');
        el.setAttribute('data-testid', 'model-viewer');
        el.style.width = '100%';
        el.style.height = '100%';
        box.current.appendChild(el);
        setState('ready');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      el?.remove();
    };
  }, [src, poster, alt]);

  return (
    <div className="relative h-full w-full">
      <div ref={box} className="h-full w-full" />
      {state === 'loading' && (
        <div className="absolute inset-0 flex items-center justify-center">
          <Spinner />
        </div>
      )}
      {state === 'failed' && (
        <p className="absolute inset-0 flex items-center justify-center text-slate-600">
          {t('gallery.modelFailed')}
        </p>
      )}
    </div>
  );
}
