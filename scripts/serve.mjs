// npm run serve: starts the finished build (npm run build) without building anything: what a container runs
// (Dockerfile's CMD). The server runs in this very process, so signals (SIGTERM from a container's init, Ctrl+C)
// reach it directly.
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { readStamp, root } from './build-stamp.mjs';

if (!readStamp()) {
  console.error(
    'There is no finished build to serve: run `npm run build` first (or `npm start`, which builds when needed).',
  );
  process.exit(1);
}
await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);
