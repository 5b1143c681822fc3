import { cleanup } from '@testing-library/react';
import type { Table } from 'dexie';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { setSession } from '../lib/session.ts';

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

/** Signed in as the officer Lan (a session held in memory only: no server in a component test). */
export function signInOfficerLan() {
  setSession({
    user: {
      id: '9c8b7a6f-5e4d-4c3b-8a29-180f7e6d5c4b',
      name: 'Lan',
      email: 'lan@test.vn',
      avatar: null,
      role: 'officer',
    },
    token: 't',
  });
}
