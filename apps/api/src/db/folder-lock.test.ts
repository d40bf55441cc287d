import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFileOf } from './folder-lock.ts';
import { openPGliteThread } from './pglite-thread.ts';

/**
 * One process at a time opens an embedded database's folder: two stores on one DATA_DIR both wrote to it and
 * damaged it. Every opener (the server, the seed, the migrations, a backup of a stopped store) goes through
 * openPGliteThread, which takes the folder's lock.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'folder-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});
// One folder for all: made once (initdb takes seconds), opened again by each test.
const dir = path.join(root, 'db');
const count = async (db: Awaited<ReturnType<typeof openPGliteThread>>) =>
  Number((await db.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n);

describe('the embedded database folder lock', () => {
  it('refuses a second open while the first is open, and opens again once it is closed', async () => {
    const db = await openPGliteThread(dir);
    await db.exec('create table t (id int); insert into t values (1)');
    await expect(openPGliteThread(dir)).rejects.toThrow(
      `The embedded database in ${dir} is open in another process (this one)`,
    );
    // The refused open changed nothing: the first still answers.
    expect(await count(db)).toBe(1);
    expect(readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(process.pid));
    await db.close();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    const again = await openPGliteThread(dir);
    expect(await count(again)).toBe(1);
    await again.close();
  }, 60_000);

  it('refuses while another process holds the folder, naming it; takes over the lock once that process is gone', async () => {
    const other = spawn('sleep', ['60']);
    children.push(other);
    writeFileSync(lockFileOf(dir), `${other.pid}\n`);
    const refused = (await openPGliteThread(dir).catch((e: unknown) => e)) as Error;
    expect(refused).toBeInstanceOf(Error);
    expect(refused.message).toContain(`open in another process (process ${other.pid})`);
    expect(refused.message).toContain('DATABASE_URL');
    // The lock is still the other process's.
    expect(readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(other.pid));
    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    const db = await openPGliteThread(dir);
    expect(readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(process.pid));
    expect(await count(db)).toBe(1);
    await db.close();
  }, 60_000);

  it('a second store process on the same folder stops with the sentence', async () => {
    const db = await openPGliteThread(dir);
    try {
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import('${path.join(import.meta.dirname, 'pglite-thread.ts')}').then((m) => m.openPGliteThread(${JSON.stringify(dir)})).then(() => { console.log('opened'); process.exit(0); }, (e) => { console.log(e.message); process.exit(3); })`,
        ],
        { cwd: path.resolve(import.meta.dirname, '../..') },
      );
      children.push(child);
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(3);
      expect(out).toContain(`open in another process (process ${process.pid})`);
    } finally {
      await db.close();
    }
  }, 60_000);
});
