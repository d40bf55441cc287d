import type { PGlite } from '@electric-sql/pglite';
import { Worker } from 'node:worker_threads';

/**
 * The embedded database in a worker thread (pglite-worker.mjs), with the part of PGlite's interface that Drizzle
 * and this app use: query, exec, transaction, close. The server's event loop stays free while PostgreSQL works,
 * so one slow query no longer holds every other request (decision 009).
 */
export interface PGliteThread {
  query: PGlite['query'];
  exec: PGlite['exec'];
  transaction: PGlite['transaction'];
  close(): Promise<void>;
}

type Message = Record<string, unknown> & { op: string };
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string) => unknown> };

/** An error from the worker with PostgreSQL's fields (code, detail, constraint…) as the app's checks expect. */
function toError(e: Record<string, unknown>): Error {
  const err = new Error(String(e.message));
  Object.assign(err, e);
  return err;
}

/**
 * Drizzle asks for some types as the text PostgreSQL sent (timestamps, dates…) with identity parsers. Functions
 * cannot cross to the worker, so they travel as type oids; any other parser is refused rather than ignored.
 */
function rawTypes(options?: QueryOptions): number[] | undefined {
  if (!options?.parsers) return undefined;
  return Object.entries(options.parsers).map(([oid, parse]) => {
    if (parse('2000-01-01 00:00:00') !== '2000-01-01 00:00:00')
      throw new Error(`PGlite thread: the parser for type ${oid} is not the identity`);
    return Number(oid);
  });
}

export async function openPGliteThread(dataDir: string): Promise<PGliteThread> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
  let closed: Promise<void> | undefined;
  // A call in flight keeps the process alive; an idle database does not (as PGlite in the same thread did not).
  worker.unref();

  const settleAll = (err: Error) => {
    failure = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: { id: number; result?: unknown; error?: Record<string, unknown> }) => {
      if (m.id === 0) return m.error ? reject(toError(m.error)) : resolve();
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (!pending.size) worker.unref();
      if (m.error) p.reject(toError(m.error));
      else p.resolve(m.result);
    });
    worker.on('error', (err) => {
      reject(err);
      settleAll(err);
    });
    worker.on('exit', (code) => {
      const err = new Error(`the embedded database thread stopped (exit code ${code})`);
      reject(err);
      settleAll(err);
    });
  });
  await ready;

  const call = <T>(message: Message): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    if (!pending.size) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };

  const on = (tx?: number) => ({
    query: ((text: string, params?: unknown[], options?: QueryOptions) =>
      call({
        op: 'query',
        text,
        params,
        rowMode: options?.rowMode,
        rawTypes: rawTypes(options),
        tx,
      })) as unknown as PGlite['query'],
    exec: ((text: string) => call({ op: 'exec', text, tx })) as unknown as PGlite['exec'],
  });

  return {
    ...on(),
    transaction: (async <T>(fn: (tx: ReturnType<typeof on>) => Promise<T>) => {
      const tx = await call<number>({ op: 'begin' });
      let result: T;
      try {
        result = await fn(on(tx));
      } catch (err) {
        await call({ op: 'end', tx, commit: false });
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    }) as unknown as PGlite['transaction'],
    // Once: a second SIGINT (npm and the server both get one from Ctrl+C) waits for the first close.
    close() {
      closed ??= (async () => {
        if (!failure) await call({ op: 'close' });
        await worker.terminate();
      })();
      return closed;
    },
  };
}
