import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          benchmark: { include: ['packages/core/bench/**/*.bench.ts'] },
        },
      },
      {
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.int.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens a database of its own, so two files run at once, one per core; the modules
          // a worker has imported serve its next file too (the server keeps no state between databases:
          // its caches are per database handle). Measured 2026-11-23 on PGlite: 413 s with two files at
          // once but modules imported again for each file, 185 s as here; 132 s on PostgreSQL.
          fileParallelism: true,
          maxWorkers: 2,
          isolate: false,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/core/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage/core',
    },
  },
});
