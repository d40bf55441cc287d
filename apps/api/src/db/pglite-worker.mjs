// The embedded database (PGlite) in its own thread. PGlite runs PostgreSQL on the thread that calls it, so in the
// server's thread a 100 ms search stalled every other request for 100 ms. Here it runs beside the server's event
// loop, which keeps reading requests, answering from the cache and writing responses meanwhile (decision 009).
//
// Plain JavaScript so that it loads the same under tsx (npm start), vitest and plain node.
// Messages from the server (pglite-thread.ts), each answered with { id, result } or { id, error }:
//   { op: 'query', text, params, rowMode, rawTypes, tx }   rawTypes: type oids to hand back as text
//   { op: 'exec', text, tx }
//   { op: 'begin' }                      → result: a transaction id; queries carrying it run inside it
//   { op: 'end', tx, commit }            → COMMIT, or ROLLBACK when commit is false
//   { op: 'close' }
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parentPort, workerData } from 'node:worker_threads';

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

let client;
try {
  client = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm } });
} catch (err) {
  port.postMessage({ id: 0, error: plainError(err) });
  process.exit(1);
}

/** Open transactions: the PGlite transaction object and how to end it. */
const txs = new Map();
let nextTx = 1;

async function handle(m) {
  const on = m.tx === undefined ? client : txs.get(m.tx)?.tx;
  if (!on) throw new Error(`transaction ${m.tx} is not open`);
  switch (m.op) {
    case 'query':
      return on.query(m.text, m.params ?? [], queryOptions(m));
    case 'exec':
      return on.exec(m.text);
    case 'begin': {
      const id = nextTx++;
      const entry = {};
      txs.set(id, entry);
      return new Promise((opened, failed) => {
        entry.done = client
          .transaction(
            (tx) =>
              new Promise((commit, rollback) => {
                Object.assign(entry, { tx, commit, rollback });
                opened(id);
              }),
          )
          .finally(() => txs.delete(id));
        // Before it opened: BEGIN failed, and so does this message. After: the 'end' message reports the outcome.
        entry.done.catch(failed);
      });
    }
    case 'end': {
      const t = txs.get(m.tx);
      if (!t?.commit) throw new Error(`transaction ${m.tx} is not open`);
      const done = t.done;
      if (m.commit) t.commit();
      else t.rollback(new Error('rolled back'));
      try {
        await done;
      } catch (err) {
        if (m.commit) throw err;
      }
      return null;
    }
    case 'close':
      await client.close();
      return null;
    default:
      throw new Error(`unknown operation ${m.op}`);
  }
}

port.on('message', (m) => {
  handle(m).then(
    (result) => port.postMessage({ id: m.id, result }),
    (err) => port.postMessage({ id: m.id, error: plainError(err) }),
  );
});
port.postMessage({ id: 0, result: 'ready' });
