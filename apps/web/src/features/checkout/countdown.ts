import { useEffect, useState } from 'react';

/** "mm:ss" of a number of seconds (spec §2: the expiry modal shows minutes and seconds). */
export function minutesSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * Seconds left until `untilMs` (this device's clock), updated every second; 0 once it has passed, or when there is
 * nothing to count down to.
 */
export function useSecondsUntil(untilMs: number | null): number {
  const left = () => (untilMs === null ? 0 : Math.max(0, Math.ceil((untilMs - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  const [prev, setPrev] = useState(untilMs);
  if (prev !== untilMs) {
    setPrev(untilMs);
    setSeconds(left());
  }
  useEffect(() => {
    if (untilMs === null) return;
    const tick = () => setSeconds(Math.max(0, Math.ceil((untilMs - Date.now()) / 1000)));
    tick();
    // Checked four times a second so the shown second never skips; React keeps an unchanged value as is.
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [untilMs]);
  return seconds;
}
