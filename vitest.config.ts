import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run, five projects: pure shared rules, repository tooling, the web app (jsdom +
// fake IndexedDB), the sync engine against the real server, and the server API suite (Fastify inject on PGlite, or PostgreSQL when DATABASE_URL is set).
/** Server suites the PostgreSQL pass leaves out (see the server project below). */
const ENGINE_FREE_SUITES = [
  'src/openapi.test.ts',
  'src/test/openapi-lint.test.ts',
  'src/test/conformance.test.ts',
  'src/test/fuzz.test.ts',
  'src/test/deep-json.test.ts',
  'src/plugins/security-headers.test.ts',
  'src/plugins/compression.test.ts',
  'src/lib/jwt.test.ts',
  'src/modules/posts/migration.test.ts',
];

export default defineConfig({
  test: {
    // Two files at once even on two cores (vitest's default there is one): a web test file spends
    // most of its time making its jsdom and importing, and the unit step took 208 s one file at a
    // time, 118 s two at a time. The server project likewise: a file's PGlite runs on a thread of
    // its own, and the project took 333 s one file at a time, 218 s two at a time. The sync
    // project too: 64 s one file at a time, 48 s two at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
        test: {
          // Checks of the repository's own tooling (lint guards).
          name: 'tooling',
          root: '.',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
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
          include: ['apps/web/src/**/*.sync-test.ts'],
          environment: 'node',
          // Two files at once, as the server project: on PostgreSQL each worker gets a database of
          // its own on the one server (apps/server/src/test/setup.ts).
          setupFiles: ['fake-indexeddb/auto', './apps/server/src/test/setup.ts'],
          testTimeout: 120000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          // The PostgreSQL pass (DATABASE_URL set, scripts/with-postgres.mjs) leaves out the suites
          // whose outcome does not depend on the database engine (the API document, its contract
          // and fuzzing of inputs refused before any query, headers, tokens, a PGlite-only
          // migration test): the PGlite pass runs them, and CI stays within its time.
          exclude: process.env.DATABASE_URL ? ENGINE_FREE_SUITES : [],
          environment: 'node',
          // A test that opened an embedded database twice took over 30 s on a loaded machine.
          testTimeout: 90000,
          hookTimeout: 90000,
          // Two workers (maxWorkers above); on PostgreSQL each has a database of its own on the
          // one server (src/test/setup.ts). A worker's files run in one process and share its
          // modules (each imported once, about 2 s a file less), and src/test/setup.ts forgets
          // what the modules cache for a process's one database before each file.
          isolate: false,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
