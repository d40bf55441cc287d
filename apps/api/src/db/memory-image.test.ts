import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { imageKey, migratedImage } from './memory-image.ts';

const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'memory-image-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the migrated image a database in memory starts from', () => {
  it('is made once, then read back; other migrations make another one and the old one goes', async () => {
    const folder = path.join(scratch, 'images');
    cpSync(migrations, path.join(scratch, 'drizzle'), { recursive: true });
    const drizzle = path.join(scratch, 'drizzle');
    let made = 0;
    const make = async () => {
      made++;
      return new Uint8Array([made, 1, 2, 3]);
    };
    mkdirSync(folder);

    expect(await migratedImage(drizzle, make, folder)).toEqual(new Uint8Array([1, 1, 2, 3]));
    expect(await migratedImage(drizzle, make, folder)).toEqual(new Uint8Array([1, 1, 2, 3]));
    expect(made).toBe(1);
    expect(readdirSync(folder)).toEqual([`store-pglite-image-${imageKey(drizzle)}.tar`]);

    // A migration added (or any file of the folder changed): the image of the old schema is never loaded.
    const before = imageKey(drizzle);
    writeFileSync(path.join(folder, `store-pglite-image-${before}.tar.123.456`), 'half written');
    writeFileSync(path.join(drizzle, '9999_test.sql'), 'select 1;');
    expect(imageKey(drizzle)).not.toBe(before);
    expect(await migratedImage(drizzle, make, folder)).toEqual(new Uint8Array([2, 1, 2, 3]));
    expect(made).toBe(2);
    expect(readdirSync(folder)).toEqual([`store-pglite-image-${imageKey(drizzle)}.tar`]);
  });

  it('is the migrations folder’s own: the same files give the same name', () => {
    expect(imageKey(migrations)).toBe(imageKey(migrations));
    expect(imageKey(migrations)).toMatch(/^[0-9a-f]{24}$/);
  });
});
