/**
 * Reads a server's --cpu-prof profile window by window (the windows bench/never-asked-drift.ts marked with
 * DRIFT_MARKS): each function's self time per request in each window, the functions whose share moved most
 * between the first and the last windows first. What grows as a server answers more never-asked searches shows here.
 *
 *   npx tsx bench/profile-windows.ts <profile.cpuprofile> <marks.json> [rows=30]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Mark {
  name: string;
  startUs: number;
  endUs: number;
  requests: number;
}

const [file, marksFile, rowsArg] = process.argv.slice(2);
if (!file || !marksFile)
  throw new Error('usage: profile-windows.ts <profile.cpuprofile> <marks.json> [rows]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const marks = (JSON.parse(readFileSync(marksFile, 'utf8')) as Mark[]).filter((m) =>
  m.name.startsWith('never'),
);
const nameOf = new Map(
  profile.nodes.map((n) => {
    const f = n.callFrame;
    const where = f.url ? `${f.url.replace(/^.*\/(apps|node_modules)\//, '$1/')}:${f.lineNumber + 1}` : '';
    return [n.id, `${f.functionName || '(anonymous)'} ${where}`.trim()];
  }),
);
// Self time (µs) by function, per window.
const perWindow = marks.map(() => new Map<string, number>());
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i]!;
  const dt = profile.timeDeltas[i + 1] ?? 0;
  const w = marks.findIndex((m) => t >= m.startUs && t < m.endUs);
  if (w < 0) continue;
  const name = nameOf.get(profile.samples[i]!)!;
  perWindow[w]!.set(name, (perWindow[w]!.get(name) ?? 0) + dt);
}
const perRequest = (w: number, name: string) =>
  (perWindow[w]!.get(name) ?? 0) / 1000 / (marks[w]!.requests || 1);
const total = (w: number) =>
  [...perWindow[w]!.entries()].filter(([n]) => n !== '(idle)').reduce((a, [, v]) => a + v, 0) /
  1000 /
  (marks[w]!.requests || 1);
const names = new Set(perWindow.flatMap((m) => [...m.keys()]));
const first = 0;
const last = marks.length - 1;
const rows = [...names]
  .map((n) => ({ n, moved: perRequest(last, n) - perRequest(first, n) }))
  .sort((a, b) => Math.abs(b.moved) - Math.abs(a.moved))
  .slice(0, Number(rowsArg ?? 30));
console.log(`| function (self time, ms a request) | ${marks.map((_, i) => `w${i + 1}`).join(' | ')} |`);
console.log(`|---|${marks.map(() => '---:').join('|')}|`);
console.log(`| all but idle | ${marks.map((_, w) => total(w).toFixed(3)).join(' | ')} |`);
for (const r of rows)
  console.log(`| ${r.n} | ${marks.map((_, w) => perRequest(w, r.n).toFixed(3)).join(' | ')} |`);
