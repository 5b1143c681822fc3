import { describe, expect, it } from 'vitest';
import { TRAVELER_ID, validSyncQueueItem } from '../testing/fixtures.ts';
import * as store from './local-store.ts';

describe('local sync stores', () => {
  it('parses an outbox row; a create has no base version', () => {
    expect(store.syncQueueItemSchema.safeParse(validSyncQueueItem).success).toBe(true);
    expect(
      store.syncQueueItemSchema.safeParse({ ...validSyncQueueItem, operation: 'create', baseVersion: null })
        .success,
    ).toBe(true);
    expect(store.syncQueueItemSchema.safeParse({ ...validSyncQueueItem, retryCount: -1 }).success).toBe(
      false,
    );
  });

  it('conflicts and failed items use 0/1 flags', () => {
    const conflict = {
      id: 1,
      table: 'travelers',
      recordId: TRAVELER_ID,
      localData: { fullName: 'A' },
      serverData: { fullName: 'B', version: 3 },
      conflictType: 'version_mismatch',
      timestamp: 1,
      resolved: 0,
      syncQueueId: 7,
      operation: 'update',
    };
    expect(store.conflictSchema.safeParse(conflict).success).toBe(true);
    expect(store.conflictSchema.safeParse({ ...conflict, resolved: true }).success).toBe(false);
    const failed = {
      id: 1,
      originalSyncItem: validSyncQueueItem,
      errorType: 'validation_failed',
      errorDetails: 'x',
      timestamp: 1,
      canRetry: 0,
    };
    expect(store.failedSyncItemSchema.safeParse(failed).success).toBe(true);
  });

  // The server's record: live, a tombstone, or none at all (it never had the record, or lost it).
  const live = { version: 3, deletedAt: null };
  const tombstone = { version: 4, deletedAt: '2025-01-01T00:00:00Z' };
  it.each([
    ['create', live, 'version_mismatch'],
    ['update', live, 'version_mismatch'],
    ['delete', live, 'deleted_locally'],
    ['create', tombstone, 'deleted_on_server'],
    ['update', tombstone, 'deleted_on_server'],
    ['delete', tombstone, 'deleted_on_server'],
    ['update', { version: 4 }, 'version_mismatch'],
    // No record on the server: whatever the device did, the server does not hold it.
    ['update', null, 'deleted_on_server'],
    ['delete', null, 'deleted_on_server'],
  ] as const)('a %s meeting %j is a %s conflict', (operation, server, type) => {
    expect(store.conflictTypeFor(operation, server)).toBe(type);
  });

  it.each([
    ['validation_failed', false],
    ['max_retries_exceeded', true],
    ['network', true],
    ['server_error', true],
  ] as const)('a failed item of type %s is retryable: %s', (type, retryable) => {
    expect(store.isRetryableErrorType(type)).toBe(retryable);
  });
});
