// Reads one uploaded products file in a worker thread (issue 42, findings 3 and 12), started by imports-file.ts
// with resourceLimits and a deadline: however the file is made, the server's event loop stays free, and a file
// past a limit costs this thread, which is then ended, never the server.
//
// Plain JavaScript so that it loads the same under tsx (npm start), vitest and plain node.
// workerData: { bytes: Uint8Array, limits: { maxRows, maxCells, maxUnpackedBytes } }
// Answers one message: { header, packed, total } (packed: the file as CSV text, gzipped, handed over rather than
// copied) or { error: a message key of apiMessages (with its :argument) }.
import { parentPort, workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { FileError, readImportRows } from './imports-read.mjs';

const port = parentPort;
if (!port) throw new Error('imports-read-worker.mjs runs as a worker thread');

const { bytes, limits } = workerData;
try {
  const { header, source, total } = readImportRows(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
    limits,
  );
  // Packed here, off the server's thread: what the job keeps and the database stores (a quarter of an export), and
  // no text of many megabytes copied to the server's thread.
  const packed = new Uint8Array(gzipSync(source, { level: 1 }));
  port.postMessage({ header, packed, total }, [packed.buffer]);
} catch (err) {
  if (err instanceof FileError) port.postMessage({ error: err.key });
  else throw err;
}
