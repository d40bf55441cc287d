import { describe, expect, it } from 'vitest';
import { hydrateAllParts, newGate, partsWaiting } from './later-hydration';

describe('gates of parts hydrated later', () => {
  it("reads as fulfilled at once when opened, as React's use needs to render the part in the same pass", async () => {
    const gate = newGate();
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
    const a = newGate();
    const b = newGate();
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

  it('does not wait past its bound for a part that never reports (a page left meanwhile)', async () => {
    newGate();
    const started = Date.now();
    await hydrateAllParts(50);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
