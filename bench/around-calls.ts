/**
 * npm run bench:around-calls -- <timeline.json> [...] — where a sync's slow answers fall against its calls (issue 50
 * item 1, stop 82). Reads the timeline `bench:index-follow` writes with BENCH_TIMELINE (every answer's start and
 * time, each phase's start, each sync call's sending and answer) and sorts the sync phase's answers into those that
 * overlap a call, those begun within AFTER_MS of a call's answer, and the others. For each: how many took longer than
 * the quiet p99 (both quiet phases' answers together, as the bench's target reads it), and how many more than the
 * others' share would make: what the calls cost shoppers' p99, by when.
 *
 *   BENCH_TIMELINE=/tmp/t.json BENCH_BACKENDS=pglite BENCH_PHASES=sync npm run bench:index-follow
 *   npm run bench:around-calls -- /tmp/t.json
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const AFTER_MS = 300;

type Answer = [began: number, ms: number, kind: string, path: string];
type Mark = (string | number)[];

const p99 = (ms: number[]) => {
  const xs = [...ms].sort((a, b) => a - b);
  return xs[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))] ?? NaN;
};

function aroundCalls(file: string) {
  const { timeline, marks } = JSON.parse(readFileSync(file, 'utf8')) as { timeline: Answer[]; marks: Mark[] };
  const phases = marks.filter((m) => m[0] === 'phase').map((m) => ({ name: String(m[1]), at: Number(m[2]) }));
  const until = (i: number) => phases[i + 1]?.at ?? Infinity;
  const within = (i: number) => timeline.filter((a) => a[0] >= phases[i]!.at && a[0] < until(i));
  const sync = phases.findIndex((p) => p.name.startsWith('during a sync'));
  if (sync < 0) throw new Error(`${file}: no sync phase in this timeline (BENCH_PHASES=sync).`);
  const calls = marks
    .filter((m) => m[0] === 'call')
    .map((m) => ({ sent: Number(m[1]), answered: Number(m[2]) }))
    .sort((a, b) => a.sent - b.sent);
  if (!calls.length) throw new Error(`${file}: no sync call marked (a timeline written before stop 82).`);
  const quiet = phases.flatMap((p, i) => (p.name.startsWith('quiet') ? within(i) : []));
  const slowAfter = p99(quiet.map((a) => a[1]));
  const answers = within(sync);

  const during = { name: 'overlapping a call', n: 0, slow: 0 };
  const after = { name: `begun within ${AFTER_MS} ms after a call's answer`, n: 0, slow: 0 };
  const others = { name: 'the others', n: 0, slow: 0 };
  for (const [began, ms] of answers) {
    const ended = began + ms;
    const g = calls.some((c) => began < c.answered && ended > c.sent)
      ? during
      : calls.some((c) => began >= c.answered && began - c.answered < AFTER_MS)
        ? after
        : others;
    g.n++;
    if (ms > slowAfter) g.slow++;
  }
  const share = others.n ? others.slow / others.n : 0;
  const callMs = calls.map((c) => c.answered - c.sent).sort((a, b) => a - b);
  const syncP99 = p99(answers.map((a) => a[1]));
  const pc = (x: number) => `${(100 * x).toFixed(1)}%`;

  console.log(
    `\n${path.basename(file)}: quiet p99 ${slowAfter} ms; the sync's ${syncP99} ms (${(syncP99 / slowAfter).toFixed(2)}×); ${calls.length} calls answered in ${callMs[Math.floor(callMs.length / 2)]!.toFixed(0)} ms (median)\n`,
  );
  console.log("| the sync's answers | answers | over the quiet p99 | share | beyond the others' share |");
  console.log('|---|---:|---:|---:|---:|');
  for (const g of [during, after, others])
    console.log(
      `| ${g.name} | ${g.n} | ${g.slow} | ${g.n ? pc(g.slow / g.n) : '—'} | ${g === others ? '—' : Math.round(g.slow - share * g.n)} |`,
    );
  const all = answers.length;
  const slow = during.slow + after.slow + others.slow;
  console.log(`| all | ${all} | ${slow} | ${pc(slow / all)} | ${Math.round(slow - share * all)} |`);
}

const files = process.argv.slice(2);
if (!files.length) {
  console.error('Name one or more timelines: npm run bench:around-calls -- /tmp/timeline.json');
  process.exit(1);
}
try {
  for (const f of files) aroundCalls(f);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
