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
import { spawnSync } from 'node:child_process';
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
function contractsSpecifiers(from) {
  const rewrite = (spec) => {
    const m = /^@store\/contracts(?:\/(.+))?$/.exec(spec);
    if (!m) return undefined;
    let rel = path.relative(path.dirname(from), path.join(contractsOut, `${m[1] ?? 'index'}.js`));
    rel = rel.split(path.sep).join('/');
    return rel.startsWith('.') ? rel : `./${rel}`;
  };
  return (context) => {
    const f = context.factory;
    const visit = (node) => {
      const spec = node.moduleSpecifier;
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        spec &&
        ts.isStringLiteral(spec) &&
        rewrite(spec.text)
      ) {
        const to = f.createStringLiteral(rewrite(spec.text));
        return ts.isImportDeclaration(node)
          ? f.updateImportDeclaration(node, node.modifiers, node.importClause, to, node.attributes)
          : f.updateExportDeclaration(
              node,
              node.modifiers,
              node.isTypeOnly,
              node.exportClause,
              to,
              node.attributes,
            );
      }
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0]) &&
        rewrite(node.arguments[0].text)
      )
        return f.updateCallExpression(node, node.expression, node.typeArguments, [
          f.createStringLiteral(rewrite(node.arguments[0].text)),
          ...node.arguments.slice(1),
        ]);
      return ts.visitEachChild(node, visit, context);
    };
    return (file) => ts.visitNode(file, visit);
  };
}

/** The compiler options of apps/api/tsconfig.json, emitting ES modules with `.ts` imports written as `.js`. */
function compilerOptions() {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'apps/api/tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  return {
    ...parsed.options,
    noEmit: false,
    rewriteRelativeImportExtensions: true,
    declaration: false,
    sourceMap: false,
    inlineSourceMap: false,
  };
}

/** One folder of TypeScript (and the plain files beside it: worker threads' .mjs, JSON) into `outDir`. */
function compileFolder(srcDir, outDir, options) {
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
    const out = ts.transpileModule(readFileSync(from, 'utf8'), {
      compilerOptions: options,
      fileName: from,
      reportDiagnostics: true,
      transformers: { before: [contractsSpecifiers(to)] },
    });
    if (out.diagnostics?.length)
      throw new Error(
        `${path.relative(root, from)}: ${out.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('; ')}`,
      );
    writeFileSync(to, out.outputText);
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
  const options = compilerOptions();
  const api = compileFolder(apiSrc, apiOut, options);
  const contracts = compileFolder(contractsSrc, contractsOut, options);
  checkImports();
  console.log(
    `API: ${api} files of apps/api/src and ${contracts} of @store/contracts compiled into apps/api/dist in ${Date.now() - t0} ms`,
  );
}

function buildWeb() {
  const res = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0)
    throw new Error('The storefront build failed (npm run build -w apps/web): see above.');
}

function main() {
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
  buildWeb();
  buildApi();
  writeFileSync(
    stampFile,
    `${JSON.stringify({ startedAt: t0, builtAt: new Date().toISOString(), node: process.version, settings: buildSettings(), outputs }, null, 2)}\n`,
  );
  console.log(`Built the store in ${((Date.now() - t0) / 1000).toFixed(1)} s: npm run serve starts it.`);
}

try {
  main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
