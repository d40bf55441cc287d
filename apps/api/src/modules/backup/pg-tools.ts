import { spawn } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL's own pg_dump and pg_restore (a PostgreSQL store's backups). Found in PG_BIN_DIR when set, else on
 * PATH, else in the newest /usr/lib/postgresql/<version>/bin (Debian's postgresql-client). pg_dump must be at least
 * the server's version: it says so itself, and its words are passed on.
 */
export class PgToolMissing extends Error {}

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export function findPgTool(name: 'pg_dump' | 'pg_restore', binDir?: string): string {
  if (binDir) {
    const file = path.join(binDir, name);
    if (executable(file)) return file;
    throw new PgToolMissing(
      `There is no ${name} in PG_BIN_DIR (${binDir}): set it to the folder holding pg_dump and pg_restore.`,
    );
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    if (executable(file)) return file;
  }
  let versions: string[] = [];
  try {
    versions = readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v));
  } catch {
    // not Debian's layout
  }
  for (const v of versions.sort((a, b) => Number(b) - Number(a))) {
    const file = `/usr/lib/postgresql/${v}/bin/${name}`;
    if (executable(file)) return file;
  }
  throw new PgToolMissing(
    `${name} was not found (PATH, /usr/lib/postgresql/*/bin): install PostgreSQL's client tools (Debian: apt install postgresql-client) at least as new as the server, or set PG_BIN_DIR to the folder holding pg_dump and pg_restore.`,
  );
}

/**
 * The connection for a tool: the address without its password, which goes in PGPASSWORD, so it never shows in the
 * machine's process list.
 */
export function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(databaseUrl);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** Runs a tool to its end; a failure throws with the tool's own last words. */
export function runPgTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      if (stderr.length < 8000) stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const said = stderr.trim().split('\n').slice(-4).join(' ').trim();
      reject(
        new Error(
          `${path.basename(file)} failed (${signal ?? `exit code ${code}`})${said ? `: ${said}` : ''}`,
        ),
      );
    });
  });
}

/** `pg_dump --version`'s answer ("pg_dump (PostgreSQL) 15.18"). */
export function pgToolVersion(file: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(file, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => (out += d));
    child.on('error', () => resolve('unknown'));
    child.on('close', () => resolve(out.trim() || 'unknown'));
  });
}
