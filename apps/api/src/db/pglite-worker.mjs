// The embedded database (PGlite) in its own thread. PGlite runs PostgreSQL on the thread that calls it, so in the
// server's thread a 100 ms search stalled every other request for 100 ms. Here it runs beside the server's event
// loop, which keeps reading requests, answering from the cache and writing responses meanwhile (decision 009).
//
// Plain JavaScript so that it loads the same under tsx (npm start), vitest and plain node.
// Messages from the server (pglite-thread.ts), each answered with { id, result, writes } or { id, error, writes }:
//   { op: 'query', text, params, rowMode, rawTypes, tx, prepared }   rawTypes: type oids to hand back as text;
//                                        prepared: a SELECT to keep prepared (`runPrepared`)
//   { op: 'exec', text, tx }
//   { op: 'begin', tx }                  opens transaction `tx` (the server's number for it) in its turn;
//                                        queries and the 'end' carrying `tx` may follow at once, without waiting
//                                        for the answer: they wait here for the transaction to open, and fail with
//                                        the BEGIN's error if it never does
//   { op: 'end', tx, commit }            → COMMIT, or ROLLBACK when commit is false
//   { op: 'close' }
//   { op: 'dump', text }                 → result: { rows, tar }: `text`'s rows, then the data folder as one tar
//                                        (PGlite's dumpDataDir), in one turn: nothing runs in between (backups)
//   { op: 'cancel', target }             the server stopped waiting for the BEGIN `target` (no answer): the
//                                        transaction it opened is rolled back
//   Any message may carry `deadline` (Date.now() value): when its turn comes after that, it does not run.
//   { op: 'bounds', idleInTransactionMs } a transaction that runs nothing for this long is rolled back (0: never)
//   `writes` in every answer: how many statements and transactions that may have written had ended when the
//   message's own work ended (counted in its turn, before the next one runs; see `mayWrite`).
//   `held` in the answer to a statement outside a transaction, or a dump: the milliseconds its turn held the one
//   connection (a transaction's are in its 'end' answer's heldMs).
//
// Statements outside a transaction, and whole transactions, take turns in arrival order (as on one connection).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { rememberFileSizes } from './pglite-file-sizes.mjs';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

/** What crosses back to the server's thread of an error: its message and PostgreSQL's fields (code, detail…). */
function plainError(err) {
  const out = { message: err instanceof Error ? err.message : String(err), name: 'Error' };
  if (err && typeof err === 'object') {
    if (typeof err.name === 'string') out.name = err.name;
    for (const [k, v] of Object.entries(err)) {
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
    }
  }
  return out;
}

const identity = (v) => v;
const queryOptions = (m) =>
  m.rowMode || m.rawTypes?.length
    ? {
        ...(m.rowMode ? { rowMode: m.rowMode } : {}),
        ...(m.rawTypes?.length
          ? { parsers: Object.fromEntries(m.rawTypes.map((oid) => [oid, identity])) }
          : {}),
      }
    : undefined;

// Before PGlite loads: its file system asks each relation's size with an fstat (pglite-file-sizes.mjs).
rememberFileSizes(fs);

let client;
try {
  client = await PGlite.create(workerData.dataDir, {
    extensions: { pg_trgm },
    // A database folder as a tar to start from (memory-image.ts).
    ...(workerData.image ? { loadDataDir: new Blob([workerData.image]) } : {}),
  });
} catch (err) {
  port.postMessage({ id: 0, error: plainError(err) });
  process.exit(1);
}

/** Transactions begun (by the server's number): the PGlite transaction object once open, how to end it. */
const txs = new Map();
/** Transactions rolled back for idling (id → the error a later statement or COMMIT of theirs gets). */
const expired = new Map();
/** BEGIN messages that have started, by message id, until their transaction ends (a cancel rolls them back). */
const begun = new Map();
let idleInTransactionMs = 0;

const gaveUp = () =>
  Object.assign(new Error('the server stopped waiting for this statement'), {
    code: '57014',
    severity: 'ERROR',
  });
const idleError = () =>
  Object.assign(new Error('terminating transaction due to idle-in-transaction timeout'), {
    code: '25P03',
    severity: 'FATAL',
  });

/** A transaction's idle clock: stopped while one of its statements runs, started again when it answers. */
function idle(entry, running) {
  clearTimeout(entry.idleTimer);
  if (running || !idleInTransactionMs || !entry.rollback) return;
  entry.idleTimer = setTimeout(() => {
    expired.set(entry.id, idleError());
    entry.rollback(idleError());
  }, idleInTransactionMs);
}

/**
 * Statements outside a transaction, and transactions (committed or not), that may have written, ended so far. A
 * statement outside a transaction is taken to write nothing only when it is one SELECT: the app's writes are INSERT,
 * UPDATE, DELETE or WITH … (and no SELECT of the app calls a function that raises the catalog's versions). `exec`
 * may hold several statements, so it always counts. The server tells from it whether the catalog versions it read
 * last are still the catalog's (catalog-index.ts `versionsNow`).
 */
