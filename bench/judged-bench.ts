/**
 * npm run bench:judged — the judged queries (apps/api/src/modules/catalog/judged-queries.json, issue 15) on the
 * large generated catalog, the way the demo catalog's test runs them: zero-result count, mean precision of the top
 * five, and how many of the queries marked `all` have a result outside the section they name (issue 43: at every
 * sort), against the floors recorded for the large catalog (`floorsLarge`). Exits 1 when any is worse. Not a test
 * (seeding 100,000 products takes minutes); it prints a table and writes bench/results/judged-latest.md.
 *
 *   BENCH_PRODUCTS=100000   products in the database (the demo catalog + generated ones; the API bench's database)
 *   BENCH_DATABASE_URL=postgres://…  PostgreSQL to use instead of the embedded database
 */
import { productListQuerySchema } from '@store/contracts';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { warmCatalogIndex } from '../apps/api/src/modules/catalog/index.ts';
import { categoriesUnder, judge, loadJudged } from '../apps/api/src/modules/catalog/judged.ts';
import { listProducts } from '../apps/api/src/modules/catalog/service.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const url = process.env.BENCH_DATABASE_URL;
const dataDir = path.join(root, 'bench/.tmp', `pglite-${PRODUCTS}`);

// The same database the API bench uses (made, or grown, once).
execFileSync(
  process.execPath,
  ['--import', 'tsx', 'apps/api/src/db/seed-cli.ts', '--products', String(PRODUCTS)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...(url ? { DATABASE_URL: url } : { DATA_DIR: dataDir }) },
  },
);
const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: path.join(dataDir, 'pglite') });
try {
  const db = database.db;
  await warmCatalogIndex(db);
  const judged = await loadJudged();
  // The time of each query's search itself (its relevance order, as asked first), not of the other sorts asked of
  // the queries marked `all`.
  let ms = 0;
  const { lines, zero, mean, outside } = await judge(
    judged.queries,
    await categoriesUnder(db),
    async (q, sort) => {
      const query = productListQuerySchema.parse({
        query: q,
        per_page: '5',
        ...(sort === 'relevance' ? {} : { [sort]: 'true' }),
      });
      // As the shop's list answers it: a search nothing has every word of shows the search without one (decision 020).
      const started = performance.now();
      const { products, meta } = await listProducts(db, query, {
        locale: 'en',
        now: new Date(),
        fewerWords: true,
      });
      if (sort === 'relevance') ms += performance.now() - started;
      return { products, total: meta.total_entries, categories: meta.facets?.categories ?? [] };
    },
  );
  const marked = judged.queries.filter((j) => j.all).length;
  const floors = judged.floorsLarge;
  const out = [
    `# Judged queries on ${PRODUCTS.toLocaleString('en-US')} products (${url ? 'PostgreSQL' : 'PGlite'}), ${new Date().toISOString().slice(0, 10)}`,
    '',
    '| queries | with no result | floor | mean precision of the top 5 | floor | naming a section, with a result outside it (at any sort) | floor | ms a query |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${judged.queries.length} | ${zero} | ≤ ${floors.zeroResults} | ${mean.toFixed(3)} | ≥ ${floors.meanPrecisionAt5} | ${outside} of ${marked} | ≤ ${floors.outside} | ${(ms / judged.queries.length).toFixed(1)} |`,
    '',
    '```',
    ...lines,
    '```',
    '',
  ].join('\n');
  console.log(out);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/judged-latest.md'), out);
  if (zero > floors.zeroResults || mean < floors.meanPrecisionAt5 || outside > floors.outside) {
    console.error('worse than the floor');
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
