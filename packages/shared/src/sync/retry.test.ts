import { describe, expect, it } from 'vitest';
import { classifySyncFailure, hasExhaustedRetries, retryDelayMs } from './retry.ts';

describe('retryDelayMs', () => {
  it('doubles from 5 s without jitter', () => {
    const noJitter = () => 0;
    expect(retryDelayMs(0, noJitter)).toBe(5_000);
    expect(retryDelayMs(1, noJitter)).toBe(10_000);
    expect(retryDelayMs(2, noJitter)).toBe(20_000);
    expect(retryDelayMs(3, noJitter)).toBe(40_000);
  });

  it('adds at most 20 % jitter', () => {
    expect(retryDelayMs(0, () => 0.5)).toBe(5_500);
    expect(retryDelayMs(1, () => 0.999_999)).toBeLessThanOrEqual(12_000);
    expect(retryDelayMs(1, () => 1)).toBe(12_000);
    for (let i = 0; i < 50; i++) {
      const delay = retryDelayMs(2);
      expect(delay).toBeGreaterThanOrEqual(20_000);
      expect(delay).toBeLessThanOrEqual(24_000);
    }
  });

  it('is capped at 5 minutes', () => {
    expect(retryDelayMs(6, () => 0)).toBe(300_000); // 320 s before the cap
    expect(retryDelayMs(5, () => 1)).toBe(192_000);
    expect(retryDelayMs(1000, () => 1)).toBe(300_000);
  });

  it('treats a negative or fractional count as its floor, at least 0', () => {
    expect(retryDelayMs(-3, () => 0)).toBe(5_000);
    expect(retryDelayMs(1.7, () => 0)).toBe(10_000);
  });
});

describe('failure handling', () => {
  it('stops after 3 tries', () => {
    expect(hasExhaustedRetries(2)).toBe(false);
    expect(hasExhaustedRetries(3)).toBe(true);
  });

  // What the engine does with each answer to a push (push-phase.ts) and the notice it shows.
  it.each([
    [null, 'retry', 'errors.network_error', false, 'network'],
    [0, 'retry', 'errors.network_error', false, 'network'],
    [400, 'isolate', 'errors.validation_error', true, undefined],
    [401, 'pause', 'errors.unauthorized', false, undefined],
    [403, 'isolate', 'errors.forbidden', true, undefined],
    [404, 'retry', 'errors.not_found', true, 'max_retries_exceeded'],
    [408, 'retry', 'errors.timeout_error', true, 'max_retries_exceeded'],
    [409, 'retry', 'errors.conflict', true, 'max_retries_exceeded'],
    [413, 'isolate', 'errors.payload_too_large', true, undefined],
    [415, 'retry', 'errors.unsupported_media_type', true, 'max_retries_exceeded'],
    [418, 'retry', 'errors.unknown_error', true, 'max_retries_exceeded'],
    [422, 'isolate', 'errors.validation_error', true, undefined],
    [429, 'wait', 'errors.rate_limited', false, undefined],
    [500, 'retry', 'errors.server_error', false, 'max_retries_exceeded'],
    [502, 'retry', 'errors.server_error', false, 'max_retries_exceeded'],
    [503, 'retry', 'errors.server_error', false, 'max_retries_exceeded'],
    [302, 'retry', 'errors.unknown_error', false, 'max_retries_exceeded'],
  ] as const)(
    'status %s -> %s, %s (one row refused: %s)',
    (status, action, messageKey, refusesRow, failedType) => {
      const failure = classifySyncFailure(status);
      expect(failure).toMatchObject({ action, messageKey, refusesRow });
      expect('failedType' in failure ? failure.failedType : undefined).toBe(failedType);
    },
  );

  it('reports a time-out as a retryable network failure', () => {
    expect(classifySyncFailure(null, true)).toEqual({
      action: 'retry',
      messageKey: 'errors.timeout_error',
      refusesRow: false,
      failedType: 'network',
    });
  });
});
