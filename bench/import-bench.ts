/**
 * npm run bench:import — the products spreadsheet import at 50,000 rows (issue 17): reading the file, the dry run,
 * the real import (new products), the export of them all, that export imported back (every row unchanged: nothing
 * written), and the export with every price 5% up, checked and imported (every row changed, each saying what it
 * changes: import_rows.changes and the job's changed_fields).
 * Target: the real import of 50,000 rows in under 2 minutes on PostgreSQL. Not a test: it prints a table and writes
 * bench/results/import-latest.md.
 *
 *   BENCH_IMPORT_ROWS=50000   rows of the generated file
 *   DATABASE_URL=postgres://… PostgreSQL server to use (the bench creates a scratch database on it and drops it);
 *                             without it, an in-memory PGlite
 */
import { IMPORT_COLUMNS } from '@store/contracts';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { brands, categories, importJobs, promotions } from '../apps/api/src/db/schema.ts';
import { csvCell, csvLine, parseCsv } from '../apps/api/src/modules/catalog-admin/imports-csv.ts';
import { exportProducts } from '../apps/api/src/modules/catalog-admin/imports-export.ts';
import { readImportFile } from '../apps/api/src/modules/catalog-admin/imports-plan.ts';
import { storedSource } from '../apps/api/src/modules/catalog-admin/imports-file.ts';
import { runImports } from '../apps/api/src/modules/catalog-admin/imports-service.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const TARGET_SECONDS = 120;
const clock = { now: () => new Date() };

