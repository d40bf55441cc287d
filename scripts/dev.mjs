// npm run dev: the API with reload on :3000 and the storefront with hot reload on :5173 (proxying /v1 to the API).
import { spawn } from 'node:child_process';

const procs = [
  // Developer routes on (the SMS outbox, the clock); links the API builds point at the storefront's dev server.
  spawn('npm', ['run', 'dev', '-w', 'apps/api'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      DEV_ROUTES: 'true',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
