import {
  Suspense,
  use,
  useEffect,
  useId,
  useLayoutEffect,
  useState,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import { newGate, watch, type Gate } from '../lib/later-hydration';
import { isServer } from '../lib/ssr';

/**
 * A part of a page below its first screen (decision 021): drawn when it comes near the screen (`.below-fold`,
 * theme.css: its place held meanwhile at `--below-fold-size`, set by the caller's classes), and on a page the
 * server rendered, hydrated only then too (lib/later-hydration.ts), so a phone's first seconds go to the part it
 * shows. A tap or a key on a part not yet hydrated hydrates it at once. Rendered by the browser (a later page), it
 * is an ordinary element.
 */
export function BelowFold({
  as: Tag = 'div',
  className = '',
  children,
  ...props
}: { as?: 'div' | 'section' | 'li' } & Omit<HTMLAttributes<HTMLElement>, 'id'>) {
  const id = useId();
  // Hydrating the server's page, the part is already there under its id (ids React gives in the browser alone
  // are written differently, so a later page never finds one).
  const [gate] = useState(() => {
    const server = isServer ? null : document.getElementById(id);
    return server ? newGate(server) : null;
  });
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!gate) return;
    gate.onOpen = () => setOpen(true);
    if (gate.opened) setOpen(true);
    else watch(gate);
    return () => {
      gate.onOpen = null;
      gate.done();
    };
  }, [gate]);
  const part = (
    <Suspense fallback={null}>
      <Wait gate={gate}>
        <Tag {...props} id={id} className={`below-fold ${className}`}>
          {children}
        </Tag>
      </Wait>
    </Suspense>
  );
  // Until its gate opens, the part is given the same element as at first: a page that renders again (its data or a
  // store changed) would otherwise hand the waiting part new props, and React would hydrate it at once. Another
  // address (the same page for another product) opens it: React hydrates it as it was, then shows the new one.
  const [first] = useState(part);
  const { key } = useLocation();
  const [firstKey] = useState(key);
  if (gate && !gate.opened && key !== firstKey) gate.open();
  return gate && !open && !gate.opened ? first : part;
}

function Wait({ gate, children }: { gate: Gate | null; children: ReactNode }) {
  if (gate && !gate.opened) {
    // Asked again before its gate opened: a tap, a key or an update reached the part, and React hydrates it now
    // (with what the page held, then the update). Waiting then would hold the update back.
    if (gate.asked) gate.open();
    else {
      gate.asked = true;
      use(gate);
    }
  }
  // No hook here: React may render this component first when it hydrates the part at once (a tap, an update).
  return (
    <>
      {children}
      {gate && <Hydrated gate={gate} />}
    </>
  );
}

/** Tells the gate its part is hydrated (nothing to render: the server wrote nothing for it). */
function Hydrated({ gate }: { gate: Gate }) {
  useLayoutEffect(() => gate.done(), [gate]);
  return null;
}
