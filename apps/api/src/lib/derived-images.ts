import { createHash } from 'node:crypto';
import type { ImageStore } from '../adapters/image-store.ts';

/**
 * Pictures made from the uploads (share pictures, sizes for `srcset`): made the first time they are asked for,
 * kept in the image store beside the uploads (a hidden folder, `.sizes/` or `.share/`, which no /uploads/ address
 * reaches and backups leave out), and made once per instance however many requests ask at the same time. Every
 * instance on one bucket finds what another made.
 */
export class DerivedImages {
  private inflight = new Map<string, Promise<Buffer>>();

  constructor(
    readonly store: ImageStore,
    private readonly folder: '.sizes' | '.share',
  ) {}

  /** The key of an address under /uploads/, or null for anything else (another host, a hidden folder). */
  source(url: string): string | null {
    return this.store.keyOf(url);
  }

  /** The bytes of an upload's key; throws when there is none (the request answers 404). */
  async read(key: string): Promise<Buffer> {
    const file = await this.store.get(key);
    if (!file) throw new Error(`no upload ${key}`);
    return file.data;
  }

  private keyFor = (key: string, ext: string) =>
    `${this.folder}/${createHash('sha256').update(key).digest('hex').slice(0, 32)}.${ext}`;

  /** Whether the picture for `key` is kept already (made before), without reading it. */
  has(key: string, ext: string): Promise<boolean> {
    return this.store.has(this.keyFor(key, ext));
  }

  /** The picture for `key` (what it is made from and how), made by `make` if it is not kept yet. */
  get(key: string, ext: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const name = this.keyFor(key, ext);
    let job = this.inflight.get(name);
    if (!job) {
      job = this.readOrMake(name, ext, make).finally(() => this.inflight.delete(name));
      this.inflight.set(name, job);
    }
    return job;
  }

  private async readOrMake(name: string, ext: string, make: () => Promise<Buffer>) {
    const kept = await this.store.get(name);
    if (kept) return kept.data;
    const data = await make();
    await this.store.put(name, data, ext === 'jpg' ? 'image/jpeg' : `image/${ext}`);
    return data;
  }
}
