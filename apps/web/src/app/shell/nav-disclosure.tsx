import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from '../../ui/icons';

interface NavDisclosureProps {
  label: ReactNode;
  children: ReactNode;
  /** Where the panel sits; by default under the button, aligned to its start. */
  panelClassName?: string;
  /** `static` lets the panel position itself against a wider parent (a mega menu). */
  className?: string;
  buttonClassName?: string;
  testId?: string;
  /**
   * The shopper reaches for the menu (the pointer enters it, or it takes the focus): a panel whose code is its own
   * chunk starts fetching it here, before the menu opens.
   */
  onIntent?: () => unknown;
}

/**
 * A header menu as a disclosure (the WAI pattern for site navigation): a button with aria-expanded that shows a
 * panel of links. Opens on hover with a mouse and on click or Enter; closes on Escape (focus back on the button),
 * a click outside, leaving it with Tab, or following one of its links.
 */
export function NavDisclosure({
  label,
  children,
  panelClassName = 'start-0 top-full',
  className = 'relative',
  buttonClassName = '',
  testId,
  onIntent,
}: NavDisclosureProps) {
  const [open, setOpen] = useState(false);
  // The panel's content is built the first time it opens (a brands menu then fetches its list).
  const [everOpened, setEverOpened] = useState(false);
  if (open && !everOpened) setEverOpened(true);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const hoverOpened = useRef(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  return (
    <div
      ref={root}
      className={className}
      onPointerEnter={(e) => {
        onIntent?.();
        if (e.pointerType !== 'mouse') return;
        window.clearTimeout(closeTimer.current);
        if (!open) hoverOpened.current = true;
        setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== 'mouse') return;
        closeTimer.current = window.setTimeout(() => setOpen(false), 180);
      }}
      onFocus={() => onIntent?.()}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid={testId}
        onClick={() => {
          // A click right after the mouse opened it keeps it open instead of closing it again.
          if (hoverOpened.current) {
            hoverOpened.current = false;
            setOpen(true);
          } else setOpen((o) => !o);
        }}
        className={`inline-flex h-12 items-center gap-1 px-3 font-semibold hover:text-brand-700 aria-expanded:text-brand-700 ${buttonClassName}`}
      >
        {label}
        <ChevronDownIcon
          size={16}
          className={`transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div
        id={panelId}
        hidden={!open}
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('a')) setOpen(false);
        }}
        className={`absolute z-40 rounded-b-xl border border-slate-200 bg-white text-slate-800 shadow-xl ${panelClassName}`}
      >
        {everOpened && children}
      </div>
    </div>
  );
}
