import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readTar, tarEnd, tarFile, TarError } from './tar.ts';

/** The backup's tar: what it writes, GNU tar reads, and what it reads back is what was written. */
const dir = mkdtempSync(path.join(os.tmpdir(), 'tar-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 5 }));

const files: [string, Buffer][] = [
  ['manifest.json', Buffer.from('{"a":1}\n')],
  [`uploads/${'long-folder-name/'.repeat(8)}photo.png`, Buffer.alloc(1300, 7)],
  ['uploads/صور/منتج.png', Buffer.from('ar')],
  ['uploads/empty.txt', Buffer.alloc(0)],
];

async function archive(): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (const [name, data] of files) for await (const b of tarFile(name, data.length, data)) parts.push(b);
  parts.push(tarEnd());
  return Buffer.concat(parts);
}

async function entries(tar: Buffer, chunk = 100) {
  const chunks = Array.from({ length: Math.ceil(tar.length / chunk) }, (_, i) =>
    tar.subarray(i * chunk, (i + 1) * chunk),
  );
  const out: [string, Buffer][] = [];
  for await (const e of readTar(Readable.from(chunks))) {
    const parts: Buffer[] = [];
    for await (const c of e.body) parts.push(c);
    out.push([e.name, Buffer.concat(parts)]);
  }
  return out;
}

describe('the backup tar', () => {
  it('keeps names past 100 bytes and in Arabic, and every byte, read back in small pieces', async () => {
    expect(await entries(await archive())).toEqual(files);
  });

  it('is read by GNU tar, names and bytes alike', async () => {
    const file = path.join(dir, 'a.tar');
    writeFileSync(file, await archive());
    const out = path.join(dir, 'out');
    execFileSync('mkdir', ['-p', out]);
    execFileSync('tar', ['-xf', file, '-C', out]);
    for (const [name, data] of files)
      expect(readFileSync(path.join(out, name)).equals(data), name).toBe(true);
  });

  it('refuses a damaged header and an archive cut short', async () => {
    const tar = await archive();
    const damaged = Buffer.from(tar);
    damaged[10] = damaged[10]! ^ 0xff;
    await expect(entries(damaged)).rejects.toThrow(TarError);
    await expect(entries(tar.subarray(0, 1024 + 700))).rejects.toThrow(/cut short/);
  });

  it('refuses a file that changed size while it was read', async () => {
    const grow = async () => {
      for await (const _ of tarFile('x', 3, Readable.from([Buffer.from('four')]))) void _;
    };
    await expect(grow()).rejects.toThrow(/grew/);
  });
});
