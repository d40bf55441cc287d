import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rememberFileSizes, type RememberedFileSizes } from './pglite-file-sizes.mjs';
import { openPGliteThread } from './pglite-thread.ts';

/**
 * The embedded database's thread answers PostgreSQL's "how large is this file" from what it read last, until
 * something changes the file. Tried on a copy of node:fs's calls (this test's own fs is left alone).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-sizes-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let f: typeof fs;
let sizes: RememberedFileSizes;
const open: number[] = [];
beforeEach(() => {
  f = { ...fs } as typeof fs;
  sizes = rememberFileSizes(f);
});
afterEach(() => {
  for (const fd of open.splice(0)) fs.closeSync(fd);
});
const file = (name: string, text = '') => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};
const opened = (p: string) => {
  const fd = f.openSync(p, 'r+');
  open.push(fd);
  return fd;
};

describe('remembered file sizes', () => {
  it('answers the second fstat of a file from the first', () => {
    const fd = opened(file('a', 'abc'));
    expect(f.fstatSync(fd).size).toBe(3);
    expect(f.fstatSync(fd).size).toBe(3);
    expect(sizes.counts).toEqual({ hits: 1, reads: 1 });
  });

  it('a write through the descriptor moves the size it answers', () => {
    const fd = opened(file('b', 'abc'));
    expect(f.fstatSync(fd).size).toBe(3);
    f.writeSync(fd, Buffer.from('defgh'), 0, 5, 3);
    expect(f.fstatSync(fd).size).toBe(8);
  });

  it("a write through another descriptor of the same file moves this one's size too", () => {
    const p = file('c', 'abc');
    const one = opened(p);
    const two = opened(p);
    expect(f.fstatSync(one).size).toBe(3);
    expect(f.fstatSync(two).size).toBe(3);
    f.writeSync(two, Buffer.from('0123456789'), 0, 10, 3);
    expect(f.fstatSync(one).size).toBe(13);
  });

  it('a write to a file it never asked about still forgets its other descriptors', () => {
    const p = file('d', 'abc');
    const asked = opened(p);
    expect(f.fstatSync(asked).size).toBe(3);
    // Opened behind its back (the real fs), so nothing was forgotten at the open.
    const other = fs.openSync(p, 'r+');
    open.push(other);
    f.writeSync(other, Buffer.from('xy'), 0, 2, 3);
    expect(f.fstatSync(asked).size).toBe(5);
  });

  it('a truncate by path or by descriptor is seen', () => {
    const p = file('e', 'abcdef');
    const fd = opened(p);
    expect(f.fstatSync(fd).size).toBe(6);
    f.truncateSync(p, 2);
    expect(f.fstatSync(fd).size).toBe(2);
    f.ftruncateSync(fd, 4);
    expect(f.fstatSync(fd).size).toBe(4);
  });

  it("a descriptor closed and its number given to another file answers that file's size", () => {
    const fd = f.openSync(file('g', 'abc'), 'r');
    expect(f.fstatSync(fd).size).toBe(3);
    f.closeSync(fd);
    const next = opened(file('h', 'abcdefghij'));
    expect(f.fstatSync(next).size).toBe(10);
  });

  it('forget() puts the calls back', () => {
    sizes.forget();
    expect(f.fstatSync).toBe(fs.fstatSync);
    expect(f.writeSync).toBe(fs.writeSync);
  });
});

describe('the embedded database on a folder', () => {
  it('keeps every row through growing tables, a truncate and a reopen', async () => {
    const data = path.join(dir, 'db');
    let db = await openPGliteThread(data);
    await db.exec('create table g (id int primary key, v text not null)');
    // Each transaction grows the table and its index by pages; each count scans to their ends.
    for (let i = 0; i < 6; i++) {
      await db.transaction(async (tx) => {
        await tx.query(`insert into g select n, repeat('x', 200) from generate_series($1::int, $2::int) n`, [
          i * 2000 + 1,
          (i + 1) * 2000,
        ]);
      });
      const n = await db.query<{ n: number }>('select count(*)::int as n from g where v <> $1', ['']);
      expect(n.rows[0]!.n).toBe((i + 1) * 2000);
    }
    await db.exec('delete from g where id > 1000');
    await db.exec('vacuum g');
    expect((await db.query<{ n: number }>('select count(*)::int as n from g')).rows[0]!.n).toBe(1000);
    await db.exec('truncate g');
    await db.query(`insert into g select n, 'y' from generate_series(1, 300) n`);
    await db.close();
    db = await openPGliteThread(data);
    const again = await db.query<{ n: number; m: number }>('select count(*)::int as n, max(id) as m from g');
    expect(again.rows[0]).toEqual({ n: 300, m: 300 });
    await db.close();
  }, 120_000);
});
