import { defineConfig } from 'vitest/config';

// One Vitest run, three projects: pure shared rules, the web app (jsdom + fake IndexedDB),
// and the server API suite (Fastify inject on PGlite, or PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        test: {
          // The real client sync engine (fake IndexedDB) against the real server.
          name: 'sync',
          root: '.',
          include: ['apps/web/src/sync/**/*.sync-test.ts'],
          environment: 'node',
          setupFiles: ['fake-indexeddb/auto'],
          testTimeout: 120000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
    ],
  },
});
