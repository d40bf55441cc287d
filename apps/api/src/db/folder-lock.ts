import { closeSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * One process at a time opens an embedded database's folder. PGlite itself does not stop a second one: two stores
 * (or a store and `npm run seed`) on one DATA_DIR both wrote to it, and the folder was damaged ("missing chunk
 * number 0 for toast value …", bench/results/index-follow-latest.md, 2026-11-30). The holder writes its process
 * number to `<folder>.lock` beside the folder (not inside it, where a backup would carry it); a lock whose process
 * has ended (a crash, a killed container) is taken over.
 */

/** Folders this process holds (a second open in the same process is refused as well). */
const held = new Set<string>();

export const lockFileOf = (folder: string) => `${path.resolve(folder)}.lock`;

/** The process number a lock file holds (NaN when unreadable or not a number; null when there is none). */
function lockPid(file: string): number | null {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    return null;
  }
}

/** The process holding `folder`'s lock now, if another one that is alive does. */
export function folderHolder(folder: string): number | null {
  const file = lockFileOf(folder);
  if (held.has(file)) return process.pid;
  const pid = lockPid(file);
  // None, or our own number in a lock this process does not hold: a past run of a process that had our number (a
  // container's first process), so nobody holds it now.
  if (pid === null || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: the process exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** The sentence a second process gets (server start-up, the seed, a backup of a stopped store). */
export function folderInUse(folder: string, pid: number): string {
  return `The embedded database in ${folder} is open in another process (${pid === process.pid ? 'this one' : `process ${pid}`}): one process at a time may open it, and two would damage it. Stop that process first (a store started with npm start or npm run serve, npm run seed, npm run backup), or run several instances on PostgreSQL (DATABASE_URL). If no such process is running, delete ${lockFileOf(folder)}.`;
}

/** Takes `folder`'s lock or throws the sentence; answers the release (idempotent). */
export function lockFolder(folder: string): () => void {
  const file = lockFileOf(folder);
  for (let attempt = 0; ; attempt++) {
    const holder = folderHolder(folder);
    if (holder !== null) throw new Error(folderInUse(folder, holder));
    let fd: number;
    try {
      fd = openSync(file, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw err;
      // Left by a process that has ended: taken over (two processes doing so at once: one of them gets EEXIST
      // again, finds the other alive and stops).
      if (folderHolder(folder) === null) unlinkSync(file);
      continue;
    }
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    held.add(file);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      held.delete(file);
      process.off('exit', release);
      // Only its own (a lock taken over meanwhile is the other process's); gone already is fine.
      if (lockPid(file) === process.pid) rmSync(file, { force: true });
    };
    // A process that ends without closing the database (an uncaught error) leaves no lock behind either.
    process.on('exit', release);
    return release;
  }
}