let writes = 0;
const mayWrite = (text) => !/^\s*select\b/i.test(text) || text.includes(';');
/**
 * A statement's outcome and `writes` when it ended, taken in its turn: nothing else ran in between. `heldMs`: for
 * work that was a turn of its own (`from`: when the turn began), how long it held the connection.
 */
class Counted {
  constructor(ok, value, at, from) {
    this.ok = ok;
    this.value = value;
    this.writes = at;
    this.heldMs = from === undefined ? undefined : performance.now() - from;
  }
}
const counted = (answer, wrote, from) =>
  answer.then(
    (result) => new Counted(true, result, wrote ? ++writes : writes, from),
    (err) => new Counted(false, err, wrote ? ++writes : writes, from),
  );

/**
 * Statements the server marked (client.ts `executeNamed`: a SELECT run often with few distinct texts, such as a
 * page's cards by id), kept prepared: text → its name (decision 045). PGlite's own `query` parses and plans every
 * statement, which cost more than running it: a page's 12 cards took 3.5–5.4 ms unprepared, 1.8–2.1 ms prepared.
 * Prepared once, each run uses the generic plan PostgreSQL keeps after its first few (as it does for a named
 * statement from node-postgres).
 */
const prepared = new Map();
const PREPARED = 200;
let preparedNames = 0;

/**
 * A parameter as the text PGlite would send for it, written as a literal of unknown type (PostgreSQL reads it as the
 * parameter's type, as it reads a parameter sent as text); null when there is no such literal (the statement then
 * runs unprepared). An escape string: its quotes and backslashes are doubled whatever standard_conforming_strings is.
 */
function literal(v) {
  if (v === null || v === undefined) return 'NULL';
  let text;
  if (typeof v === 'string') text = v;
  else if (typeof v === 'number' && Number.isFinite(v)) text = String(v);
  else if (typeof v === 'bigint') text = String(v);
  else if (typeof v === 'boolean') text = String(v);
  else if (v instanceof Date && !Number.isNaN(v.getTime())) text = v.toISOString();
  else return null;
  if (text.includes('\0')) return null;
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** A marked SELECT outside a transaction: prepared on its first run, then EXECUTEd with its parameters. */
async function queryPrepared(m) {
  const params = m.params ?? [];
  const plain = () => client.query(m.text, params, queryOptions(m));
  let name = prepared.get(m.text);
  const args = params.map(literal);
  if (args.includes(null) || (name === undefined && prepared.size >= PREPARED)) return plain();
  if (name === undefined) {
    name = `prepared_${++preparedNames}`;
    try {
      await client.exec(`prepare ${name} as ${m.text}`);
    } catch {
      // The statement's own error (a table not there yet, a parameter whose type the text does not tell), which
      // the plain run reports as it would have without this.
      return plain();
    }
    prepared.set(m.text, name);
  }
  try {
    const [result] = await client.exec(
      `execute ${name}${args.length ? `(${args.join(', ')})` : ''}`,
      queryOptions(m),
    );
    return result;
  } catch (err) {
    // The statement's result changed shape (a migration altered a table it reads: 0A000) or it is gone (26000):
    // prepared again on its next run, answered unprepared now.
    if (err?.code !== '0A000' && err?.code !== '26000') throw err;
    prepared.delete(m.text);
    await client.exec(`deallocate ${name}`).catch(() => {});
    return plain();
  }
}

let turn = Promise.resolve();
/**
 * Runs `start` once every earlier statement and transaction is done, unless the server stopped waiting for it
 * meanwhile (its deadline passed: then it never runs, so a write the caller was told failed does not happen later).
 * `start` returns the answer and what holds the turn: the answer itself, or for a BEGIN the end of its transaction.
 */
function inTurn(m, start) {
  return new Promise((resolve, reject) => {
    turn = turn.then(async () => {
      if (m.deadline && Date.now() >= m.deadline) return reject(gaveUp());
      let held;
      try {
        const started = start();
        started.answer.then(resolve, reject);
        held = started.held;
      } catch (err) {
        return reject(err);
      }
      await held.catch(() => {});
    });
  });
}

function begin(m, entry) {
  const id = entry.id;
  begun.set(m.id, entry);
  let opened, failed;
  const answer = new Promise((resolve, reject) => ((opened = resolve), (failed = reject)));
  entry.done = client
    .transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          // How long the transaction holds the connection, and how much of it its statements work.
          Object.assign(entry, { tx, commit, rollback, openedAt: performance.now(), busyMs: 0 });
          // The server stopped waiting for this BEGIN: nobody will ever end the transaction, so end it now.
          if (entry.cancelled) return rollback(gaveUp());
          idle(entry, false);
          opened(id);
        }),
    )
    .finally(() => {
      // Counted before the next turn starts (it waits for this promise), and answered with the 'end'.
      if (entry.tx) entry.writes = ++writes;
      clearTimeout(entry.idleTimer);
      txs.delete(id);
      begun.delete(m.id);
    });
  // Before it opened: BEGIN failed, and so does this message. After: the 'end' message reports the outcome.
  entry.done.catch(failed);
  return { answer, held: entry.done };
}

