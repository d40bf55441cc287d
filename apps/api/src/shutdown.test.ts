/**
 * A store process told to stop (SIGTERM: a rollout, `docker stop`) stops taking shoppers and exits within
 * SHUTDOWN_GRACE_MS even when a request never finishes (issue 45).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/ports.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'store-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 }));

describe('stopping an instance', () => {
  it('exits within SHUTDOWN_GRACE_MS of SIGTERM though a request hangs', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL')),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        SHUTDOWN_GRACE_MS: '1500',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    let gone = false;
    const exited = new Promise<number | null>((r) =>
      child.on('exit', (code) => {
        gone = true;
        r(code);
      }),
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      let up = false;
      for (let i = 0; i < 480 && !up && !gone; i++) {
        up = await fetch(`${base}/health`)
          .then((r) => r.ok)
          .catch(() => false);
        if (!up) await new Promise((r) => setTimeout(r, 250));
      }
      expect(up, output).toBe(true);
      // A request whose body never comes: in flight until the request timeout (30 s) would end it.
      const hanging = connect(port, '127.0.0.1');
      await new Promise<void>((r) => hanging.on('connect', () => r()));
      hanging.write(
        'POST /v1/users/sign_in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
      hanging.on('error', () => undefined);
      await new Promise((r) => setTimeout(r, 300));
      const stopAt = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      const took = Date.now() - stopAt;
      expect(output).toContain('shutting down: /ready answers 503');
      expect(took, output).toBeLessThan(6_000);
      expect(took).toBeGreaterThanOrEqual(1_400);
      expect(code).toBe(1);
      hanging.destroy();
    } finally {
      child.kill('SIGKILL');
    }
  }, 150_000);
});
