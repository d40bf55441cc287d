/**
 * What the products' indexes cost a sync's price change on the embedded database (issue 50 item 1, stop 80): the
 * back office's own bulk price change (`bulkProducts`, one statement: decision 047) of 250 random products, timed
 * on a copy of `bench:index-follow`'s database opened as the server opens it, with no shoppers: first with every
 * index, then without the ones named (BENCH_DROP, comma-separated; by default the four oldest). Each figure is the
 * median of 25 calls after a VACUUM, three rounds each. The copy is thrown away; the bench's database is untouched.
 *
 *   npm run bench:index-follow      (once: makes the 100,000-product database, BENCH_PRODUCTS as there)
 *   npm run bench:index-write       (BENCH_DB: another store's DATA_DIR instead)
 */
import { cp, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { rows } from '../apps/api/src/db/rows.ts';
import { mulberry32 } from '../apps/api/src/db/seed/rng.ts';
import { storeDirs } from '../apps/api/src/db/store-dirs.ts';
import { bulkProducts } from '../apps/api/src/modules/catalog-admin/products-service.ts';
import { root } from './server-kit.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const source = storeDirs({
  DATA_DIR: process.env.BENCH_DB ?? path.join(root, 'bench/.tmp', `follow-pglite-${PRODUCTS}`),
}).pgliteDir;
const drop = (
  process.env.BENCH_DROP ??
  'products_category_id_idx,products_instock_id_idx,products_featured_id_idx,products_created_idx'
)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const PER_ROUND = 25;
const ROUNDS = 3;
const BATCH = 250;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  try {
    await stat(path.join(source, 'PG_VERSION'));
  } catch {
    throw new Error(
      `No embedded database at ${source}: run npm run bench:index-follow once first (or set BENCH_DB).`,
    );
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'index-write-'));
  await cp(source, dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir });
  try {
    const db = database.db;
    const ids = (
      await rows<{ id: number }>(
        db,
        sql`select id from products where active and variant_of is null and variant_options is null order by id`,
      )
    ).map((r) => Number(r.id));
    const [owner] = await rows<{ id: number; email: string; name: string }>(
      db,
      sql`select id, email, name from staff order by id limit 1`,
    );
    if (!owner) throw new Error('The database has no staff member to sign the price changes.');
    const me = {
      id: Number(owner.id),
      email: owner.email,
      name: owner.name,
      role: 'owner' as const,
      client: 'bench:index-write',
      sessionId: 0,
      csrfToken: '',
      ip: '127.0.0.1',
    };
    const random = mulberry32(11);
    const batch = () => {
      const s = new Set<number>();
      while (s.size < Math.min(BATCH, ids.length)) s.add(ids[Math.floor(random() * ids.length)]!);
      return [...s];
    };
    const round = async () => {
      await db.execute(sql`vacuum analyze products`);
      const took: number[] = [];
      for (let i = 0; i < PER_ROUND; i++) {
        const body = { ids: batch(), action: 'price_percent' as const, percent: i % 2 ? 1 : -1 };
        const t0 = performance.now();
        await bulkProducts(db, me, body, new Date());
        took.push(performance.now() - t0);
      }
      return median(took);
    };
    const rounds = async () => {
      const out: number[] = [];
      for (let k = 0; k < ROUNDS; k++) out.push(await round());
      return out;
    };
    const [{ n: indexes }] = (await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_indexes where tablename = 'products'`,
    )) as [{ n: number }];
    await round(); // warm-up
    const all = await rounds();
    for (const name of drop) await db.execute(sql.raw(`drop index if exists ${name}`));
    const fewer = await rounds();
    const ms = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
    console.log(
      `\n${ids.length.toLocaleString('en-US')} products; ${BATCH} prices a call, medians of ${PER_ROUND}, ${ROUNDS} rounds\n`,
    );
    console.log('| indexes on products | a call (ms, each round) | ÷ with all |');
    console.log('|---|---|---:|');
    console.log(`| all ${indexes} | ${ms(all)} | 1.00 |`);
    console.log(
      `| without ${drop.join(', ')} | ${ms(fewer)} | ${(median(fewer) / median(all)).toFixed(2)} |`,
    );
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
