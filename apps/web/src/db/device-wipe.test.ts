import { STORAGE_KEYS } from '@bh/shared';
import { describe, expect, it } from 'vitest';
import { PWADatabase } from './database.ts';
import { wipeDevice } from './device-wipe.ts';

describe('wiping the device', () => {
  it('deletes the databases and storage but the language and theme, and counts the unsent changes', async () => {
    const database = new PWADatabase('wipe-test');
    await database.open();
    const row = (recordId: string) => ({
      operation: 'create' as const,
      table: 'travelers' as const,
      recordId,
      data: null,
      baseVersion: null,
      timestamp: 1,
      retryCount: 0,
      nextAttemptAt: 0,
    });
    await database.syncQueue.bulkAdd([row('a'), row('b')]);
    const other = indexedDB.open('bh-sw', 1);
    await new Promise((resolve) => {
      other.onsuccess = () => {
        other.result.close();
        resolve(null);
      };
    });
    localStorage.setItem(STORAGE_KEYS.locale, 'ja');
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    localStorage.setItem('token', 't');
    localStorage.setItem('bh-device-id', 'x');
    localStorage.setItem('offline-signin', '{}');
    sessionStorage.setItem('anything', '1');

    expect(await wipeDevice(database)).toEqual({ lostChanges: 2 });

    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain('wipe-test');
    expect(names).not.toContain('bh-sw');
    expect(Object.keys(localStorage).sort()).toEqual([STORAGE_KEYS.locale, STORAGE_KEYS.theme].sort());
    expect(sessionStorage.length).toBe(0);
  });
});
