import type { PGlite } from '@electric-sql/pglite';
import { Worker } from 'node:worker_threads';
import { lockFolder } from './folder-lock.ts';

/**
 * The embedded database in a worker thread (pglite-worker.mjs), with the part of PGlite's interface that Drizzle
 * and this app use: query, exec, transaction, close. The server's event loop stays free while PostgreSQL works,
 * so one slow query no longer holds every other request (decision 009).
 */
export interface PGliteThread {
  query: PGlite['query'];
  /** `timeoutMs` overrides the statement bound for this call (0: none), e.g. for the upkeep's VACUUM. */
  exec(text: string, options?: { timeoutMs?: number }): ReturnType<PGlite['exec']>;
  transaction: PGlite['transaction'];
  /**
   * The data folder as one tar (PGlite's dumpDataDir), with the rows of `text` read just before it in the same
   * turn: no other statement or transaction runs in between, so they describe the very same data (backups). Other
   * calls wait meanwhile; the statement bound does not apply to it.
   */
  dumpDataDir(text?: string): Promise<{ rows: Record<string, unknown>[]; tar: Uint8Array }>;
  /** What the transactions so far cost the one connection (/metrics). */
  transactionStats(): TransactionStats;
  /**
   * Calls `listener` with the seconds each turn held the one connection, as it ends: a statement outside a
   * transaction, a dump, or a transaction from its BEGIN to its end (/metrics). Returns what stops it.
   */
  onHold(listener: (seconds: number) => void): () => void;
  /**
   * How many statements and transactions that may have written had ended, as the database's thread counted them
   * (pglite-worker.mjs `writes`): `latest`, in the newest answer received; `answer`, in the answer being delivered
   * now (read where a call's result is first used, before any other answer arrives: answers arrive one task each, and
   * the awaits between are microtasks).
   */
  writesEnded(): { latest: number; answer: number };
  /** Bounds from now on (they start unset, so migrations at start-up run without them). */
  setBounds(bounds: PGliteThreadBounds): void;
  close(): Promise<void>;
}

/**
 * PGlite ignores statement_timeout (PostgreSQL's timers need signals, which WebAssembly has not: `set
 * statement_timeout = 200` then `select pg_sleep(1)` runs 1 s), and it runs one statement at a time, so one
 * statement that does not end would hold every request. These bounds stand in for PostgreSQL's own.
 */
export interface PGliteThreadBounds {
  /**
   * A call not answered within this (its wait for its turn included) fails with SQLSTATE 57014, as a statement
   * timeout does on PostgreSQL. A call still waiting for its turn never runs; one already running cannot be stopped:
   * it ends in the background, and the calls behind it wait (and time out) until it does. 0: no bound.
   */
  statementTimeoutMs?: number;
  /** A transaction that runs no statement for this long is rolled back (25P03), freeing the database. 0: no bound. */
  idleInTransactionTimeoutMs?: number;
}

/** Counted since the database opened. */
export interface TransactionStats {
  transactions: number;
  /**
   * Times a transaction sent a statement (its BEGIN and COMMIT included) with none of its own in flight. Each one
   * after the first is a wait, with the one connection held, for the server's thread to send the next statement.
   */
  roundTrips: number;
  /** Milliseconds the transactions held the connection: in the database's thread, from their BEGIN to their end. */
  heldMs: number;
  /**
   * Of those, the milliseconds their statements and their COMMIT or ROLLBACK worked. The rest (held less busy) is
   * waits with the connection held, for the server's thread to send the next statement.
   */
  busyMs: number;
}

type Message = Record<string, unknown> & { op: string };

/**
 * Statement texts the embedded database keeps prepared (`executeNamed` in client.ts): its thread plans each once and
 * then runs it without planning again, as PostgreSQL does a named statement. Shared by every database this process
 * opens (a text's plan is per database, made there on its first run). Bounded as the names are.
 */
const preparedTexts = new Set<string>();
const PREPARED_TEXTS = 200;
/** Marks `text` to be run prepared on the embedded database (a SELECT run often, with few distinct texts). */
export function runPrepared(text: string) {
  if (preparedTexts.size < PREPARED_TEXTS) preparedTexts.add(text);
}
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, (value: string) => unknown> };

/** An error from the worker with PostgreSQL's fields (code, detail, constraint…) as the app's checks expect. */
function toError(e: Record<string, unknown>): Error {
  const err = new Error(String(e.message));
  Object.assign(err, e);
  return err;
}

