import { cleanup } from '@testing-library/react';
import type { Table } from 'dexie';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';

/**
 * The frame of a component test file: English strings, the given tables emptied before each
 * test (each test seeds what it needs), the rendered DOM removed after it.
 */
export function setUpComponentTests(tablesToClear: () => Table[]) {
  beforeAll(() => {
    initI18n().changeLanguage('en');
  });
  beforeEach(async () => {
    await Promise.all(tablesToClear().map((table) => table.clear()));
  });
  afterEach(cleanup);
}

/** No server in this test: every request fails as a network error (bundled reference lists, no sync). */
export function stubOfflineFetch() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('offline');
    }),
  );
}
