import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
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
