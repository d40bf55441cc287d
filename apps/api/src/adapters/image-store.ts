import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * Where uploaded files are kept (DESIGN.md: on disk for one machine, object storage for many). A key is a relative
 * path such as `products/12/3f9c…-thumb.webp`; `url(key)` is the address the store serves it at. Only the disk store
 * exists today; an object-storage store implements the same calls (put an object, delete it, its public URL, list a
 * prefix with each object's last change, as S3's ListObjectsV2 gives them).
 */
export interface ImageStore {
  /** Keeps `data` under `key` (replacing what was there); `contentType` is for stores that record one. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes the file under `key`; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** The URL the file under `key` is served at. */
  url(key: string): string;
  /** The key of a URL this store serves, or null for any other URL (the seed's demo files, another host). */
  keyOf(url: string): string | null;
  /**
   * Every file whose key starts with `prefix` (a folder, `icons/`), with when it was last written; files being
   * written (a disk store's temporary names) included, so a sweep can clear what a crash left.
   */
  list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** The default: files under the uploads folder, served by the app at /uploads (app.ts). */
export class DiskImageStore implements ImageStore {
  private readonly root: string;
  constructor(
    root: string,
    private readonly urlPrefix = '/uploads/',
  ) {
    this.root = path.resolve(root);
  }

  private file(key: string) {
    if (!SAFE_KEY.test(key) || key.split('/').includes('..')) throw new Error(`unsafe upload key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer, _contentType: string) {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed: a reader never sees half a file under the final name.
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, data);
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async remove(key: string) {
    await rm(this.file(key), { force: true });
  }

  url(key: string) {
    return `${this.urlPrefix}${key}`;
  }

  keyOf(url: string) {
    if (!url.startsWith(this.urlPrefix)) return null;
    const key = url.slice(this.urlPrefix.length);
    return SAFE_KEY.test(key) && !key.split('/').includes('..') ? key : null;
  }

  async *list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }> {
    const dir = this.file(prefix.replace(/\/+$/, ''));
    let names: string[];
    try {
      names = await readdir(dir, { recursive: true });
    } catch {
      return; // no such folder yet
    }
    for (const name of names) {
      const key = `${prefix.replace(/\/+$/, '')}/${name.split(path.sep).join('/')}`;
      if (!SAFE_KEY.test(key) || key.split('/').some((p) => p.startsWith('.'))) continue;
      try {
        const s = await stat(path.join(this.root, key));
        if (s.isFile()) yield { key, modifiedAt: s.mtime };
      } catch {
        // removed meanwhile
      }
    }
  }
}
