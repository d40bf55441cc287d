#!/usr/bin/env node
// npm run probe:slow-clients [-- options]
//
// Replays issue 12's slow-client attack against the real server and prints what held:
//   1. SLOW clients (default 1,500) open a connection each and send a request whose body never ends, one byte every
//      10 s; the probe notes when the server closes each one, and what it answered (408 when the request timeout
//      cut it).
//   2. While they are open, a BURST of ordinary shoppers (default 1,000 connections at once), each asking GET /health
//      then a catalog page (GET /v1/products) on its own connection: how many were served, how fast.
//   3. After the server has cut the slow clients (or the wait ran out), a second burst, the same.
// It prints the open-file limit (ulimit -n) of the probe and of the server, and the most files the server held.
//
// Options:
//   --url http://host:port   probe a store already running (else one is started: built like scripts/e2e-server.mjs,
//                            a fresh embedded database, the demo catalog, this machine's environment, so
//                            HTTP_REQUEST_TIMEOUT_MS=… and friends apply)
//   --slow N                 slow clients (1500)           --burst N   shoppers per burst (1000)
//   --byte-every S           seconds between a slow client's bytes (10)
//   --max-wait S             how long to wait for the server to cut the slow clients (120)
//   --server-nofile N        start the server with this open-file limit (as on a machine with a small ulimit -n)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, openSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({
  options: {
    url: { type: 'string' },
    slow: { type: 'string', default: '1500' },
    burst: { type: 'string', default: '1000' },
    'byte-every': { type: 'string', default: '10' },
    'max-wait': { type: 'string', default: '120' },
    'server-nofile': { type: 'string' },
  },
});
const SLOW = Number(opt.slow);
const BURST = Number(opt.burst);
const BYTE_EVERY_MS = Number(opt['byte-every']) * 1000;
const MAX_WAIT_MS = Number(opt['max-wait']) * 1000;
const SHOPPER_TIMEOUT_MS = 30_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const at = () => ((Date.now() - t0) / 1000).toFixed(1).padStart(6);
const say = (line) => console.error(`[${at()} s] ${line}`);

/** The open-file limit of a process (Linux: /proc/<pid>/limits), or '?' elsewhere. */
function nofile(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const [soft, hard] = line.replace('Max open files', '').trim().split(/\s+/);
    return `${soft} (hard ${hard})`;
  } catch {
    return '?';
  }
}
const openFiles = (pid) => {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return undefined;
  }
};

async function freePort() {
  const s = net.createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

/** Starts the store as `npm start` would (without rebuilding the storefront), on a fresh embedded database. */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-probe-'));
  const log = path.join(dataDir, 'server.log');
  const out = openSync(log, 'a');
  const node = [process.execPath, '--import', 'tsx', 'apps/api/src/server.ts'];
  // Soft and hard limit both: Node raises its soft limit to the hard one as it starts.
  const command = opt['server-nofile']
    ? ['bash', ['-c', `ulimit -n ${Number(opt['server-nofile'])} && exec "$@"`, 'server', ...node]]
    : [node[0], node.slice(1)];
  const child = spawn(command[0], command[1], {
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  say(`starting the store on ${url} (log: ${log})`);
  const until = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode}); see ${log}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error(`the server did not answer /health within 180 s; see ${log}`);
    await sleep(500);
  }
  return { url, pid: child.pid, stop: () => child.kill('SIGTERM'), log };
}

