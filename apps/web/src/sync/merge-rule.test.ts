import type { LocalSyncStatus } from '@bh/shared';
import { describe, expect, it } from 'vitest';
import { type PullDecision, pullDecision } from './merge-rule.ts';

const cases: [
  string,
  { syncStatus: LocalSyncStatus; version: unknown } | undefined,
  unknown,
  PullDecision,
][] = [
  ['a record new to the device', undefined, 1, 'take-remote'],
  ['a synced copy at an older version', { syncStatus: 'synced', version: 2 }, 3, 'take-remote'],
  ['a synced copy at the same version (an echo)', { syncStatus: 'synced', version: 3 }, 3, 'up-to-date'],
  ['a synced copy at a newer version', { syncStatus: 'synced', version: 4 }, 3, 'up-to-date'],
  ['a synced copy never acknowledged (version 0)', { syncStatus: 'synced', version: 0 }, 1, 'take-remote'],
  ['versions compared as numbers', { syncStatus: 'synced', version: '10' }, 9, 'up-to-date'],
  ['a pending edit, older than the server', { syncStatus: 'pending', version: 1 }, 5, 'keep-local'],
  ['a pending edit at the same version', { syncStatus: 'pending', version: 5 }, 5, 'keep-local'],
  ['an open conflict', { syncStatus: 'conflict', version: 2 }, 3, 'keep-local'],
  ['a rejected edit', { syncStatus: 'error', version: 2 }, 3, 'keep-local'],
];

describe('the pull merge rule', () => {
  it.each(cases)('%s', (_, local, version, decision) => {
    expect(pullDecision(local, { version })).toBe(decision);
  });
});
