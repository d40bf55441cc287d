import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/**
 * Where uploaded files are kept (DESIGN.md: on disk for one machine, object storage for many; decision 031). A key
 * is a relative path such as `products/12/3f9c…-thumb.webp`; `url(key)` is the address the store serves it at,
 * `/uploads/<key>` for both stores, so the rows name the same address whichever holds the files. Every picture the
 * store keeps goes through here: product pictures and 3D models, icons, content pictures, the demo catalog's
 * drawings, and the pictures made from them (their sizes under `.sizes/`, share pictures under `.share/`).
 * `IMAGE_STORE=disk` (default): `DiskImageStore` on DATA_DIR/uploads; `IMAGE_STORE=s3`: `S3ImageStore`
 * (adapters/s3-image-store.ts), one bucket for every instance.
 */
export interface ImageStore {
  /** Keeps `data` under `key` (replacing what was there); `contentType` is for stores that record one. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file under `key` with its type and last change, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Whether a file is kept under `key`, without reading it. */
  has(key: string): Promise<boolean>;
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
  /**
   * Where a browser may fetch the file itself (S3_PUBLIC_URL, a CDN in front of the bucket), or null when the app
   * serves it at `url(key)`.
   */
  publicUrl(key: string): string | null;
}

export interface StoredFile {
  data: Buffer;
  contentType: string;
  modifiedAt: Date;
}

/**
 * A key the stores take: segments of letters, digits, `_`, `.` and `-`, none `.` or `..`. A segment may start with
 * a dot (the derived folders `.sizes/`, `.share/`, the demo's `.complete-v2` marker), but such a key is never an
 * upload's: `keyOf` refuses it, so no address under /uploads/ reaches it.
 */
const SAFE_KEY = /^[a-z0-9_.-]+(?:\/[a-z0-9_.-]+)*$/i;
export const safeKey = (key: string) =>
  SAFE_KEY.test(key) && !key.split('/').some((p) => p === '.' || p === '..');
/** An uploaded file's key: safe, and no segment hidden (a derived folder or a marker). */
export const uploadKey = (key: string) => safeKey(key) && !key.split('/').some((p) => p.startsWith('.'));

/** The folders of pictures made from the uploads (their sizes, share pictures): made again when asked for. */
export const DERIVED_FOLDERS = ['.sizes/', '.share/'] as const;

const TYPES: Record<string, string> = {
  avif: 'image/avif',
  gif: 'image/gif',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  json: 'application/json',
  png: 'image/png',
  svg: 'image/svg+xml',
  txt: 'text/plain; charset=utf-8',
  webp: 'image/webp',
};
/** The content type of a key, from its extension (what a static file server would say). */
export const contentTypeOf = (key: string) =>
  TYPES[/\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * How long a browser or CDN may keep an upload: a product picture gets a new random name, never new content, so a
 * year; everything else (an icon or home picture replaced under a new name too, but the demo's drawings keep theirs)
 * a week, as /uploads has always said.
 */
export const uploadCacheControl = (key: string) =>
  key.startsWith('products/') ? 'public, max-age=31536000, immutable' : 'public, max-age=604800';

/** Keys under /uploads/ from an address: the part after the prefix, decoded; null when it is not one. */
export function keyOfUrl(url: string, urlPrefix: string): string | null {
  if (!url.startsWith(urlPrefix)) return null;
  let key: string;
  try {
    key = decodeURIComponent(url.slice(urlPrefix.length).split(/[?#]/)[0]!);
  } catch {
    return null;
  }
  return uploadKey(key) ? key : null;
}

/** The default: files under the uploads folder, served by the app at /uploads (app.ts). */
export class DiskImageStore implements ImageStore {
  /** The folder the files are in (served by the app at /uploads). */
  readonly root: string;
  constructor(
    root: string,
    private readonly urlPrefix = '/uploads/',
  ) {
    this.root = path.resolve(root);
  }

  private file(key: string) {
    if (!safeKey(key)) throw new Error(`unsafe upload key: ${key}`);
    return path.join(this.root, key);
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.file(key);
    try {
      const [data, s] = await Promise.all([readFile(file), stat(file)]);
      return { data, contentType: contentTypeOf(key), modifiedAt: s.mtime };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
      throw err;
    }
  }

  async has(key: string) {
    try {
      await access(this.file(key));
      return true;
    } catch {
      return false;
    }
  }

  publicUrl(_key: string): string | null {
    return null;
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
    return keyOfUrl(url, this.urlPrefix);
  }

  async *list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }> {
    const folder = prefix.replace(/\/+$/, '');
    const dir = folder ? this.file(folder) : this.root;
    let names: string[];
    try {
      names = await readdir(dir, { recursive: true });
    } catch {
      return; // no such folder yet
    }
    for (const name of names) {
      const rel = name.split(path.sep).join('/');
      const key = folder ? `${folder}/${rel}` : rel;
      if (!uploadKey(key)) continue;
      try {
        const s = await stat(path.join(this.root, key));
        if (s.isFile()) yield { key, modifiedAt: s.mtime };
      } catch {
        // removed meanwhile
      }
    }
  }
}
