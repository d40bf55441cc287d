import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** API test files that run in a process of their own (see the api-alone project). */
const ALONE = ['apps/api/src/modules/catalog-admin/attacks.test.ts'];
/** What both API projects run with. */
const API = { testTimeout: 60_000, hookTimeout: 120_000, pool: 'forks' } as const;

export default defineConfig({
  test: {
    // Two test files at once even on 2 cores (vitest's default there is one): a file on the embedded database keeps
    // about 1.3 cores busy (its database runs in a thread of its own), and the rest of its time waits on starts and
    // timers. The PGlite suite took 14.5 min instead of 25 on this 2-core machine, with the migrated image
    // (db/memory-image.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ALONE,
          ...API,
          // The files of a worker share its modules instead of importing the app again each (about 4 s a file on
          // this 2-core machine): the PGlite suite took 9.8 min instead of 16.7. Each file still builds its own
          // app and database, and closes them.
          isolate: false,
        },
      },
      // Files that time the server's thread: in a fresh process each, so nothing an earlier file left in the worker's
      // heap is collected during their measurements.
      {
        test: {
          name: 'api-alone',
          include: ALONE,
          ...API,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      // The storefront's components, rendered in a DOM (happy-dom) with Testing Library: *.test.tsx.
      {
        test: {
          name: 'web-components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
        },
      },
    ],
  },
});
