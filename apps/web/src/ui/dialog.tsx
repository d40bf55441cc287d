import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { DialogProps } from './dialog-impl';

export type { DialogProps };

// Radix Dialog (focus trap, scroll lock, portals) weighs about 13 KB gzipped: pages that only might show a dialog
// (a product card's error message) fetch it the first time one opens, not on first load.
const DialogImpl = lazy(() => import('./dialog-impl').then((m) => ({ default: m.DialogImpl })));
const DrawerImpl = lazy(() => import('./dialog-impl').then((m) => ({ default: m.DrawerImpl })));

/**
 * A lazy view that opens (a dialog, a fullscreen view): nothing until it first opens, then mounted for good (so it
 * closes with its own animation and focus return), its code fetched that first time.
 */
export function deferred<P extends { open: boolean }>(Impl: ComponentType<P>) {
  return function Deferred(props: P) {
    const [used, setUsed] = useState(props.open);
    if (props.open && !used) setUsed(true);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Impl {...props} />
      </Suspense>
    );
  };
}

/** A centred modal dialog with a title and a close button (Radix: focus trap, Escape, scroll lock). */
export const Dialog = deferred(DialogImpl);
/** A panel that slides in from the start side (right in Arabic, left in English), full height. */
export const Drawer = deferred(DrawerImpl);
