// npm run build: everything `npm run serve` runs, built once (issue 45).
//   - the storefront, the back office and the server renderer (apps/web: dist/ and dist-server/, precompressed)
//   - the API compiled to JavaScript in apps/api/dist, which plain `node` runs (no tsx at run time): each file of
//     apps/api/src (tests aside) in the same place, so every `new URL(…, import.meta.url)` (the migrations, the
//     worker threads' .mjs files, the repository's root) points where it did; @store/contracts, TypeScript too,
//     compiled into apps/api/dist/contracts and imported from there.
//   - last, the stamp (apps/api/dist/build.json): a build stopped half-way is no build.
//
//   node scripts/build.mjs             build
//   node scripts/build.mjs --if-stale  build only when there is no build or a source changed since (npm start)
//   node scripts/build.mjs --api-only  the API alone, leaving the stamp as it was (while working on the build)
//   --prepare-database                 (npm start) on a first start, makes the embedded database while the
//                                      storefront builds (apps/api/src/db/prepare-cli.ts)
import { spawn } from 'node:child_process';
import { builtinModules } from 'node:module';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';
import ts from 'typescript';
import { buildSettings, outputs, root, stampFile, whyBuild } from './build-stamp.mjs';

const apiSrc = path.join(root, 'apps/api/src');
const apiOut = path.join(root, 'apps/api/dist');
const contractsSrc = path.join(root, 'packages/contracts/src');
const contractsOut = path.join(apiOut, 'contracts');

const skipped = (rel) =>
  /\.test\.[cm]?tsx?$/.test(rel) || /\.d\.[cm]?ts$/.test(rel) || rel.split(path.sep)[0] === 'test';

function files(dir, rel = '') {
  return readdirSync(path.join(dir, rel)).flatMap((name) => {
    const r = path.join(rel, name);
    if (skipped(r)) return [];
    return statSync(path.join(dir, r)).isDirectory() ? files(dir, r) : [r];
  });
}

/** @store/contracts and @store/contracts/x, as the file at `from` imports them from apps/api/dist/contracts. */
function contractsSpecifier(spec, from) {
  const m = /^@store\/contracts(?:\/(.+))?$/.exec(spec);
  if (!m) return undefined;
  let rel = path.relative(path.dirname(from), path.join(contractsOut, `${m[1] ?? 'index'}.js`));
  rel = rel.split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/**
 * The compiled file's imports as plain `node` finds them: a relative `.ts` import written as `.js`, @store/contracts
 * as the relative path to its compiled copy. The specifiers are the compiler's own reading of the file (static and
 * dynamic imports, re-exports; never a string that merely looks like one), replaced from the last one back.
 */
function rewriteSpecifiers(code, to) {
  const found = ts.preProcessFile(code, true, true).importedFiles;
  let out = code;
  for (const ref of found.sort((a, b) => b.pos - a.pos)) {
    const spec = ref.fileName;
    const next = spec.startsWith('.')
      ? spec.replace(/\.([cm]?)tsx?$/, '.$1js')
      : contractsSpecifier(spec, to);
    if (!next || next === spec) continue;
    // `pos` is where the literal starts (at its quote, or at the name in some versions): the name is found there.
    const at = out.indexOf(spec, ref.pos);
    if (at < 0 || at > ref.pos + 1) throw new Error(`${to}: cannot place the import ${spec}`);
    out = out.slice(0, at) + next + out.slice(at + spec.length);
  }
  return out;
}

/**
 * One folder of TypeScript (and the plain files beside it: worker threads' .mjs, JSON) into `outDir`. Each file is
 * compiled alone, as `isolatedModules` promises it can be (types are checked by `npm run typecheck`, not here), by
 * esbuild: a few milliseconds a file where TypeScript's own transpiler took tens (issue 43, item 12: the first start).
 */
function compileFolder(srcDir, outDir) {
  let count = 0;
  for (const rel of files(srcDir)) {
    const from = path.join(srcDir, rel);
    const isTs = /\.[cm]?ts$/.test(rel);
    const to = path.join(outDir, isTs ? rel.replace(/\.([cm]?)ts$/, '.$1js') : rel);
    mkdirSync(path.dirname(to), { recursive: true });
    if (!isTs) {
      copyFileSync(from, to);
      continue;
    }
    let out;
    try {
      out = transformSync(readFileSync(from, 'utf8'), {
        loader: 'ts',
        format: 'esm',
        target: 'es2022',
        platform: 'node',
        sourcefile: from,
        // As tsconfig.base.json: ES2022 class fields, imports used only as types dropped.
        tsconfigRaw: { compilerOptions: { target: 'ES2022', useDefineForClassFields: true } },
      });
    } catch (err) {
      throw new Error(`${path.relative(root, from)}: ${err instanceof Error ? err.message : err}`, {
        cause: err,
      });
    }
    writeFileSync(to, rewriteSpecifiers(out.code, to));
    count++;
  }
  return count;
}

/**
 * The packages `npm ci --omit=dev` installs where apps/api/dist finds them (package-lock.json: not marked dev, in
 * node_modules or apps/api/node_modules).
 */
function productionPackages() {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const names = new Set();
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    const name = /^(?:apps\/api\/)?node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(where)?.[1];
    if (name && !entry.dev) names.add(name);
  }
  return names;
}

