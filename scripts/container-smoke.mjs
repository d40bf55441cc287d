// The container's commands run without a container engine (issue 45; scripts/container-smoke.sh runs this, as CI
// does). It reads the Dockerfile and does what `docker build` would, each stage in a folder of its own standing for
// the image's file system:
//   - the build context: the repository's files (git ls-files, untracked ones too) less .dockerignore's patterns;
//   - FROM … AS, WORKDIR, COPY (from the context or --from a stage), ENV, VOLUME: on those folders;
//   - RUN: with sh in the WORKDIR, with the stage's ENV and nothing of this machine's environment but PATH and HOME
//     (npm's cache, where `npm ci` finds the packages offline), except after a `# container-smoke: skip` comment;
// then what `docker compose up` would: compose.yaml's migrate command, then the CMD (ENTRYPOINT aside: no tini
// here), as a user that is not root when this runs as root (USER), until the HEALTHCHECK's command succeeds; the
// shop's pages and catalog answer; SIGTERM stops it. The production settings stand in for a shop's .env.
// On PostgreSQL when DATABASE_URL is set (a fresh database, dropped after), else on the embedded database
// (ALLOW_EMBEDDED_DATABASE=true). CONTAINER_SMOKE_KEEP=1 keeps the folders.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const say = (line) => console.log(`[container-smoke ${elapsed()}] ${line}`);
const fail = (line) => {
  throw new Error(line);
};

// ---- the Dockerfile ------------------------------------------------------------------------------------------
/** Its instructions, continuation lines joined; `skip` after a `# container-smoke: skip` comment. */
function readDockerfile(file) {
  const out = [];
  let skipNext = false;
  let pending = '';
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!pending && line.startsWith('#')) {
      if (/^#\s*container-smoke:\s*skip\b/.test(line)) skipNext = true;
      continue;
    }
    if (!pending && !line) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const text = pending + line;
    pending = '';
    const [, op, rest] = /^(\w+)\s+(.*)$/.exec(text) ?? fail(`Dockerfile: cannot read "${text}"`);
    out.push({ op: op.toUpperCase(), rest: rest.trim(), skip: skipNext, text });
    skipNext = false;
  }
  return out;
}

/** Leading --flags of an instruction, and what follows them. */
function flags(rest) {
  const found = {};
  let s = rest;
  for (let m; (m = /^--([\w-]+)=(\S+)\s+/.exec(s)); s = s.slice(m[0].length)) found[m[1]] = m[2];
  return { flags: found, rest: s };
}

const execForm = (rest, what) => {
  if (!rest.startsWith('[')) fail(`Dockerfile: ${what} must be written as a JSON array (exec form): ${rest}`);
  return JSON.parse(rest);
};

// ---- the build context -----------------------------------------------------------------------------------------
function context(dir) {
  const git = (...args) =>
    execFileSync('git', args, { cwd: root, maxBuffer: 64 << 20 })
      .toString()
      .split('\0')
      .filter(Boolean);
  const ignore = ['--exclude-from=.dockerignore'];
  const excluded = new Set(git('ls-files', '-z', '-c', '-i', ...ignore));
  const listed = git('ls-files', '-z', '-c', '-o', '--exclude-standard', ...ignore);
  let n = 0;
  for (const rel of new Set(listed)) {
    if (excluded.has(rel)) continue;
    const from = path.join(root, rel);
    const st = statSync(from, { throwIfNoEntry: false });
    if (!st?.isFile()) continue; // deleted in the working tree
    const to = path.join(dir, rel);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(from, to);
    chmodSync(to, st.mode & 0o777);
    n++;
  }
  return n;
}

// ---- the build ---------------------------------------------------------------------------------------------------
const work = mkdtempSync(path.join(tmpdir(), 'store-container-'));
chmodSync(work, 0o755);
const contextDir = path.join(work, 'context');
const home = path.join(work, 'home');
mkdirSync(home);
/** What RUN sees of this machine: the tools (PATH) and npm's cache (HOME), and quiet npm. */
const hostEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  npm_config_prefer_offline: 'true',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  npm_config_update_notifier: 'false',
};

const stages = new Map();
let stage;
const inStage = (p) => path.join(stage.root, p);
const abs = (p) => (path.isAbsolute(p) ? inStage(p) : path.join(stage.cwd, p));
/** An ENV value naming a folder of the image names the same folder of the stage's stand-in. */
const envValue = (v) => (v.startsWith('/') ? inStage(v) : v);

