/**
 * The usual life of a test file's harness: one app and database for the file, emptied before
 * each test (unless `reset: false`), closed at the end. `const h = fileHarness();` at the top of a
 * file replaces the same five lines of hooks in every API test.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createHarness, type Harness } from './harness.ts';

export function fileHarness(env?: Record<string, string>, options: { reset?: boolean } = {}): Harness {
  let current: Harness | undefined;
  const started = () => {
    if (!current) throw new Error('the harness starts in beforeAll: use it inside hooks and tests');
    return current;
  };
  beforeAll(async () => {
    current = await createHarness(env);
  });
  afterAll(() => current?.close());
  if (options.reset !== false) beforeEach(() => started().reset());
  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    get dataDir() {
      return started().dataDir;
    },
    reset: () => started().reset(),
    close: () => started().close(),
    user: (role, assignments) => started().user(role, assignments),
    instance: (more, opts) => started().instance(more, opts),
  };
}
