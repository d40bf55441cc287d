/**
 * An uploaded products file is read off the server's thread (issue 42, findings 3 and 12): in a worker thread
 * (imports-read-worker.mjs) with a heap of its own (resourceLimits) and a deadline, past which the thread is ended
 * and the file refused (422, in the staff member's language). Inside, an XLSX file's parts are counted as they are
 * inflated, and rows and cells as they are parsed; reading stops at the first limit passed.
 *
 * One file is read at a time per instance: a second upload meanwhile is answered 503 with Retry-After at once
 * (it would otherwise double the memory a large file takes), and the back office says to try again in a moment.
 */
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { Worker } from 'node:worker_threads';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { AppError } from '../../lib/errors.ts';
import { FileError, type ReadLimits } from './imports-csv.ts';

export interface ImportLimits extends ReadLimits {
  /** A file not read within this is refused; its thread is ended. */
  deadlineMs: number;
  /** The reading thread's heap (old generation), in MB: past it the thread is ended and the file refused. */
  heapMb: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxRows: IMPORT_MAX_ROWS,
  // Every column of the template on every row, twice over (room for the empty columns spreadsheets leave).
  maxCells: (IMPORT_MAX_ROWS + 1) * IMPORT_COLUMNS.length * 2,
  // A CSV file is at most IMPORT_MAX_MB (60 MB); the same rows as XLSX unpack to a few times that.
  maxUnpackedBytes: 256 * 1024 * 1024,
  deadlineMs: 30_000,
  heapMb: 512,
};

/** Seconds a second upload is asked to wait while another file is read. */
export const IMPORT_BUSY_RETRY_SECONDS = 5;

/** What the worker answers. */
export interface ReadRows {
  header: string[];
  /** The file as CSV text, gzipped (`unpackSource`). */
  packed: Uint8Array;
  total: number;
}

let reading = false;

/**
 * Reads the file in a worker thread: its header row, its text as CSV (gzipped) and its number of products' rows.
 * FileError when it cannot be read or passes a limit (the deadline and the heap included); 503 while another file
 * is read.
 */
export async function readInThread(bytes: Uint8Array, limits: ImportLimits): Promise<ReadRows> {
  if (reading)
    throw new AppError(
      503,
      'import_busy',
      ['import_busy'],
      {},
      { 'retry-after': String(IMPORT_BUSY_RETRY_SECONDS) },
    );
  reading = true;
  try {
    // A copy of its own, handed over (not copied again) to the thread.
    const copy = new Uint8Array(bytes);
    const { maxRows, maxCells, maxUnpackedBytes } = limits;
    const worker = new Worker(new URL('./imports-read-worker.mjs', import.meta.url), {
      workerData: { bytes: copy, limits: { maxRows, maxCells, maxUnpackedBytes } },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    return await new Promise<ReadRows>((resolve, reject) => {
      let settled = false;
      // The thread is ended (its memory freed) before the answer, and before the next file may be read.
      const settle = (answer: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        void worker.terminate().then(answer, answer);
      };
      const deadline = setTimeout(
        () => settle(() => reject(new FileError('import_file_too_complex'))),
        limits.deadlineMs,
      );
      worker.once('message', (m: ReadRows | { error: string }) =>
        settle(() => ('error' in m ? reject(new FileError(m.error)) : resolve(m))),
      );
      worker.once('error', (err: Error & { code?: string }) =>
        settle(() =>
          reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new FileError('import_file_too_complex') : err),
        ),
      );
      // Ended without a word (killed from outside): the file is not taken.
      worker.once('exit', () => settle(() => reject(new FileError('import_file_too_complex'))));
    });
  } finally {
    reading = false;
  }
}

/**
 * The value of `import_jobs.source_packed` for a job's gzipped file: written as base64 text, since PGlite writes a
 * bytes parameter out as hex one byte at a time (`unpackSource` reads it back).
 */
export const storedSource = (packed: Buffer) => sql`decode(${packed.toString('base64')}, 'base64')`;

const gunzipped = promisify(gunzip);

/**
 * A job's file as CSV text: its gzipped copy (base64, as the claim reads it), unpacked in Node's thread pool rather
 * than on the server's thread; or the plain text a job queued before migration 0060 kept.
 */
export async function unpackSource(job: { source: string | null; source_packed: string | null }) {
  if (job.source_packed !== null)
    return (await gunzipped(Buffer.from(job.source_packed, 'base64'))).toString('utf8');
  if (job.source !== null) return job.source;
  throw new Error('import job: its file is gone');
}
