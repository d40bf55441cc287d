// npm run bench:first-start — a store's first start, as a new owner meets it (issue 43, item 12): `npm start` in a
// fresh clone of this repository's last commit (npm install already done: node_modules are linked in), until the
// first page answers with products. Target: under 45 s on this kind of machine (2 cores). Not a test: it prints a
// table and writes bench/results/first-start-latest.md.
//
// Each line `npm start` prints is timed, so the table shows where the time goes: the API compiled, the storefront
// built, the embedded database made (initdb, migrations, the demo catalog), the server listening, the first page.
// The machine's speed varies several-fold from hour to hour: the same run also times a fixed piece of work (the
// calibration: Brotli at quality 11 over the same 2 MB, one core), and the table gives the total in those units too.
//   BENCH_FIRST_START_PORT=4395   the port the store listens on
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_FIRST_START_PORT ?? 4395);
const TARGET_S = 45;

/** A fixed piece of one core's work, in seconds: the unit the run is also reported in. */
function calibration() {
  const data = Buffer.alloc(2 * 1024 * 1024);
  let x = 1;
  for (let i = 0; i < data.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    data[i] = 97 + ((x >>> 16) % 16); // text-like: 16 letters
  }
  const t = performance.now();
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  return (performance.now() - t) / 1000;
}

const dir = mkdtempSync(path.join(tmpdir(), 'store-first-start-'));
const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
console.log(`A fresh clone of ${head} in ${dir}`);
execFileSync('git', ['clone', '-q', '--no-hardlinks', root, dir]);
// The installed packages, as `npm install` left them (hard links: quick, and no network).
for (const nm of [
  'node_modules',
  'apps/api/node_modules',
  'apps/web/node_modules',
  'packages/contracts/node_modules',
])
  if (existsSync(path.join(root, nm))) {
    mkdirSync(path.dirname(path.join(dir, nm)), { recursive: true });
    execFileSync('cp', ['-al', path.join(root, nm), path.join(dir, nm)]);
  }

const calBefore = calibration();
const load = loadavg()[0];
const t0 = performance.now();
const since = () => (performance.now() - t0) / 1000;
const marks = [];
const mark = (what) => marks.push({ what, at: since() });
/** The demo store's settings (NODE_ENV=development, as its README says): this shell's, without a database server. */
function storeEnv() {
  const env = { ...process.env, PORT: String(PORT), NODE_ENV: 'development', DATA_DIR: 'data' };
  delete env.DATABASE_URL;
  return env;
}
const child = spawn('npm', ['start'], {
  cwd: dir,
  env: storeEnv(),
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
});
const watched = [
  [/^API: .* compiled/, 'the API compiled'],
  [/built in/, 'a storefront bundle built (client, back office, server renderer)'],
  [/^precompressed/, 'the storefront compressed (Brotli, gzip)'],
  [/^Made the embedded database/, 'the embedded database made (initdb, migrations, demo catalog)'],
  [/^Built the store/, 'the build finished'],
  [/Server listening/, 'the server listening'],
];
let log = '';
const onLine = (line) => {
  log += `${line}\n`;
  const hit = watched.find(([re]) => re.test(line.replace(/^.*"msg":"/, '').trim()));
  if (hit && !(hit[1] === 'the server listening' && marks.some((m) => m.what === hit[1]))) mark(hit[1]);
};
for (const stream of [child.stdout, child.stderr]) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    lines.forEach(onLine);
  });
}
let exited = false;
child.once('exit', () => (exited = true));

async function firstPage() {
  for (;;) {
    if (exited) {
      const said = log.split('\n').filter((l) => !/^\s*dist(-server)?\//.test(l));
      throw new Error(`npm start stopped:\n${said.slice(-40).join('\n')}`);
    }
    if (since() > 600) throw new Error('no page after 10 minutes');
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/`);
      const html = await res.text();
      if (res.ok && html.includes('product-card')) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

try {
  await firstPage();
  mark('the first page (home, with products)');
} finally {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
const total = since();
const calAfter = calibration();
await new Promise((r) => (exited ? r() : child.once('exit', r)));
rmSync(dir, { recursive: true, force: true });

const cal = (calBefore + calAfter) / 2;
const rows = marks.map((m) => `| ${m.what} | ${m.at.toFixed(1)} |`);
const table = [
  '| `npm start` on a fresh clone | seconds since the command |',
  '|---|---:|',
  ...rows,
  '',
  '| figure | value | target |',
  '|---|---:|---:|',
  `| first page, seconds | ${total.toFixed(1)} | < ${TARGET_S} |`,
  `| calibration (Brotli q11, 2 MB, one core), seconds | ${cal.toFixed(2)} (${calBefore.toFixed(2)} before, ${calAfter.toFixed(2)} after) | |`,
  `| first page, in calibrations | ${(total / cal).toFixed(0)} | |`,
  `| load average at the start (${cpus().length} cores) | ${load.toFixed(1)} | |`,
].join('\n');
console.log(`\n${table}\n`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(root, 'bench/results/first-start-latest.md'),
  `# First start (${new Date().toISOString()}, commit ${head})\n\n\`npm run bench:first-start\`: \`npm start\` in a fresh clone (packages installed), embedded database, until the home page answers with products.\n\n${table}\n`,
);
