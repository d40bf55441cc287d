// Remembered file sizes for the embedded database's thread (pglite-worker.mjs).
//
// PostgreSQL asks a relation's size (lseek to its end) for every table and index a statement plans or scans, and
// PGlite's file system on Node answers each such seek with an fstat system call: about a tenth of the database
// thread's time in bench:index-follow (2026-11-30, 100,000 products). Between two writes to a file its size does not
// move, so `rememberFileSizes(fs)` makes `fs.fstatSync` answer from what it read last for that file, and every call
// that can change a file (a write, a truncate, a rename, a removal, a close…) forgets it first. Only this thread's
// PGlite writes its data folder (an embedded database has one process), so no other writer can move a size.
//
// Plain JavaScript so that it loads the same under tsx, vitest and plain node.

/** Calls that take a file descriptor first and may change what fstat answers for it. */
const BY_DESCRIPTOR = ['writeSync', 'ftruncateSync', 'closeSync', 'fchmodSync', 'fchownSync', 'futimesSync'];
/** Calls by path (or opening with flags that may truncate): any file may be the one they change. */
const BY_PATH = [
  'openSync',
  'truncateSync',
  'renameSync',
  'unlinkSync',
  'writeFileSync',
  'appendFileSync',
  'copyFileSync',
  'rmSync',
  'rmdirSync',
  'chmodSync',
  'utimesSync',
  'lutimesSync',
  'symlinkSync',
  'linkSync',
];

/**
 * Replaces `fs.fstatSync` and the calls that change files on `fs` (this thread's `node:fs`, or a copy in a test)
 * with versions that remember each descriptor's last fstat until a change. Answers counts (`hits`, `reads`) and
 * `forget()`, which restores the calls.
 */
export function rememberFileSizes(fs) {
  const original = {};
  /** Descriptor → its last fstat answer (which also says the file it is: device and inode). */
  const known = new Map();
  const counts = { hits: 0, reads: 0 };
  /** Forgets every descriptor's answer for the file `fd` is (read once more when `fd`'s is not known). */
  const forgetFileOf = (fd) => {
    let stats = known.get(fd);
    let fresh = false;
    if (!stats) {
      try {
        stats = original.fstatSync.call(fs, fd);
        fresh = true;
      } catch {
        known.clear();
        return;
      }
    }
    for (const [other, e] of known) if (e.ino === stats.ino && e.dev === stats.dev) known.delete(other);
    // Read after the change: what the next seek to its end needs.
    if (fresh) known.set(fd, stats);
  };
  original.fstatSync = fs.fstatSync;
  fs.fstatSync = function fstatSync(fd, options) {
    // Only the plain form is remembered (bigint sizes, or a descriptor that is not a number, go through).
    if (options !== undefined || typeof fd !== 'number') return original.fstatSync.call(fs, fd, options);
    let stats = known.get(fd);
    if (stats) {
      counts.hits++;
      return stats;
    }
    stats = original.fstatSync.call(fs, fd);
    counts.reads++;
    known.set(fd, stats);
    return stats;
  };
  for (const name of BY_DESCRIPTOR) {
    if (typeof fs[name] !== 'function') continue;
    const call = (original[name] = fs[name]);
    fs[name] =
      name === 'closeSync'
        ? // Its number may next be another file's: an open is by path, and forgets everything too.
          function (fd, ...rest) {
            known.delete(fd);
            return call.call(fs, fd, ...rest);
          }
        : function (fd, ...rest) {
            try {
              return call.call(fs, fd, ...rest);
            } finally {
              // Even after a failure: a short write may still have changed the file.
              if (typeof fd === 'number') forgetFileOf(fd);
              else known.clear();
            }
          };
  }
  for (const name of BY_PATH) {
    if (typeof fs[name] !== 'function') continue;
    const call = (original[name] = fs[name]);
    // Forgotten after the call, failed or not (nothing in this thread asks a size meanwhile).
    fs[name] = function (...args) {
      try {
        return call.apply(fs, args);
      } finally {
        known.clear();
      }
    };
  }
  return {
    counts,
    forget() {
      for (const [name, call] of Object.entries(original)) fs[name] = call;
      known.clear();
    },
  };
}
