/**
 * What the products' indexes cost a sync's price change on the embedded database (issue 50 item 1, stop 80):
 * a statement that locks 250 random products and changes their prices, as the back office's bulk price change
 * does (decision 047), timed on a copy of `bench:index-follow`'s database with no shoppers, first with every index,
 * then without the ones named (BENCH_DROP, comma-separated; by default the four oldest). Each figure is the median
 * of 25 statements after a VACUUM, three rounds each. The copy is thrown away; the bench's database is untouched.
 *
 *   npm run bench:index-follow      (once: makes the 100,000-product database)
 *   npm run bench:index-write
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { cp, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const source = path.resolve(
  process.env.BENCH_DB ?? path.join(import.meta.dirname, '.tmp', 'follow-pglite-100000', 'pglite'),
);
const drop = (
  process.env.BENCH_DROP ??
  'products_category_id_idx,products_instock_id_idx,products_featured_id_idx,products_created_idx'
)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const PER_ROUND = 25;
const BATCH = 250;

try {
  await stat(path.join(source, 'PG_VERSION'));
} catch {
  console.error(
    `No embedded database at ${source}: run npm run bench:index-follow once first (or set BENCH_DB).`,
  );
  process.exit(1);
}
const dir = await mkdtemp(path.join(tmpdir(), 'index-write-'));
await cp(source, dir, { recursive: true });
const db = await PGlite.create(dir, { extensions: { pg_trgm } });
try {
  const ids = (
    await db.query(
      'select id from products where active and variant_of is null and variant_options is null order by id',
    )
  ).rows.map((r) => r.id);
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const batch = () => {
    const s = new Set();
    while (s.size < Math.min(BATCH, ids.length)) s.add(ids[Math.floor(random() * ids.length)]);
    return [...s].sort((a, b) => a - b);
  };
  const round = async () => {
    await db.exec('vacuum analyze products');
    const took = [];
    for (let i = 0; i < PER_ROUND; i++) {
      const b = batch();
      const at = new Date().toISOString();
      const t0 = performance.now();
      await db.query(
        `with locked as (select id from products where id = any($1) order by id for update)
         update products set price_piastres = greatest(1, round(price_piastres * $2::numeric)::int),
           current_price_piastres = greatest(1, round(current_price_piastres * $2::numeric)::int),
           updated_at = $3, edited_at = $3
         where id = any($1) and (select count(*) from locked) = ${b.length}`,
        [b, i % 2 ? 1.01 : 0.99, at],
      );
      took.push(performance.now() - t0);
    }
    took.sort((a, b) => a - b);
    return took[Math.floor(PER_ROUND / 2)];
  };
  const rounds = async () => {
    const out = [];
    for (let k = 0; k < 3; k++) out.push(await round());
    return out;
  };
  const indexes = (await db.query(`select count(*)::int as n from pg_indexes where tablename = 'products'`))
    .rows[0].n;
  await round(); // warm-up
  const all = await rounds();
  for (const name of drop) await db.exec(`drop index if exists ${name}`);
  const fewer = await rounds();
  const ms = (xs) => xs.map((x) => x.toFixed(1)).join(', ');
  const median = (xs) => [...xs].sort((a, b) => a - b)[1];
  console.log(
    `\n${ids.length.toLocaleString('en-US')} products; ${BATCH} prices a statement, medians of ${PER_ROUND}, three rounds\n`,
  );
  console.log('| indexes on products | statement (ms, each round) | ÷ with all |');
  console.log('|---|---|---:|');
  console.log(`| all ${indexes} | ${ms(all)} | 1.00 |`);
  console.log(`| without ${drop.join(', ')} | ${ms(fewer)} | ${(median(fewer) / median(all)).toFixed(2)} |`);
} finally {
  await db.close();
  await rm(dir, { recursive: true, force: true });
}