/**
 * Every import of the compiled API resolves from the build alone: relative ones to a file in it, packages to one
 * that production installs (`npm ci --omit=dev`, as the container does), never to TypeScript sources.
 */
function checkImports() {
  const production = productionPackages();
  const builtins = new Set(builtinModules);
  const problems = [];
  for (const rel of files(apiOut)) {
    if (!/\.[cm]?js$/.test(rel)) continue;
    const file = path.join(apiOut, rel);
    // The compiler's own reading of the file's imports (comments and strings that merely mention one aside).
    for (const { fileName: spec } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles) {
      if (spec.startsWith('.')) {
        const target = path.resolve(path.dirname(file), spec);
        if (/\.[cm]?tsx?$/.test(spec)) problems.push(`${rel} imports TypeScript: ${spec}`);
        else if (!statSync(target, { throwIfNoEntry: false })?.isFile())
          problems.push(`${rel} imports ${spec}, which is not in the build`);
      } else if (!spec.startsWith('node:')) {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        if (builtins.has(name)) continue;
        if (name.startsWith('@store/')) problems.push(`${rel} imports the workspace's ${spec}`);
        else if (!production.has(name))
          problems.push(`${rel} imports ${name}, which production does not install (a devDependency?)`);
      }
    }
  }
  if (problems.length) throw new Error(`The compiled API would not run:\n  ${problems.join('\n  ')}`);
}

function buildApi() {
  const t0 = Date.now();
  rmSync(apiOut, { recursive: true, force: true });
  const api = compileFolder(apiSrc, apiOut);
  const contracts = compileFolder(contractsSrc, contractsOut);
  checkImports();
  console.log(
    `API: ${api} files of apps/api/src and ${contracts} of @store/contracts compiled into apps/api/dist in ${Date.now() - t0} ms`,
  );
}

/** Runs a command, its output shown as it comes; resolves when it ends well, rejects with `failure` otherwise. */
function run(cmd, args, failure, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(failure))));
  });
}

function buildWeb() {
  return run(
    'npm',
    ['run', 'build', '-w', 'apps/web'],
    'The storefront build failed (npm run build -w apps/web): see above.',
    // Always the production bundles: a shell's NODE_ENV=development (the demo store's mode) made Vite build the
    // development JSX runtime into the server renderer, and the first page failed to render.
    { ...process.env, NODE_ENV: 'production' },
  );
}

/**
 * `--prepare-database` (npm start): a store's first start makes its embedded database (initdb, migrations, the demo
 * catalog: apps/api/src/db/prepare-cli.ts) from the API just compiled, while the storefront builds, instead of after.
 */
function prepareDatabase() {
  if (!process.argv.includes('--prepare-database')) return Promise.resolve();
  return run(
    process.execPath,
    [path.join(apiOut, 'db/prepare-cli.js')],
    'The database could not be made: see above.',
  );
}

async function main() {
  if (process.argv.includes('--if-stale')) {
    const why = whyBuild();
    if (!why) {
      console.log('The build is up to date (npm run build builds it again anyway).');
      return;
    }
    console.log(`Building the store: ${why}.`);
  }
  if (process.argv.includes('--api-only')) {
    const stamp = existsSync(stampFile) ? readFileSync(stampFile) : undefined;
    buildApi();
    if (stamp) writeFileSync(stampFile, stamp);
    return;
  }
  const t0 = Date.now();
  rmSync(stampFile, { force: true });
  buildApi();
  // Both to the end, even when one fails: the database is never left half-made by a stopped process.
  const [web, database] = await Promise.allSettled([buildWeb(), prepareDatabase()]);
  for (const r of [web, database]) if (r.status === 'rejected') throw r.reason;
  writeFileSync(
    stampFile,
    `${JSON.stringify({ startedAt: t0, builtAt: new Date().toISOString(), node: process.version, settings: buildSettings(), outputs }, null, 2)}\n`,
  );
  console.log(`Built the store in ${((Date.now() - t0) / 1000).toFixed(1)} s: npm run serve starts it.`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
