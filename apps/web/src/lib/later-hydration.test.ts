import { describe, expect, it } from 'vitest';
import { hydrateAllParts, newGate, partsWaiting } from './later-hydration';

// The tests run without a browser: a part is a node of its own, and the window takes listeners and nothing else.
const listeners = new Map<string, (e: Event) => void>();
globalThis.window ??= {
  addEventListener: (type: string, fn: (e: Event) => void) => listeners.set(type, fn),
  removeEventListener: (type: string, fn: (e: Event) => void) => {
    if (listeners.get(type) === fn) listeners.delete(type);
  },
} as unknown as Window & typeof globalThis;
const part = () => ({ parentNode: null }) as unknown as Element;

describe('gates of parts hydrated later', () => {
  it("reads as fulfilled at once when opened, as React's use needs to render the part in the same pass", async () => {
    const gate = newGate(part());
    expect(gate.status).toBeUndefined();
    let released = false;
    void gate.then(() => (released = true));
    gate.open();
    expect(gate.status).toBe('fulfilled');
    await Promise.resolve();
    expect(released).toBe(true);
    gate.done();
  });

  it('hydrates every waiting part before a change of language, and waits until they are hydrated', async () => {
    const a = newGate(part());
    const b = newGate(part());
    expect(partsWaiting()).toBe(2);
    let over = false;
    const all = hydrateAllParts().then(() => (over = true));
    expect(a.opened && b.opened).toBe(true);
    a.done();
    await new Promise((r) => setTimeout(r, 10));
    expect(over).toBe(false);
    b.done();
    await all;
    expect(partsWaiting()).toBe(0);
  });

  it('is the same for a part asked for again (a render begun again), so nothing is left waiting', () => {
    const element = part();
    const gate = newGate(element);
    expect(newGate(element)).toBe(gate);
    expect(partsWaiting()).toBe(1);
    gate.done();
    expect(partsWaiting()).toBe(0);
  });

  it('opens when a tap, a click or a key reaches its part, before React sees the event', () => {
    const element = part();
    const gate = newGate(element);
    const inner = { parentNode: element } as unknown as Node;
    listeners.get('pointerdown')!({ target: inner } as unknown as Event);
    expect(gate.opened).toBe(true);
    gate.done();
  });

  it('listens for taps only while a part waits, and again for a part of a page shown later', () => {
    const a = newGate(part());
    const b = newGate(part());
    expect(listeners.has('pointerdown')).toBe(true);
    a.open();
    expect(listeners.has('pointerdown')).toBe(true);
    b.open();
    expect(listeners.has('pointerdown')).toBe(false);
    a.done();
    b.done();
    const element = part();
    const c = newGate(element);
    listeners.get('click')!({ target: { parentNode: element } } as unknown as Event);
    expect(c.opened).toBe(true);
    c.done();
  });

  it('does not wait past its bound for a part that never reports (a page left meanwhile)', async () => {
    newGate(part());
    const started = Date.now();
    await hydrateAllParts(50);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
