/**
 * Parts of a server-rendered page below its first screen are hydrated when they come into the screen, not with
 * the page (decision 021, `ui/below-fold.tsx`). Each such part is a Suspense boundary whose content waits on a
 * `Gate`: React leaves the server's HTML of a boundary that waits as it is, and hydrates it once the gate opens.
 * A gate opens when its part comes into the viewport, when React asks for the part again
 * (a tap, a key or an update reached it: React then hydrates it at once, with what the page held), or when the
 * whole page must be hydrated first (a change of language, `hydrateAllParts`).
 */

/** A wait for one part: a thenable that React's `use` reads synchronously once it is open. */
export class Gate {
  /** Set by React's `use` while it waits, and by `open`. */
  status?: 'pending' | 'fulfilled';
  value: undefined;
  opened = false;
  /** React has rendered the part once (and found it waiting). */
  asked = false;
  element: Element | null = null;
  /** Called (after the current render) once the gate opens. */
  onOpen: (() => void) | null = null;
  private release!: () => void;
  private readonly released = new Promise<void>((resolve) => (this.release = resolve));
  private settle!: () => void;
  /** Resolved once the part is hydrated, or gone from the page without it. */
  readonly settled = new Promise<void>((resolve) => (this.settle = resolve));

  then<A = void, B = never>(
    onFulfilled?: ((value: void) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.released.then(onFulfilled, onRejected);
  }

  open() {
    if (this.opened) return;
    this.opened = true;
    this.status = 'fulfilled';
    this.value = undefined;
    unwatch(this);
    this.release();
    const onOpen = this.onOpen;
    if (onOpen) queueMicrotask(onOpen);
  }

  /** The part is hydrated, or left the page: nothing waits for it any more. */
  done() {
    waiting.delete(this);
    unwatch(this);
    this.settle();
  }
}

/** Gates of parts still waiting to be hydrated. */
const waiting = new Set<Gate>();
const byElement = new Map<Element, Gate>();
let observer: IntersectionObserver | undefined;

/**
 * Events React answers by hydrating the part they reach at once. The part's gate must be open by then: React's
 * attempt would otherwise find it waiting, give up, and a tap on a link would load the next page from the server.
 * Listened to on the window, in the capture phase, so before React (which listens on the page's root).
 */
const FIRST_TOUCH = [
  'pointerdown',
  'mousedown',
  'touchstart',
  'click',
  'keydown',
  'focusin',
  'input',
  'submit',
];
let listening = false;

function openReached(event: Event) {
  for (let node = event.target as Node | null; node; node = node.parentNode) {
    const gate = byElement.get(node as Element);
    if (gate) return gate.open();
  }
}

/** A new gate, for a part of the server's page (`element`) that the first render hydrates. */
export function newGate(element: Element): Gate {
  // A render React threw away and began again asks again for the same part: the same gate.
  const known = byElement.get(element);
  if (known) return known;
  const gate = new Gate();
  waiting.add(gate);
  gate.element = element;
  byElement.set(element, gate);
  listen(true);
  return gate;
}

/** The window's listeners are there while a part waits: once none does, a tap walks no parents looking for one. */
function listen(on: boolean) {
  if (on === listening) return;
  listening = on;
  for (const type of FIRST_TOUCH)
    if (on) window.addEventListener(type, openReached, { capture: true, passive: true });
    else window.removeEventListener(type, openReached, { capture: true });
}

/** Opens `gate` when its part comes into the viewport. */
export function watch(gate: Gate) {
  if (gate.opened || !gate.element) return;
  if (typeof IntersectionObserver === 'undefined') return gate.open();
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) byElement.get(entry.target)?.open();
    },
    // As it enters the screen: hydrating a part takes a few frames, and a tap before that is answered all the same.
    { rootMargin: '0px' },
  );
  observer.observe(gate.element);
}

function unwatch(gate: Gate) {
  if (!gate.element) return;
  observer?.unobserve(gate.element);
  byElement.delete(gate.element);
  gate.element = null;
  if (!byElement.size) listen(false);
}

/** How many parts still wait to be hydrated. */
export function partsWaiting() {
  return waiting.size;
}

/**
 * Hydrates every part still waiting and resolves once they are hydrated (at most `ms` later): before the page
 * changes language, so that each part is hydrated with the texts the server wrote.
 */
export function hydrateAllParts(ms = 1000): Promise<void> {
  if (!waiting.size) return Promise.resolve();
  const gates = [...waiting];
  for (const gate of gates) gate.open();
  return Promise.race([
    Promise.all(gates.map((g) => g.settled)).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, ms)),
  ]);
}
