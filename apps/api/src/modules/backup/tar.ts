/**
 * A small tar (POSIX ustar, with PAX records for long or non-ASCII names and files past 8 GiB), written and read
 * as streams: a backup is one .tar.gz that `tar xzf` opens too. Files and folders only; anything else read from an
 * archive is skipped. No dependency: the `tar` packages in node_modules come with the browser tools, not the server.
 */
const BLOCK = 512;
/** The largest size ustar's 12-byte octal field holds; past it the size travels in a PAX record. */
const USTAR_MAX_SIZE = 0o77777777777;

export class TarError extends Error {}

function octal(n: number, width: number) {
  return n.toString(8).padStart(width - 1, '0') + '\0';
}

/** One PAX record, "<length> <key>=<value>\n", its length counting itself. */
function paxRecord(key: string, value: string) {
  const body = ` ${key}=${value}\n`;
  const bytes = Buffer.byteLength(body);
  let length = bytes + 1;
  while (String(length).length + bytes !== length) length = String(length).length + bytes;
  return `${length}${body}`;
}

function header(name: string, size: number, type: '0' | '5' | 'x', mtime: Date, mode: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(mode, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(Math.min(size, USTAR_MAX_SIZE), 12), 124, 'ascii');
  h.write(octal(Math.max(0, Math.floor(mtime.getTime() / 1000)), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(type, 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(octal(sum, 7) + ' ', 148, 'ascii');
  return h;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The header blocks of one entry: a PAX header first when the name or the size does not fit ustar's fields. */
export function entryHeader(
  name: string,
  size: number,
  opts: { type?: 'file' | 'dir'; mtime?: Date; mode?: number } = {},
): Buffer {
  const type = opts.type === 'dir' ? '5' : '0';
  const mtime = opts.mtime ?? new Date();
  const mode = opts.mode ?? (type === '5' ? 0o755 : 0o644);
  const records: string[] = [];
  if (Buffer.byteLength(name) > 99 || /[^\x20-\x7e]/.test(name)) records.push(paxRecord('path', name));
  if (size > USTAR_MAX_SIZE) records.push(paxRecord('size', String(size)));
  const main = header(
    records.length ? name.replace(/[^\x20-\x7e]/g, '_').slice(0, 99) : name,
    size,
    type,
    mtime,
    mode,
  );
  if (!records.length) return main;
  const pax = Buffer.from(records.join(''), 'utf8');
  return Buffer.concat([header('PaxHeader', pax.length, 'x', mtime, 0o644), pax, padding(pax.length), main]);
}

/**
 * One file's blocks: its header, its bytes, the padding. `body` must give exactly `size` bytes (a file that grew
 * or shrank while read stops the archive rather than writing a wrong one).
 */
export async function* tarFile(
  name: string,
  size: number,
  body: Buffer | AsyncIterable<Buffer | Uint8Array>,
  opts: { mtime?: Date; onChunk?: (chunk: Buffer) => void } = {},
): AsyncGenerator<Buffer> {
  yield entryHeader(name, size, { mtime: opts.mtime });
  let written = 0;
  for await (const part of Buffer.isBuffer(body) ? [body] : body) {
    const chunk = Buffer.isBuffer(part) ? part : Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    written += chunk.length;
    if (written > size) throw new TarError(`${name} grew while it was being read`);
    opts.onChunk?.(chunk);
    yield chunk;
  }
  if (written !== size) throw new TarError(`${name} shrank while it was being read`);
  yield padding(size);
}

/** The end of an archive: two empty blocks. */
export const tarEnd = () => Buffer.alloc(BLOCK * 2);

export interface TarEntry {
  /** The path as written, without a leading "/" or "./". */
  name: string;
  type: 'file' | 'dir' | 'other';
  size: number;
  /** The entry's bytes; read them (or not) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

/** Exact reads from a stream of chunks. */
class Reader {
  private chunks: Buffer[] = [];
  private length = 0;
  private ended = false;
  private readonly it: AsyncIterator<Buffer | Uint8Array>;
  constructor(source: AsyncIterable<Buffer | Uint8Array>) {
    this.it = source[Symbol.asyncIterator]();
  }

  private async fill(n: number) {
    while (this.length < n && !this.ended) {
      const r = await this.it.next();
      if (r.done) this.ended = true;
      else if (r.value.length) {
        const b = Buffer.isBuffer(r.value) ? r.value : Buffer.from(r.value);
        this.chunks.push(b);
        this.length += b.length;
      }
    }
  }

  /** Up to `n` bytes (fewer only at the end of the stream). */
  private takeUpTo(n: number): Buffer {
    const out: Buffer[] = [];
    let need = Math.min(n, this.length);
    while (need > 0) {
      const first = this.chunks[0]!;
      if (first.length <= need) {
        out.push(first);
        this.chunks.shift();
        need -= first.length;
        this.length -= first.length;
      } else {
        out.push(first.subarray(0, need));
        this.chunks[0] = first.subarray(need);
        this.length -= need;
        need = 0;
      }
    }
    return out.length === 1 ? out[0]! : Buffer.concat(out);
  }

  /** Exactly `n` bytes, or null at the very end of the stream; an end half-way is a cut archive. */
  async exactly(n: number): Promise<Buffer | null> {
    await this.fill(n);
    if (this.length === 0) return null;
    if (this.length < n) throw new TarError('the archive ends in the middle of a file (it is cut short)');
    return this.takeUpTo(n);
  }

  /** Up to `max` bytes as they come (at least one); the end of the stream here is a cut archive. */
  async chunk(max: number): Promise<Buffer> {
    if (this.length === 0) await this.fill(1);
    if (this.length === 0) throw new TarError('the archive ends in the middle of a file (it is cut short)');
    return this.takeUpTo(max);
  }

  /** Reads and forgets `n` bytes. */
  async skip(n: number) {
    for (let left = n; left > 0;) left -= (await this.chunk(left)).length;
  }

  /** Exactly `n` bytes, however long. */
  async all(n: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (let left = n; left > 0;) {
      const part = await this.chunk(left);
      parts.push(part);
      left -= part.length;
    }
    return Buffer.concat(parts);
  }
}

function field(h: Buffer, start: number, length: number) {
  const raw = h.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function numberField(h: Buffer, start: number, length: number) {
  // GNU tar writes sizes past 8 GiB in base-256 (first byte 0x80).
  if (h[start]! & 0x80) {
    let n = 0;
    for (let i = start + 1; i < start + length; i++) n = n * 256 + h[i]!;
    return n;
  }
  const text = field(h, start, length).trim();
  return text ? parseInt(text, 8) : 0;
}

function checksumOk(h: Buffer) {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
  return sum === numberField(h, 148, 8);
}

function paxRecords(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space === -1) break;
    const length = parseInt(data.subarray(at, space).toString('ascii'), 10);
    if (!(length > 0)) throw new TarError('a PAX header of the archive is damaged');
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return out;
}

/**
 * The entries of a tar stream, one at a time. A damaged header (its checksum) or an archive cut short throws a
 * TarError; names keep no leading "/" or "./" (PGlite writes "/base/1/…").
 */
export async function* readTar(source: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<TarEntry> {
  const reader = new Reader(source);
  let pax: Record<string, string> = {};
  let longName: string | undefined;
  for (;;) {
    const h = await reader.exactly(BLOCK);
    if (!h) return; // no end blocks: tolerated, as tar does
    if (h.every((b) => b === 0)) return;
    if (!checksumOk(h))
      throw new TarError('a header of the archive is damaged (its checksum does not match)');
    const flag = String.fromCharCode(h[156]!);
    let size = numberField(h, 124, 12);
    if (pax.size) size = Number(pax.size);
    const padded = size + ((BLOCK - (size % BLOCK)) % BLOCK);
    if (flag === 'x' || flag === 'g' || flag === 'L') {
      const data = (await reader.all(padded)).subarray(0, size);
      if (flag === 'x') pax = paxRecords(data);
      else if (flag === 'L') longName = data.toString('utf8').replace(/\0+$/, '');
      continue;
    }
    const prefix = h.subarray(257, 263).toString('ascii').startsWith('ustar') ? field(h, 345, 155) : '';
    let name = pax.path ?? longName ?? (prefix ? `${prefix}/${field(h, 0, 100)}` : field(h, 0, 100));
    name = name.replace(/^(\.?\/)+/, '').replace(/\/+$/, '');
    pax = {};
    longName = undefined;
    const type = flag === '0' || flag === '\0' || flag === '7' ? 'file' : flag === '5' ? 'dir' : 'other';
    let left = size;
    yield {
      name,
      type,
      size,
      body: (async function* () {
        while (left > 0) {
          const part = await reader.chunk(left);
          left -= part.length;
          yield part;
        }
      })(),
    };
    // What the caller did not read (all of it, or the rest after a break) is skipped, then the padding.
    await reader.skip(left + (padded - size));
  }
}
