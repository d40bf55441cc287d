/**
 * An embedded database in memory (`memory://`, what the tests open: over a hundred files, some several times) starts
 * from an image of one already brought to the latest migration, instead of being created and migrated again: 2.2–2.9 s
 * to open instead of 4.4–5.4 s on a 2-core machine (creating the database, initdb, was about 4 s of it).
 *
 * The image is a file in the system's temporary folder named by what makes it: PGlite's version and every file of
 * the migrations folder. Whichever process needs it first makes it, writes it aside and renames it into place, so a
 * process never reads half an image; an image of other migrations is never loaded, and is removed when a new one is
 * written. Databases on disk (the store's own) are never made from it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PREFIX = 'store-pglite-image-';

/** PGlite's version, from its package.json (which its exports do not list: found above its entry file). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === '@electric-sql/pglite') return String(pkg.version);
    } catch {
      // not this folder
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error("PGlite's package.json was not found");
    dir = up;
  }
}

/** What names an image: PGlite's version and the migrations' files, names and contents. */
export function imageKey(migrationsFolder: string): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()}\n`);
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .sort();
  for (const file of files(migrationsFolder)) {
    hash.update(`${path.relative(migrationsFolder, file)}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 24);
}

/**
 * The image for these migrations: read from the temporary folder, or made by `make` (a new database's folder as a
 * tar, migrated) and kept there. Each call reads the file again: a test file's process starts with no memory of
 * the last one (vitest's isolation), and the page cache makes it cheap.
 */
export async function migratedImage(
  migrationsFolder: string,
  make: () => Promise<Uint8Array>,
  folder = tmpdir(),
): Promise<Uint8Array> {
  const name = `${PREFIX}${imageKey(migrationsFolder)}.tar`;
  const file = path.join(folder, name);
  try {
    return new Uint8Array(readFileSync(file));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const image = await make();
  const aside = `${file}.${process.pid}.${Date.now()}`;
  try {
    writeFileSync(aside, image);
    renameSync(aside, file);
    // Images of other migrations, and what a process making one left half written.
    for (const old of readdirSync(folder))
      if (old.startsWith(PREFIX) && !old.startsWith(name)) rmSync(path.join(folder, old), { force: true });
  } catch {
    // A temporary folder that cannot be written: the next database is made from scratch again, as before.
    rmSync(aside, { force: true });
  }
  return image;
}
