import { describe, expect, it } from 'vitest';
import { syncStatusOf } from './sync-status.ts';

const base = { isOnline: true, status: 'idle', pendingCount: 0, conflictCount: 0, failedCount: 0 } as const;

describe('syncStatusOf', () => {
  it('follows the priority offline > syncing > waiting > conflicts > failed > up to date', () => {
    const all = { ...base, pendingCount: 2, conflictCount: 3, failedCount: 1 };
    expect(syncStatusOf({ ...all, isOnline: false }).kind).toBe('offline');
    expect(syncStatusOf({ ...all, status: 'syncing' }).kind).toBe('syncing');
    expect(syncStatusOf(all)).toMatchObject({ kind: 'waiting', count: 2, attention: 4 });
    expect(syncStatusOf({ ...all, pendingCount: 0 })).toMatchObject({ kind: 'conflicts', count: 3 });
    expect(syncStatusOf({ ...base, failedCount: 1 })).toMatchObject({ kind: 'failed', count: 1 });
    expect(syncStatusOf({ ...base, status: 'error' }).kind).toBe('failed');
    expect(syncStatusOf(base)).toMatchObject({ kind: 'upToDate', variant: 'success', attention: 0 });
  });

  it('never says up to date while conflicts wait', () => {
    expect(syncStatusOf({ ...base, conflictCount: 3 })).toMatchObject({
      kind: 'conflicts',
      variant: 'error',
    });
  });
});
