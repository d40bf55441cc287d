// The build's stamp (issue 45): `npm run build` (scripts/build.mjs) writes it last, once every part is built, so a
// build stopped half-way counts as no build. `npm run serve` (scripts/serve.mjs) refuses to start without it, and
// `npm start` builds again when it is missing or older than any source file.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const stampFile = path.join(root, 'apps/api/dist/build.json');

/** What `npm run serve` runs: every part of a finished build (the stamp names them again). */
export const outputs = [
  'apps/api/dist/server.js', // the API, compiled to JavaScript (with @store/contracts under apps/api/dist/contracts)
  'apps/web/dist/index.html', // the storefront
  'apps/web/dist/admin.html', // the back office
  'apps/web/dist-server/entry-server.js', // the server renderer
];

/**
 * What the build is made from: a change to any of these (tests aside) makes the build older than its sources.
 * Folders are walked; apps/api/drizzle is not here because the server reads the migrations from there at run time.
 */
const sources = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build.mjs',
  'scripts/build-stamp.mjs',
  'scripts/precompress.mjs',
  'packages/contracts/package.json',
  'packages/contracts/src',
  'apps/api/package.json',
  'apps/api/tsconfig.json',
  'apps/api/src',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/index.html',
  'apps/web/admin.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.admin.config.ts',
  'apps/web/vite.ssr.config.ts',
  'apps/web/public',
  'apps/web/src',
];

const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The newest source file: its path and modification time (ms); files that are not there count for nothing. */
export function newestSource() {
  let newest = { file: '', mtimeMs: 0 };
  const visit = (rel) => {
    const abs = path.join(root, rel);
    let st;
    try {
      st = statSync(abs);
    } catch {
      return; // not in this copy (a container holds only the build)
    }
    if (st.isDirectory()) {
      for (const entry of readdirSync(abs)) if (!isTest(entry)) visit(path.join(rel, entry));
    } else if (st.mtimeMs > newest.mtimeMs) newest = { file: rel, mtimeMs: st.mtimeMs };
  };
  for (const s of sources) visit(s);
  return newest;
}

/**
 * Settings read when the storefront is built (Vite puts VITE_* variables into the browser's code): a build made
 * with other values is not the one asked for.
 */
export function buildSettings(env = process.env) {
  return Object.fromEntries(
    Object.entries(env)
      .filter(([k]) => k.startsWith('VITE_'))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** The stamp of the finished build, or undefined when there is none (or a part of it is missing). */
export function readStamp() {
  if (!existsSync(stampFile)) return undefined;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return undefined;
  }
  if (!outputs.every((f) => existsSync(path.join(root, f)))) return undefined;
  return stamp;
}

/** Why the build must be made (again), or '' when the finished build is newer than every source. */
export function whyBuild(env = process.env) {
  const stamp = readStamp();
  if (!stamp) return 'there is no build yet';
  // Against the time the build started: a file saved while it ran may not be in it.
  const newest = newestSource();
  const built = typeof stamp.startedAt === 'number' ? stamp.startedAt : statSync(stampFile).mtimeMs;
  if (newest.mtimeMs > built) return `${newest.file} changed since the last build`;
  const was = JSON.stringify(stamp.settings ?? {});
  const now = JSON.stringify(buildSettings(env));
  if (was !== now) return `the VITE_* settings differ from the last build's (${was} then, ${now} now)`;
  return '';
}
