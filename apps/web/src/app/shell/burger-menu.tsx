import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { MenuIcon } from '../../ui/icons';

// The drawer (Radix Dialog and the menu lists) is its own chunk, fetched when the shopper first reaches for it.
const loadDrawer = () => import('./burger-drawer');
const BurgerDrawer = lazy(loadDrawer);

/** The burger button (769 px or narrower) and the side drawer it opens. */
export function BurgerMenu({ className = '' }: { className?: string }) {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={t('burger.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="burger-button"
        onPointerEnter={() => void loadDrawer()}
        onTouchStart={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className={`inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/10 ${className}`}
      >
        <MenuIcon size={26} />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <BurgerDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
