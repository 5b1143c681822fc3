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

  it('classifies conflicts', () => {
    expect(store.conflictTypeFor('update', { version: 3, deletedAt: null })).toBe('version_mismatch');
    expect(store.conflictTypeFor('update', { version: 3, deletedAt: '2025-01-01T00:00:00Z' })).toBe(
      'deleted_on_server',
    );
    expect(store.conflictTypeFor('update', null)).toBe('deleted_on_server');
    expect(store.conflictTypeFor('delete', { version: 3, deletedAt: null })).toBe('deleted_locally');
  });

  it('only validation failures are not retryable', () => {
    expect(store.isRetryableErrorType('validation_failed')).toBe(false);
    expect(store.isRetryableErrorType('max_retries_exceeded')).toBe(true);
    expect(store.isRetryableErrorType('network')).toBe(true);
  });
});