function copy(instruction) {
  const { flags: f, rest } = flags(instruction.rest);
  const parts = rest.split(/\s+/);
  if (rest.startsWith('[') || parts.some((p) => /[*?[]/.test(p)))
    fail(`Dockerfile: COPY here takes plain paths (no JSON form, no wildcards): ${instruction.text}`);
  const dest = parts.pop();
  const from = f.from
    ? (stages.get(f.from)?.root ?? fail(`COPY --from=${f.from}: no such stage`))
    : contextDir;
  const toDir = dest.endsWith('/') || parts.length > 1 || dest === '.';
  for (const src of parts) {
    const source = path.join(from, src);
    const st = statSync(source, { throwIfNoEntry: false }) ?? fail(`COPY: ${src} is not there (${source})`);
    const target = toDir && !st.isDirectory() ? path.join(abs(dest), path.basename(src)) : abs(dest);
    mkdirSync(st.isDirectory() ? target : path.dirname(target), { recursive: true });
    cpSync(source, target, { recursive: true, verbatimSymlinks: true });
  }
}

function run(instruction) {
  const { rest } = flags(instruction.rest); // --mount=type=cache: npm's cache is this machine's, as said above
  if (instruction.skip) return say(`skipped (system): RUN ${rest}`);
  say(`RUN ${rest}`);
  const res = spawnSync('sh', ['-c', rest], {
    cwd: stage.cwd,
    stdio: 'inherit',
    env: { ...hostEnv, ...stage.env },
  });
  if (res.status !== 0) fail(`RUN ${rest}: exit ${res.status ?? res.signal}`);
}

async function main() {
  const ctxFiles = context(contextDir);
  say(`build context: ${ctxFiles} files (git ls-files less .dockerignore) in ${contextDir}`);
  for (const ins of readDockerfile(path.join(root, 'Dockerfile'))) {
    switch (ins.op) {
      case 'FROM': {
        const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.rest) ?? fail(`FROM: ${ins.rest}`);
        const id = name ?? `stage${stages.size}`;
        stage = { name: id, image, root: path.join(work, id), env: {}, cwd: '', user: 'root' };
        stage.cwd = stage.root;
        mkdirSync(stage.root);
        stages.set(id, stage);
        say(`FROM ${image} (stage ${id}: ${stage.root})`);
        break;
      }
      case 'WORKDIR':
        stage.cwd = abs(ins.rest);
        mkdirSync(stage.cwd, { recursive: true });
        break;
      case 'COPY':
        copy(ins);
        break;
      case 'RUN':
        run(ins);
        break;
      case 'ENV':
        for (const m of ins.rest.matchAll(/(\w+)=(?:"([^"]*)"|(\S*))/g))
          stage.env[m[1]] = envValue(m[2] ?? m[3]);
        break;
      case 'VOLUME':
        for (const v of ins.rest.startsWith('[') ? JSON.parse(ins.rest) : ins.rest.split(/\s+/))
          mkdirSync(inStage(v), { recursive: true });
        break;
      case 'USER':
        stage.user = ins.rest;
        break;
      case 'HEALTHCHECK': {
        const { flags: f, rest } = flags(ins.rest);
        if (!rest.startsWith('CMD ')) fail(`HEALTHCHECK: write it as HEALTHCHECK [--options] CMD [...]`);
        stage.healthcheck = { command: execForm(rest.slice(4).trim(), 'HEALTHCHECK CMD'), flags: f };
        break;
      }
      case 'ENTRYPOINT':
        stage.entrypoint = execForm(ins.rest, 'ENTRYPOINT');
        break;
      case 'CMD':
        stage.cmd = execForm(ins.rest, 'CMD');
        break;
      case 'EXPOSE':
      case 'LABEL':
      case 'ARG':
        break;
      default:
        fail(
          `Dockerfile: container-smoke.mjs does not know ${ins.op}; teach it or write the Dockerfile otherwise`,
        );
    }
  }

  // ---- the image as it would run -------------------------------------------------------------------------------
  const image = stage;
  if (!image.cmd) fail('Dockerfile: the last stage has no CMD');
  if (!image.healthcheck) fail('Dockerfile: the last stage has no HEALTHCHECK');
  if (['root', '0'].includes(image.user.split(':')[0])) fail('Dockerfile: the image runs as root (USER)');
  for (const [what, rel] of [
    ['tsx (the build runs on node alone)', 'node_modules/tsx'],
    ['Vite (production dependencies only)', 'node_modules/vite'],
    ['React (the storefront’s dependencies are in its build)', 'node_modules/react-dom'],
    ['the API’s sources (the image holds the build)', 'apps/api/src'],
  ])
    if (existsSync(path.join(image.cwd, rel))) fail(`The image holds ${what}: ${rel}`);

  /** A port nothing listens on. */
  const freePort = () =>
    new Promise((resolve, reject) => {
      const s = createServer();
      s.once('error', reject);
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => resolve(port));
      });
    });

  /** compose.yaml's migrate service's command (a JSON-style list on its `command:` line). */
  function migrateCommand() {
    const compose = readFileSync(path.join(root, 'compose.yaml'), 'utf8');
    const service =
      /^ {2}migrate:\n((?: {4}.*\n|\n)*)/m.exec(compose)?.[1] ?? fail('compose.yaml: no migrate service');
    const line =
      /^ {4}command:\s*(\[.*\])\s*$/m.exec(service)?.[1] ?? fail('compose.yaml: migrate has no command');
    return JSON.parse(line.replace(/'/g, '"'));
  }

  // As root here, the commands run as nobody, owning only the data folder (and a home for npm's log), as USER does.
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--'] : [];
  if (asRoot) {
    chownSync(home, 65534, 65534);
    if (image.env.DATA_DIR) chownSync(image.env.DATA_DIR, 65534, 65534);
  }

  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    npm_config_update_notifier: 'false',
    ...image.env,
    // `docker run -e …` / compose's environment and .env: a real store's settings, on this machine's loopback.
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: '1',
    MIGRATE_ON_START: 'false',
    LOG_LEVEL: 'warn',
    PAYMENT_PROVIDER: 'paymob',
    PAYMOB_SECRET_KEY: 'container-smoke',
    PAYMOB_PUBLIC_KEY: 'container-smoke',
    PAYMOB_HMAC_SECRET: 'container-smoke',
    PAYMOB_INTEGRATION_IDS: '1',
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: 'http://127.0.0.1:9/sms',
    SMS_HTTP_TOKEN: 'container-smoke',
    STORE_LEGAL_NAME: 'Container Smoke Electronics S.A.E.',
    STORE_ADDRESS: '1 Smoke St., Nasr City, Cairo',
    STORE_TAX_ID: '674-859-545',
    OWNER_EMAIL: 'owner@container-smoke.example',
    OWNER_PASSWORD: 'container smoke owner',
  };
  if (process.env.DATABASE_URL) {
    pg = (await import('pg')).default;
    database = `store_container_smoke_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    say(`on PostgreSQL: a fresh database ${database}`);
  } else {
    env.ALLOW_EMBEDDED_DATABASE = 'true';
    say('on the embedded database (DATABASE_URL unset)');
  }

  const migrate = migrateCommand();
  say(`compose's migrate: ${migrate.join(' ')}`);
  const m = spawnSync(
    user[0] ?? migrate[0],
    [...user.slice(1), ...(user.length ? migrate : migrate.slice(1))],
    {
      cwd: image.cwd,
      env,
      stdio: 'inherit',
    },
  );
  if (m.status !== 0) fail(`the migrate command failed: exit ${m.status ?? m.signal}`);

  if (image.entrypoint)
    say(`ENTRYPOINT ${image.entrypoint.join(' ')}: left out here (the init of the image)`);
  const cmd = [...user, ...image.cmd];
  say(`CMD ${image.cmd.join(' ')} on port ${port}${asRoot ? ', as nobody' : ''}`);
  const t0 = Date.now();
  server = spawn(cmd[0], cmd.slice(1), { cwd: image.cwd, env, stdio: 'inherit' });
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));

  // The HEALTHCHECK's command, as Docker runs it, until it succeeds (within its start period).
  const hc = image.healthcheck;
  const seconds = (v, d) =>
    v ? Number(/^(\d+)s$/.exec(v)?.[1] ?? fail(`HEALTHCHECK: ${v}: write seconds`)) : d;
  const deadline =
    Date.now() + 1000 * (seconds(hc.flags['start-period'], 0) + seconds(hc.flags.interval, 30));
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null)
      fail(`the store stopped before it was healthy: ${JSON.stringify(await exited)}`);
    const check = spawnSync(hc.command[0], hc.command.slice(1), { cwd: image.cwd, env, timeout: 5000 });
    if (check.status === 0) break;
    if (Date.now() > deadline) fail(`the HEALTHCHECK (${hc.command.join(' ')}) never succeeded`);
    await new Promise((r) => setTimeout(r, 500));
  }
  say(`healthy (HEALTHCHECK ${hc.command.slice(0, 2).join(' ')} …) ${Date.now() - t0} ms after the start`);
  for (const [what, url] of [
    ['liveness', '/health'],
    ['readiness', '/ready'],
    ['the home page (server-rendered)', '/'],
    ['the back office', '/admin'],
    ['the catalog', '/v1/products?per_page=1'],
  ]) {
    const res = await fetch(`http://127.0.0.1:${port}${url}`);
    if (res.status !== 200) fail(`${what}: GET ${url} answered ${res.status}`);
    say(`GET ${url}: 200 (${what})`);
  }
  server.kill('SIGTERM');
  const stop = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), 30_000))]);
  if (!stop) fail('the store did not stop within 30 s of SIGTERM');
  if (stop.code !== 0) fail(`the store stopped with ${JSON.stringify(stop)} on SIGTERM`);
  say('SIGTERM: stopped, exit 0');
  server = undefined;
  say('ok: the Dockerfile builds and its image starts, answers and stops');
}

let server;
let database;
let pg;
try {
  await main();
} catch (err) {
  console.error(`[container-smoke ${elapsed()}] FAILED: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  if (database) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
  if (process.env.CONTAINER_SMOKE_KEEP === '1') say(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