async function open(): Promise<{ database: Database; name: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, name: 'PGlite (in memory)', drop: async () => {} };
  }
  const dbName = `store_import_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 4 });
  return {
    database,
    name: `PostgreSQL (${new URL(url).host})`,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    },
  };
}

/** Three levels of categories, 20 brands and a promotion: what the file names. */
async function catalogBase(db: Database['db']) {
  const leaves: string[] = [];
  for (let a = 1; a <= 5; a++) {
    const [top] = await db
      .insert(categories)
      .values({ nameEn: `Department ${a}`, nameAr: `قسم ${a}` })
      .returning();
    for (let b = 1; b <= 3; b++) {
      const [mid] = await db
        .insert(categories)
        .values({ nameEn: `Group ${a}.${b}`, nameAr: `مجموعة ${a}.${b}`, parentId: top!.id })
        .returning();
      for (let c = 1; c <= 3; c++) {
        await db
          .insert(categories)
          .values({ nameEn: `Shelf ${a}.${b}.${c}`, nameAr: `رف ${a}.${b}.${c}`, parentId: mid!.id });
        leaves.push(c % 2 ? `Shelf ${a}.${b}.${c}` : `رف ${a}.${b}.${c}`);
      }
    }
  }
  const brandNames: string[] = [];
  for (let i = 1; i <= 20; i++) {
    await db.insert(brands).values({ nameEn: `Brand ${i}`, nameAr: `ماركة ${i}` });
    brandNames.push(i % 2 ? `Brand ${i}` : `ماركة ${i}`);
  }
  await db.insert(promotions).values({ nameEn: 'Bench sale', nameAr: 'عرض', slug: 'bench-sale' });
  return { leaves, brandNames };
}

function makeCsv(n: number, leaves: string[], brandNames: string[]): string {
  let out = `\ufeff${csvLine([...IMPORT_COLUMNS])}`;
  for (let i = 1; i <= n; i++) {
    const price = 100 + (i % 5000) + (i % 7) / 4;
    const promoted = i % 10 === 0;
    const cells: Record<string, string> = {
      id: '',
      sku: `BENCH-${i}`,
      title_en: csvCell(`Bench product ${i} washing machine 8 kg`),
      title_ar: csvCell(`منتج تجريبي ${i} غسالة 8 كيلو`),
      description_en: csvCell(`A product made by the bench, number ${i}.\nSecond line, with a comma.`),
      description_ar: csvCell(`منتج عمله البنش رقم ${i}.\nسطر تاني، بفاصلة.`),
      category: csvCell(leaves[i % leaves.length]!),
      brand: csvCell(brandNames[i % brandNames.length]!),
      model: `BM-${i}`,
      series: i % 3 ? 'Series A' : '',
      price: String(price),
      price_after_promotion: promoted ? String(Math.floor(price * 0.9)) : '',
      promotion: promoted ? 'bench-sale' : '',
      stock: String(i % 40),
      maximum_number_per_order: i % 4 ? '' : '3',
      featured: i % 50 ? 'false' : 'true',
      special_offer: i % 30 ? 'no' : 'yes',
      active: 'true',
      specifications: csvCell(
        'Capacity | السعة | 8 kg | 8 كيلو\nColor | اللون | White | أبيض\nWarranty | الضمان | 2 years | سنتين',
      ),
      image_urls: `/uploads/bench/${i}-1.webp /uploads/bench/${i}-2.webp`,
    };
    out += csvLine(IMPORT_COLUMNS.map((c) => cells[c]!));
  }
  return out;
}

/** The export with every product's price 5% up (to the piastre): a file of changes, as a price list would be. */
function pricesUp(exported: string): string {
  const table = parseCsv(exported.replace(/^\ufeff/, ''));
  const at = table[0]!.indexOf('price');
  return table
    .filter((cells) => cells.some((c) => c !== ''))
    .map((cells, i) =>
      csvLine(cells.map((c, j) => csvCell(i > 0 && j === at && c ? (Number(c) * 1.05).toFixed(2) : c))),
    )
    .join('');
}

async function timeJob(database: Database, packed: Buffer, total: number, dryRun: boolean) {
  const [job] = await database.db
    .insert(importJobs)
    .values({
      fileName: 'bench.csv',
      dryRun,
      sourcePacked: storedSource(packed),
      total,
    })
    .returning({ id: importJobs.id });
  const start = performance.now();
  await runImports({ db: database.db, clock });
  const seconds = (performance.now() - start) / 1000;
  const [row] = (
    (await database.db.execute(
      sql`select status, added, changed, refused, changed_fields from import_jobs where id = ${job!.id}`,
    )) as unknown as {
      rows: { status: string; added: number; changed: number; refused: number; changed_fields: unknown }[];
    }
  ).rows;
  return { seconds, ...row! };
}

async function main() {
  const { database, name, drop } = await open();
  const results: { step: string; rows: number; seconds: number; note: string }[] = [];
  try {
    const { leaves, brandNames } = await catalogBase(database.db);
    let t = performance.now();
    const csv = makeCsv(ROWS, leaves, brandNames);
    const generated = (performance.now() - t) / 1000;
    const bytes = Buffer.from(csv, 'utf8');
    t = performance.now();
    const read = await readImportFile(bytes);
    results.push({
      step: 'read and check the file',
      rows: read.total,
      seconds: (performance.now() - t) / 1000,
      note: `${(bytes.length / 1024 / 1024).toFixed(1)} MB, generated in ${generated.toFixed(1)} s`,
    });
    const dry = await timeJob(database, read.packed, read.total, true);
    results.push({
      step: 'dry run',
      rows: read.total,
      seconds: dry.seconds,
      note: `${dry.added} would be added`,
    });
    const real = await timeJob(database, read.packed, read.total, false);
    results.push({
      step: 'import (new products)',
      rows: read.total,
      seconds: real.seconds,
      note: `${real.status}: ${real.added} added, ${real.refused} refused`,
    });
    t = performance.now();
    let exported = '';
    for await (const chunk of exportProducts(database.db, {})) exported += chunk;
    results.push({
      step: 'export',
      rows: read.total,
      seconds: (performance.now() - t) / 1000,
      note: `${(Buffer.byteLength(exported) / 1024 / 1024).toFixed(1)} MB`,
    });
    const back = await readImportFile(Buffer.from(exported, 'utf8'));
    const update = await timeJob(database, back.packed, back.total, false);
    results.push({
      step: 'export imported back (unchanged)',
      rows: back.total,
      seconds: update.seconds,
      note: `${update.status}: ${update.changed} changed, ${update.refused} refused`,
    });
    const prices = await readImportFile(Buffer.from(pricesUp(exported), 'utf8'));
    const fields = (j: { changed_fields: unknown }) => JSON.stringify(j.changed_fields);
    const checked = await timeJob(database, prices.packed, prices.total, true);
    results.push({
      step: 'every price 5% up: dry run',
      rows: prices.total,
      seconds: checked.seconds,
      note: `${checked.changed} would change (${fields(checked)})`,
    });
    const repriced = await timeJob(database, prices.packed, prices.total, false);
    results.push({
      step: 'every price 5% up: import',
      rows: prices.total,
      seconds: repriced.seconds,
      note: `${repriced.status}: ${repriced.changed} changed (${fields(repriced)}), ${repriced.refused} refused`,
    });
  } finally {
    await database.close();
    await drop();
  }
  const real = results.find((r) => r.step.startsWith('import'))!;
  const scaled = (real.seconds * 50_000) / real.rows;
  const lines = [
    `# Products import bench (${new Date().toISOString().slice(0, 10)})`,
    '',
    `Database: ${name}. Rows: ${ROWS}. Target: 50,000 rows imported in under ${TARGET_SECONDS} s on PostgreSQL.`,
    '',
    '| step | rows | seconds | rows/s | note |',
    '| --- | ---: | ---: | ---: | --- |',
    ...results.map(
      (r) =>
        `| ${r.step} | ${r.rows} | ${r.seconds.toFixed(1)} | ${Math.round(r.rows / r.seconds)} | ${r.note} |`,
    ),
    '',
    `Import at this rate for 50,000 rows: ${scaled.toFixed(0)} s ` +
      `(${scaled < TARGET_SECONDS ? 'within' : 'over'} the ${TARGET_SECONDS} s target).`,
  ];
  console.log(lines.join('\n'));
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/import-latest.md'), `${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
