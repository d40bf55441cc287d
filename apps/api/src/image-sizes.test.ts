import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskImageStore } from './adapters/image-store.ts';
import { PictureSizes } from './image-sizes.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'picture-sizes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sizesMade = () => {
  try {
    return readdirSync(path.join(dir, '.sizes')).sort();
  } catch {
    return [];
  }
};

describe('the card sizes made after an upload', () => {
  it('stop when the server closes: once stop() resolves, nothing more is written to the store', async () => {
    const store = new DiskImageStore(dir);
    const urls: string[] = [];
    for (let i = 0; i < 4; i++) {
      const photo = await sharp({
        create: { width: 1600, height: 1200, channels: 3, background: { r: 40 * i, g: 90, b: 160 } },
      })
        .jpeg()
        .toBuffer();
      await store.put(`products/p${i}.jpg`, photo, 'image/jpeg');
      urls.push(`/uploads/products/p${i}.jpg`);
    }
    const sizes = new PictureSizes(store);
    const preparing = sizes.prepare(urls);
    await sleep(20); // the first picture is being made
    await sizes.stop();
    const atStop = sizesMade();
    // A test's or a replaced instance's folder is removed after close: no picture may land in it later.
    await sleep(1_500);
    expect(sizesMade()).toEqual(atStop);
    expect(await preparing).toBeLessThan(urls.length * 2);
  });
});
