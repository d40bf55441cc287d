import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Pictures made from the uploads (share pictures, sizes for `srcset`): made the first time they are asked for,
 * kept on disk in a folder of the uploads, and made once however many requests ask at the same time.
 */
export class DerivedImages {
  private readonly root: string;
  private readonly dir: string;
  private inflight = new Map<string, Promise<Buffer>>();

  constructor(uploadsDir: string, folder: string) {
    this.root = path.resolve(uploadsDir);
    this.dir = path.join(this.root, folder);
  }

  /** The file of an address under /uploads/, or null for anything else (or outside the uploads folder). */
  source(url: string): string | null {
    if (!url.startsWith('/uploads/')) return null;
    let rel: string;
    try {
      rel = decodeURIComponent(url.slice('/uploads/'.length));
    } catch {
      return null;
    }
    const file = path.resolve(this.root, rel);
    return file.startsWith(this.root + path.sep) && !rel.split('/').some((p) => p.startsWith('.'))
      ? file
      : null;
  }

  private static fileName = (key: string, ext: string) =>
    `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.${ext}`;

  /** Whether the picture for `key` is on disk already (made before), without reading it. */
  async has(key: string, ext: string): Promise<boolean> {
    try {
      await access(path.join(this.dir, DerivedImages.fileName(key, ext)));
      return true;
    } catch {
      return false;
    }
  }

  /** The picture for `key` (what it is made from and how), made by `make` if it is not on disk yet. */
  get(key: string, ext: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const name = DerivedImages.fileName(key, ext);
    let job = this.inflight.get(name);
    if (!job) {
      job = this.readOrMake(path.join(this.dir, name), make).finally(() => this.inflight.delete(name));
      this.inflight.set(name, job);
    }
    return job;
  }

  private async readOrMake(file: string, make: () => Promise<Buffer>) {
    try {
      return await readFile(file);
    } catch {
      // not made yet
    }
    const data = await make();
    await mkdir(this.dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
    return data;
  }
}
