// Starts the store for the browser tests: built web app, real API, a fresh embedded database each run.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'store-e2e-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: process.env.E2E_PORT ?? '4173', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
