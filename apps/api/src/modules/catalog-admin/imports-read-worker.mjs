// Reads one uploaded products file in a worker thread (issue 42, findings 3 and 12), started by imports-file.ts
// with resourceLimits and a deadline: however the file is made, the server's event loop stays free, and a file
// past a limit costs this thread, which is then ended, never the server.
//
// Plain JavaScript so that it loads the same under tsx (npm start), vitest and plain node.
// workerData: { bytes: Uint8Array, limits: { maxRows, maxCells, maxUnpackedBytes } }
// Answers one message: { header, source, total } or { error: a message key of apiMessages (with its :argument) }.
import { parentPort, workerData } from 'node:worker_threads';
import { FileError, readImportRows } from './imports-read.mjs';

const port = parentPort;
if (!port) throw new Error('imports-read-worker.mjs runs as a worker thread');

const { bytes, limits } = workerData;
try {
  port.postMessage(readImportRows(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), limits));
} catch (err) {
  if (err instanceof FileError) port.postMessage({ error: err.key });
  else throw err;
}