/** What a call gets when the embedded database has not answered within the statement bound. */
function statementTimeout(ms: number): Error {
  return Object.assign(
    new Error(
      `canceling statement due to statement timeout (the embedded database did not answer within ${ms} ms)`,
    ),
    // Shaped like PostgreSQL's own statement timeout, so the error handler answers it the same way (503).
    { code: '57014', severity: 'ERROR' },
  );
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

/**
 * `image`: a database folder as a tar (`dumpDataDir`) the new database starts from (memory-image.ts). A folder is
 * locked for this process until `close()` (folder-lock.ts): a second process, or a second open here, is refused with
 * a sentence.
 */
export async function openPGliteThread(dataDir: string, image?: Uint8Array): Promise<PGliteThread> {
  const unlock = dataDir.startsWith('memory://') ? () => {} : lockFolder(dataDir);
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, image },
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let nextTx = 1;
  let failure: Error | null = null;
  let closed: Promise<void> | undefined;
  let statementTimeoutMs = 0;
  // A call in flight keeps the process alive; an idle database does not (as PGlite in the same thread did not).
  worker.unref();

  const settleAll = (err: Error) => {
    failure = err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const writes = { latest: 0, answer: 0 };
  const holdListeners = new Set<(seconds: number) => void>();
  const heldFor = (ms: number) => {
    for (const listener of holdListeners) listener(ms / 1000);
  };
  const ready = new Promise<void>((resolve, reject) => {
    worker.on(
      'message',
      (m: {
        id: number;
        result?: unknown;
        error?: Record<string, unknown>;
        writes?: number;
        held?: number;
      }) => {
        if (m.id === 0) return m.error ? reject(toError(m.error)) : resolve();
        // Before any caller's code runs: answers arrive in the order the database's thread sent them.
        writes.answer = m.writes ?? writes.latest;
        if (writes.answer > writes.latest) writes.latest = writes.answer;
        if (m.held !== undefined) heldFor(m.held);
        const p = pending.get(m.id);
        if (!p) return;
        pending.delete(m.id);
        if (!pending.size) worker.unref();
        if (m.error) p.reject(toError(m.error));
        else p.resolve(m.result);
      },
    );
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
  await ready.catch((err: unknown) => {
    unlock();
    throw err;
  });

  const call = <T>(message: Message, timeoutMs = statementTimeoutMs): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    if (!pending.size) worker.ref();
    return new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      pending.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v as T);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      // The deadline travels along: a call whose turn comes after it is not run at all.
      worker.postMessage({ ...message, id, deadline: timeoutMs > 0 ? Date.now() + timeoutMs : undefined });
      if (timeoutMs > 0)
        timer = setTimeout(() => {
          if (!pending.delete(id)) return;
          if (!pending.size) worker.unref();
          // A BEGIN that ran after all opened a transaction nobody will end: the worker rolls it back.
          worker.postMessage({ op: 'cancel', target: id });
          reject(statementTimeout(timeoutMs));
        }, timeoutMs);
    });
  };

  const stats: TransactionStats = { transactions: 0, roundTrips: 0, heldMs: 0, busyMs: 0 };
  /** The database thread's own count of an ended transaction (null when it never opened). */
  const held = (ended: { heldMs: number; busyMs: number } | null) => {
    if (!ended) return;
    stats.heldMs += ended.heldMs;
    stats.busyMs += ended.busyMs;
    heldFor(ended.heldMs);
  };
  /** A transaction's calls, counting the round trips: a call sent while none of the others is in flight. */
  const trips = () => {
    let inFlight = 0;
    return <T>(sent: () => Promise<T>): Promise<T> => {
      if (inFlight++ === 0) stats.roundTrips++;
      return sent().finally(() => inFlight--);
    };
  };
  type Trip = ReturnType<typeof trips>;
  const direct: Trip = (sent) => sent();

  const on = (tx?: number, trip: Trip = direct) => ({
    query: ((text: string, params?: unknown[], options?: QueryOptions) =>
      trip(() =>
        call({
          op: 'query',
          text,
          params,
          rowMode: options?.rowMode,
          rawTypes: rawTypes(options),
          tx,
          prepared: preparedTexts.has(text) || undefined,
        }),
      )) as unknown as PGlite['query'],
    exec: ((text: string, options?: { timeoutMs?: number }) =>
      trip(() => call({ op: 'exec', text, tx }, options?.timeoutMs))) as PGliteThread['exec'],
  });

  return {
    ...on(),
    transaction: (async <T>(fn: (tx: ReturnType<typeof on>) => Promise<T>) => {
      // The transaction's first statement goes right behind its BEGIN, without waiting for the BEGIN's answer:
      // every wait for this thread to send the next statement holds the one connection shoppers' reads wait for.
      // A BEGIN that fails fails the statements sent behind it (the worker answers them with its error).
      const tx = nextTx++;
      const trip = trips();
      stats.transactions++;
      const opened = trip(() => call<number>({ op: 'begin', tx }));
      opened.catch(() => {}); // read below, once fn is done
      type Ended = { heldMs: number; busyMs: number } | null;
      let result: T;
      try {
        result = await fn(on(tx, trip));
        await opened;
      } catch (err) {
        // The first error is the one to report (a rollback after a timeout may time out as well).
        await trip(() => call<Ended>({ op: 'end', tx, commit: false })).then(held, () => {});
        throw (
          (await opened.then(
            () => null,
            (e: unknown) => e,
          )) ?? err
        );
      }
      held(await trip(() => call<Ended>({ op: 'end', tx, commit: true })));
      return result;
    }) as unknown as PGlite['transaction'],
    dumpDataDir: (text) => call({ op: 'dump', text }, 0),
    transactionStats: () => ({ ...stats }),
    onHold(listener) {
      holdListeners.add(listener);
      return () => holdListeners.delete(listener);
    },
    writesEnded: () => ({ ...writes }),
    setBounds(bounds) {
      statementTimeoutMs = bounds.statementTimeoutMs ?? 0;
      worker.postMessage({ op: 'bounds', idleInTransactionMs: bounds.idleInTransactionTimeoutMs ?? 0 });
    },
    // Once: a second SIGINT (npm and the server both get one from Ctrl+C) waits for the first close.
    close() {
      closed ??= (async () => {
        try {
          if (!failure) await call({ op: 'close' }, 0);
          await worker.terminate();
        } finally {
          unlock();
        }
      })();
      return closed;
    },
  };
}