/** One slow client: a request whose body never ends, a byte every BYTE_EVERY_MS. */
function slowClient(target, index) {
  return new Promise((resolveOpened) => {
    const socket = net.connect(Number(target.port), target.hostname);
    const result = { opened: undefined, closedAfterMs: undefined, answer: '', error: undefined };
    let drip;
    socket.setEncoding('latin1');
    socket.on('connect', () => {
      result.opened = Date.now();
      socket.write(
        `POST /v1/users HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
      );
      // Spread the bytes over the interval, as 1,500 independent clients would send them.
      setTimeout(
        () => {
          if (socket.destroyed) return;
          socket.write(' ');
          drip = setInterval(() => socket.write(' '), BYTE_EVERY_MS);
        },
        (index * 7919) % BYTE_EVERY_MS,
      );
      resolveOpened(result);
    });
    socket.on('data', (d) => (result.answer += d));
    socket.on('error', (err) => (result.error ??= err.code ?? err.message));
    socket.on('close', () => {
      clearInterval(drip);
      if (result.opened) result.closedAfterMs = Date.now() - result.opened;
      else resolveOpened(result);
    });
    result.socket = socket;
  });
}

/** One request on the shopper's own connection: status and milliseconds, or the error. */
function get(target, agent, pathname) {
  return new Promise((resolve) => {
    const started = Date.now();
    const req = http.get(
      { host: target.hostname, port: target.port, path: pathname, agent, timeout: SHOPPER_TIMEOUT_MS },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: Date.now() - started }));
        res.on('error', (err) => resolve({ error: err.code ?? err.message, ms: Date.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err) => resolve({ error: err.code ?? err.message, ms: Date.now() - started }));
  });
}

/** BURST shoppers at once, each on a connection of its own: /health, then a catalog page. */
async function burst(target, label, serverPid) {
  let peakFiles = openFiles(serverPid) ?? 0;
  const sampler = setInterval(() => (peakFiles = Math.max(peakFiles, openFiles(serverPid) ?? 0)), 100);
  const started = Date.now();
  const shoppers = await Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const health = await get(target, agent, '/health');
      const page =
        health.status === 200 ? await get(target, agent, `/v1/products?page=${(i % 5) + 1}`) : undefined;
      agent.destroy();
      return { health, page };
    }),
  );
  clearInterval(sampler);
  const served = shoppers.filter((s) => s.health.status === 200 && s.page?.status === 200).length;
  const errors = {};
  for (const s of shoppers) {
    const e = s.health.error ?? (s.health.status !== 200 ? `HTTP ${s.health.status}` : undefined);
    const p = s.page && (s.page.error ?? (s.page.status !== 200 ? `HTTP ${s.page.status}` : undefined));
    if (e) errors[`/health: ${e}`] = (errors[`/health: ${e}`] ?? 0) + 1;
    else if (p) errors[`catalog: ${p}`] = (errors[`catalog: ${p}`] ?? 0) + 1;
  }
  const ms = (list) => list.map((r) => r.ms).sort((a, b) => a - b);
  const pct = (sorted, p) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN;
  const okHealth = ms(shoppers.filter((s) => s.health.status === 200).map((s) => s.health));
  const okPage = ms(shoppers.filter((s) => s.page?.status === 200).map((s) => s.page));
  return {
    label,
    served,
    errors,
    wallMs: Date.now() - started,
    health: { p50: pct(okHealth, 50), p99: pct(okHealth, 99), max: okHealth.at(-1) },
    page: { p50: pct(okPage, 50), p99: pct(okPage, 99), max: okPage.at(-1) },
    peakFiles,
  };
}

async function main() {
  const server = opt.url
    ? { url: opt.url.replace(/\/+$/, ''), pid: undefined, stop: () => {} }
    : await startServer();
  const target = new URL(server.url);
  target.port ||= target.protocol === 'https:' ? '443' : '80';
  try {
    // Warm the catalog (the first read of a page fills the cache, as any visit would).
    for (let p = 1; p <= 5; p++) await get(target, undefined, `/v1/products?page=${p}`);

    say(`opening ${SLOW} slow clients (a byte every ${BYTE_EVERY_MS / 1000} s)`);
    const slowStarted = Date.now();
    const slow = [];
    for (let i = 0; i < SLOW; i += 100) {
      slow.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(100, SLOW - i) }, (_, k) => slowClient(target, i + k)),
        )),
      );
    }
    const opened = slow.filter((s) => s.opened).length;
    say(`${opened} slow clients connected; the first burst of ${BURST} shoppers`);
    await sleep(2_000);
    const stillOpenAtBurst = slow.filter((s) => s.opened && s.closedAfterMs === undefined).length;
    const first = await burst(target, `while ${stillOpenAtBurst} slow clients are open`, server.pid);

    say('waiting for the server to close the slow clients');
    const deadline = slowStarted + MAX_WAIT_MS;
    while (Date.now() < deadline && slow.some((s) => s.opened && s.closedAfterMs === undefined))
      await sleep(500);
    const open = slow.filter((s) => s.opened && s.closedAfterMs === undefined);
    say(`${open.length} slow clients still open; the second burst`);
    const second = await burst(
      target,
      open.length
        ? `${open.length} slow clients still open after ${MAX_WAIT_MS / 1000} s`
        : 'after the slow clients were cut',
      server.pid,
    );
    for (const s of open) s.socket.destroy();

    const closed = slow
      .filter((s) => s.closedAfterMs !== undefined)
      .map((s) => s.closedAfterMs)
      .sort((a, b) => a - b);
    const with408 = slow.filter(
      (s) => s.closedAfterMs !== undefined && /^HTTP\/1\.1 408/.test(s.answer),
    ).length;
    const refused = slow.filter((s) => !s.opened).length;
    const sec = (v) => (v === undefined || Number.isNaN(v) ? '–' : (v / 1000).toFixed(1));
    const env = (k) => process.env[k] ?? 'unset';

    const lines = [];
    lines.push(
      `Node ${process.version}; probe's open-file limit ${nofile(process.pid)}; server's ${server.pid ? nofile(server.pid) : 'not known (--url)'}`,
    );
    lines.push(
      `Server timeouts (unset: the defaults in apps/api/src/lib/timeouts.ts): HTTP_REQUEST_TIMEOUT_MS=${env('HTTP_REQUEST_TIMEOUT_MS')}, HTTP_HEADERS_TIMEOUT_MS=${env('HTTP_HEADERS_TIMEOUT_MS')}, HTTP_KEEP_ALIVE_TIMEOUT_MS=${env('HTTP_KEEP_ALIVE_TIMEOUT_MS')}`,
    );
    lines.push('');
    lines.push(`| slow clients (${SLOW}, a byte every ${BYTE_EVERY_MS / 1000} s) | |`);
    lines.push('|---|---:|');
    lines.push(`| connected | ${opened} |`);
    lines.push(`| could not connect | ${refused} |`);
    lines.push(`| closed by the server | ${closed.length} |`);
    lines.push(`| … answered 408 Request Timeout | ${with408} |`);
    lines.push(
      `| closed after, first / median / last (s) | ${sec(closed[0])} / ${sec(closed[Math.floor(closed.length / 2)])} / ${sec(closed.at(-1))} |`,
    );
    lines.push(`| still open after ${MAX_WAIT_MS / 1000} s | ${open.length} |`);
    lines.push('');
    lines.push(
      `| shoppers (${BURST} connections at once: /health, then a catalog page) | served | failed | /health p50 / p99 / max ms | catalog p50 / p99 / max ms | burst took s | server's open files, peak |`,
    );
    lines.push('|---|---:|---:|---:|---:|---:|---:|');
    for (const b of [first, second]) {
      lines.push(
        `| ${b.label} | ${b.served} | ${BURST - b.served} | ${b.health.p50 ?? '–'} / ${b.health.p99 ?? '–'} / ${b.health.max ?? '–'} | ${b.page.p50 ?? '–'} / ${b.page.p99 ?? '–'} / ${b.page.max ?? '–'} | ${sec(b.wallMs)} | ${b.peakFiles || '?'} |`,
      );
    }
    const failures = [first, second].flatMap((b) =>
      Object.entries(b.errors).map(([k, n]) => `${b.label}: ${k} × ${n}`),
    );
    if (failures.length) {
      lines.push('');
      lines.push('Failures: ' + failures.join('; '));
    }
    console.log(lines.join('\n'));
  } finally {
    server.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