async function inTransaction(m) {
  const t = txs.get(m.tx);
  // Sent right behind its BEGIN: waits for the transaction to open (a failed BEGIN fails it too), and does not run
  // when the server stopped waiting for it meanwhile.
  if (t && !t.tx) await t.opened;
  if (m.op !== 'end' && m.deadline && Date.now() >= m.deadline) throw gaveUp();
  if (m.op === 'end') {
    const gone = expired.get(m.tx);
    if (gone) {
      expired.delete(m.tx);
      if (m.commit) throw gone;
      return null;
    }
    if (!t?.commit) throw new Error(`transaction ${m.tx} is not open`);
    const done = t.done;
    clearTimeout(t.idleTimer);
    const ending = performance.now();
    if (m.commit) t.commit();
    else t.rollback(new Error('rolled back'));
    try {
      await done;
    } catch (err) {
      if (m.commit) return new Counted(false, err, t.writes ?? writes);
    }
    // Its COMMIT (or ROLLBACK) is work too.
    const now = performance.now();
    return new Counted(
      true,
      { heldMs: now - t.openedAt, busyMs: t.busyMs + (now - ending) },
      t.writes ?? writes,
    );
  }
  const gone = expired.get(m.tx);
  if (gone) throw gone;
  if (!t?.tx) throw new Error(`transaction ${m.tx} is not open`);
  idle(t, true);
  const began = performance.now();
  try {
    // Counted when the transaction ends; until then no other statement runs.
    return await counted(
      m.op === 'query' ? t.tx.query(m.text, m.params ?? [], queryOptions(m)) : t.tx.exec(m.text),
      false,
    );
  } finally {
    t.busyMs += performance.now() - began;
    idle(t, false);
  }
}

async function handle(m) {
  if (m.op === 'begin') {
    // Known at once, so the statements sent right behind it find it and wait for it to open.
    const entry = { id: m.tx };
    txs.set(m.tx, entry);
    entry.opened = inTurn(m, () => begin(m, entry));
    // A BEGIN that never opened (its turn came after the server stopped waiting, or it failed) leaves nothing.
    entry.opened.catch(() => {
      if (!entry.tx) txs.delete(m.tx);
    });
    return entry.opened;
  }
  if (m.tx !== undefined) return inTransaction(m);
  switch (m.op) {
    case 'query':
      return inTurn(m, () => {
        const from = performance.now();
        const wrote = mayWrite(m.text);
        const answer = counted(
          m.prepared && !wrote ? queryPrepared(m) : client.query(m.text, m.params ?? [], queryOptions(m)),
          wrote,
          from,
        );
        return { answer, held: answer };
      });
    case 'exec':
      return inTurn(m, () => {
        const answer = counted(client.exec(m.text), true, performance.now());
        return { answer, held: answer };
      });
    case 'dump':
      return inTurn(m, () => {
        const from = performance.now();
        const answer = counted(
          (async () => {
            const rows = m.text ? (await client.query(m.text)).rows : [];
            const file = await client.dumpDataDir('none');
            return { rows, tar: new Uint8Array(await file.arrayBuffer()) };
          })(),
          false,
          from,
        );
        return { answer, held: answer };
      });
    case 'close':
      await client.close();
      return null;
    default:
      throw new Error(`unknown operation ${m.op}`);
  }
}

port.on('message', (m) => {
  if (m.op === 'cancel') {
    const entry = begun.get(m.target);
    if (entry) {
      entry.cancelled = true;
      entry.rollback?.(gaveUp());
    }
    return;
  }
  if (m.op === 'bounds') {
    idleInTransactionMs = m.idleInTransactionMs ?? 0;
    return;
  }
  const fail = (err, at, held) => port.postMessage({ id: m.id, error: plainError(err), writes: at, held });
  handle(m).then(
    (answer) => {
      // A statement, a dump or a transaction's end answers with the count taken as its work ended (`Counted`), and
      // a turn of its own with how long it held the connection; a BEGIN with the count now.
      if (answer instanceof Counted && !answer.ok) return fail(answer.value, answer.writes, answer.heldMs);
      const [result, at, held] =
        answer instanceof Counted ? [answer.value, answer.writes, answer.heldMs] : [answer, writes];
      // A dump's bytes move to the server's thread rather than being copied.
      port.postMessage({ id: m.id, result, writes: at, held }, result?.tar ? [result.tar.buffer] : []);
    },
    (err) => fail(err, writes),
  );
});
port.postMessage({ id: 0, result: 'ready' });
